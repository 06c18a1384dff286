// transform.loom.trace reports how many payload ops, values or params its
// handles hold, as a remark when no driver collects a trace.
//
// RUN: loom-opt %s --transform-interpreter --verify-diagnostics

func.func @f(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %0 = linalg.exp ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %1 = linalg.exp ins(%0 : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %exps = transform.structured.match ops{["linalg.exp"]} in %root : (!transform.any_op) -> !transform.any_op
    %none = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %results = transform.get_result %exps[0] : (!transform.any_op) -> !transform.any_value
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    // expected-remark @below {{matches: 2, 0, 2, 1}}
    transform.loom.trace "matches" of %exps, %none, %results, %two
        : !transform.any_op, !transform.any_op, !transform.any_value, !transform.param<i64>
    // expected-remark @below {{no handles}}
    transform.loom.trace "no handles"
    transform.yield
  }
}
