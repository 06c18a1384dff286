// oneDNN's peer of the elementwise chain max((a + b) * c, 0) of
// elementwise.mlir: transform.loom.fuse_elementwise makes the three generics
// one, which becomes a call of libLoomPeers' loom_onednn_add_mul_relu_f32
// (a binary add primitive with a binary multiply and a ReLU as post-ops: one
// pass over memory, the way a oneDNN user writes this chain).
//
// For this chain only: the library function computes (a + b) * c, then
// ReLU, whatever the fused generic does; loom run's check against the
// payload says so if it is used on another chain.
//
//   build/bin/loom run schedules/elementwise/elementwise.mlir \
//     --schedule schedules/elementwise/onednn.mlir
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %fused = transform.loom.fuse_elementwise %func
      : (!transform.any_op) -> !transform.any_op
    %call = transform.param.constant "loom_onednn_add_mul_relu_f32"
      -> !transform.any_param
    transform.annotate %fused "library_call" = %call
      : !transform.any_op, !transform.any_param
    transform.yield
  }
}
