// Sends f32 matmuls, batch matmuls, 2-D convolutions (NHWC, HWCF, any
// strides and dilations) and softmaxes (any rank and dimension) to oneDNN,
// through libLoomPeers (runner/peers/Peers.cpp), so that loom run times
// oneDNN on exactly the payload, inputs and timing loop it times a Loom
// schedule on:
//
//   loom run matmul.mlir --schedule schedules/lib/onednn.mlir
//
// Each op is generalized and marked with a library_call, which the lowering
// (loom-lower-library-calls) turns into a call; a convolution's call also
// takes its strides and dilations, a softmax's its dimension. Matmuls call
// dnnl_sgemm, convolutions oneDNN's convolution primitive, softmaxes its
// softmax primitive. Other ops are left to the plain lowering.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %matmuls = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %matmul_call = transform.param.constant "loom_onednn_matmul_f32"
      -> !transform.any_param
    transform.include @loom_library_call failures(propagate)
        (%matmuls, %matmul_call) : (!transform.any_op, !transform.any_param) -> ()

    %batch = transform.structured.match ops{["linalg.batch_matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %batch_call = transform.param.constant "loom_onednn_batch_matmul_f32"
      -> !transform.any_param
    transform.include @loom_library_call failures(propagate)
        (%batch, %batch_call) : (!transform.any_op, !transform.any_param) -> ()

    %convs = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %conv_call = transform.param.constant "loom_onednn_conv_2d_nhwc_hwcf_f32"
      -> !transform.any_param
    transform.include @loom_library_call failures(propagate)
        (%convs, %conv_call) : (!transform.any_op, !transform.any_param) -> ()

    // Softmax over any dimension, of any rank: oneDNN's softmax primitive
    // (its call takes the operands unranked and the dimension). The op
    // itself is annotated; loom-decompose leaves it.
    %softmaxes = transform.structured.match ops{["linalg.softmax"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %softmax_call = transform.param.constant "loom_onednn_softmax_f32"
      -> !transform.any_param
    transform.annotate %softmaxes "library_call" = %softmax_call
      : !transform.any_op, !transform.any_param
    transform.yield
  }

  // Generalizes %ops and names the function that computes them.
  transform.named_sequence @loom_library_call(
      %ops: !transform.any_op {transform.consumed},
      %name: !transform.any_param {transform.readonly}) {
    transform.foreach %ops : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      %generic = transform.structured.generalize %op
        : (!transform.any_op) -> !transform.any_op
      transform.annotate %generic "library_call" = %name
        : !transform.any_op, !transform.any_param
    }
    transform.yield
  }
}
