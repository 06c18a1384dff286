// transform.apply_registered_pass runs any pass or pipeline that loom-opt
// knows (one registry for every tool), as it does under mlir-opt
// --transform-interpreter.
//
// RUN: loom run %s --iters 1 | FileCheck %s
// RUN: loom-opt %s --transform-interpreter | FileCheck %s --check-prefix=OPT

// CHECK: check {{ *}}result 0: passed
// OPT-LABEL: func.func @add
// OPT: linalg.generic

func.func @add(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.add ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %g = transform.apply_registered_pass "canonicalize" to %f : (!transform.any_op) -> !transform.any_op
    %h = transform.apply_registered_pass "cse" to %g : (!transform.any_op) -> !transform.any_op
    // A pipeline with options, as a string.
    %i = transform.apply_registered_pass "linalg-generalize-named-ops" to %h : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
