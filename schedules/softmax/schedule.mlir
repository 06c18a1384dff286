// Softmax over rows, in three passes over the data like the C reference
// (schedules/softmax/reference.c):
//
//   1. linalg.softmax becomes its four structured ops: a max reduction, an
//      exp(x - max) map, a sum reduction and a division.
//   2. The exp map is fused into the sum reduction, keeping its result
//      (transform.loom.fuse_elementwise allow_multi_use): one pass computes
//      and stores exp(x - max) and sums it; exp is never computed twice.
//   3. Every op is tiled and vectorized as the default schedule does
//      (threads over rows; 16 rows x 16 columns per step for the reductions,
//      1 x 64 for the division).
//   4. exp becomes a polynomial on vectors
//      (transform.apply_patterns.loom.math_polynomial_approximation) instead
//      of a libm call per element.
//
// Needs --schedule-lib schedules/lib/default.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_default_finish(
      %root: !transform.any_op {transform.readonly})

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %softmax = transform.structured.match ops{["linalg.softmax"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %parts = transform.structured.decompose_interface %softmax
      : (!transform.any_op) -> !transform.any_op
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %fused = transform.loom.fuse_elementwise %func allow_multi_use generalize
      : (!transform.any_op) -> !transform.any_op

    %ops = transform.structured.match interface{LinalgOp} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @loom_default_finish failures(propagate) (%root)
      : (!transform.any_op) -> ()

    %funcs = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.loom.math_polynomial_approximation
    } : !transform.any_op
    transform.yield
  }
}
