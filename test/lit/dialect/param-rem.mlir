// transform.loom.param.rem gives the remainder of each value of a parameter
// divided by a constant. In a matcher of transform.foreach_match it tells
// whether a size is a multiple of a number: the matmul schedule reads B in
// place only when N is not a multiple of 1024 (rows of B 4 KiB apart).
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %v0 = transform.param.constant 0 : i64 -> !transform.param<i64>
    %v1 = transform.param.constant 5 : i64 -> !transform.param<i64>
    %v2 = transform.param.constant 1024 : i64 -> !transform.param<i64>
    %v3 = transform.param.constant 1027 : i64 -> !transform.param<i64>
    %v4 = transform.param.constant 4096 : i64 -> !transform.param<i64>
    %values = transform.merge_handles %v0, %v1, %v2, %v3, %v4 : !transform.param<i64>
    %rem = transform.loom.param.rem %values by 1024
      : (!transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64, 5 : i64, 0 : i64, 3 : i64, 0 : i64}}
    transform.debug.emit_param_as_remark %rem : !transform.param<i64>
    transform.yield
  }
}

// -----

// Matchers: a matmul whose N is not a multiple of 1024 is picked; one whose
// N is (or whose N is dynamic: a silenceable failure, no match) is not.
func.func @odd(%a: tensor<8x16xf32>, %b: tensor<16x1000xf32>, %c: tensor<8x1000xf32>) -> tensor<8x1000xf32> {
  // expected-remark @below {{N not a multiple of 1024}}
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x1000xf32>) outs(%c : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %r : tensor<8x1000xf32>
}
func.func @page(%a: tensor<8x16xf32>, %b: tensor<16x2048xf32>, %c: tensor<8x2048xf32>) -> tensor<8x2048xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x2048xf32>) outs(%c : tensor<8x2048xf32>) -> tensor<8x2048xf32>
  return %r : tensor<8x2048xf32>
}
func.func @dynamic(%a: tensor<8x16xf32>, %b: tensor<16x?xf32>, %c: tensor<8x?xf32>) -> tensor<8x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x?xf32>) outs(%c : tensor<8x?xf32>) -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @odd_n(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %n = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> !transform.param<i64> {
    ^bb0(%s: !transform.any_op):
      %d = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %d : !transform.param<i64>
    }
    %rem = transform.loom.param.rem %n by 1024
      : (!transform.param<i64>) -> !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ne %rem, %zero : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @say(%op: !transform.any_op {transform.readonly}) {
    transform.debug.emit_remark_at %op, "N not a multiple of 1024" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %r = transform.foreach_match in %root @odd_n -> @say
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
