// transform.apply_patterns.loom.math_polynomial_approximation rewrites math
// ops on f32 vectors into polynomials of arithmetic ops.
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @exp_tanh(
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.tanh
// CHECK:         arith.mulf {{.*}} : vector<16xf32>
// CHECK:         return
func.func @exp_tanh(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %x : vector<16xf32>
  %t = math.tanh %e : vector<16xf32>
  return %t : vector<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.math_polynomial_approximation
    } : !transform.any_op
    transform.yield
  }
}
