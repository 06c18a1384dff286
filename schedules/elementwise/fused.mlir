// The elementwise chain in tiles of rows (schedule.mlir fuses the same way
// and then flattens the fused op to one dimension):
//
//   1. transform.loom.fuse_elementwise turns the three generics into one
//      (each has a single user; the decisions are in `loom run --json` under
//      schedule.fusion, and as remarks with `explain`).
//   2. Thread tile: scf.forall over blocks of 16 rows.
//   3. Vector tile: 1 x 64 inside the block, the columns past the last
//      whole vector peeled, then vectorize (vector<1x64xf32>: four zmm
//      registers per value).
//
//   build/bin/loom run schedules/elementwise/elementwise.mlir \
//     --schedule schedules/elementwise/fused.mlir
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %fused = transform.loom.fuse_elementwise %func
      : (!transform.any_op) -> !transform.any_op

    %block, %forall = transform.structured.tile_using_forall %fused
        tile_sizes [16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %vector, %rows, %columns = transform.structured.tile_using_for %block
        tile_sizes [1, 64]
      : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // The columns past the last whole vector, peeled (as in schedule.mlir).
    %columns_for = transform.cast %columns : !transform.any_op to !transform.op<"scf.for">
    transform.sequence %columns_for : !transform.op<"scf.for"> failures(suppress) {
    ^bb0(%loop: !transform.op<"scf.for">):
      %main, %rest = transform.loop.peel %loop {fail_if_already_divisible = true}
        : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    }
    %func_after = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func_after {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    %vectorized = transform.structured.vectorize_children_and_apply_patterns
        %func_after : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
