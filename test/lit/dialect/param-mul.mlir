// transform.loom.param.mul gives the products of two parameters, pairwise or
// by a single value. In a matcher of transform.foreach_match it gives a
// product of sizes: the matmul schedule compares B's K x N floats with a
// share of L3 (a B that streams from memory gets a smaller K block).
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a0 = transform.param.constant 0 : i64 -> !transform.param<i64>
    %a1 = transform.param.constant 3 : i64 -> !transform.param<i64>
    %a2 = transform.param.constant 4096 : i64 -> !transform.param<i64>
    %as = transform.merge_handles %a0, %a1, %a2 : !transform.param<i64>
    %b0 = transform.param.constant 7 : i64 -> !transform.param<i64>
    %b1 = transform.param.constant 5 : i64 -> !transform.param<i64>
    %b2 = transform.param.constant 11008 : i64 -> !transform.param<i64>
    %bs = transform.merge_handles %b0, %b1, %b2 : !transform.param<i64>
    %pairs = transform.loom.param.mul %as, %bs
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64, 15 : i64, 45088768 : i64}}
    transform.debug.emit_param_as_remark %pairs : !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %scaled = transform.loom.param.mul %as, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64, 12 : i64, 16384 : i64}}
    transform.debug.emit_param_as_remark %scaled : !transform.param<i64>
    transform.yield
  }
}

// -----

// Parameters of two and three values cannot be paired; a product beyond 64
// bits and a negative value (a dynamic size) are silenceable failures too.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 2 : i64 -> !transform.param<i64>
    %two = transform.merge_handles %a, %a : !transform.param<i64>
    %three = transform.merge_handles %a, %a, %a : !transform.param<i64>
    // expected-error @below {{expects parameters of as many values, or one of one value, got 2 and 3}}
    %p = transform.loom.param.mul %two, %three
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %big = transform.param.constant 4611686018427387904 : i64 -> !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{the product of 4611686018427387904 and 4 overflows}}
    %p = transform.loom.param.mul %big, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.yield
  }
}

// -----

// In a matcher: B's elements (K x N) above 2^20 floats; a dynamic N (a
// negative size) does not match.
func.func @large(%a: tensor<8x1024xf32>, %b: tensor<1024x2048xf32>, %c: tensor<8x2048xf32>) -> tensor<8x2048xf32> {
  // expected-remark @below {{B of more than 2^20 floats}}
  %r = linalg.matmul ins(%a, %b : tensor<8x1024xf32>, tensor<1024x2048xf32>) outs(%c : tensor<8x2048xf32>) -> tensor<8x2048xf32>
  return %r : tensor<8x2048xf32>
}
func.func @small(%a: tensor<8x1024xf32>, %b: tensor<1024x512xf32>, %c: tensor<8x512xf32>) -> tensor<8x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x1024xf32>, tensor<1024x512xf32>) outs(%c : tensor<8x512xf32>) -> tensor<8x512xf32>
  return %r : tensor<8x512xf32>
}
func.func @dynamic(%a: tensor<8x1024xf32>, %b: tensor<1024x?xf32>, %c: tensor<8x?xf32>) -> tensor<8x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x1024xf32>, tensor<1024x?xf32>) outs(%c : tensor<8x?xf32>) -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @large_b(%op: !transform.any_op {transform.readonly})
      -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %k, %n = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %d2 = transform.match.structured.dim %s[2] : (!transform.any_op) -> !transform.param<i64>
      %d1 = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %d2, %d1 : !transform.param<i64>, !transform.param<i64>
    }
    %elements = transform.loom.param.mul %k, %n
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %limit = transform.param.constant 1048576 : i64 -> !transform.param<i64>
    transform.match.param.cmpi gt %elements, %limit : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @say(%op: !transform.any_op {transform.readonly}) {
    transform.debug.emit_remark_at %op, "B of more than 2^20 floats" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %r = transform.foreach_match in %root @large_b -> @say
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A parameter of no values (here the results of a foreach over no ops)
// times one of one value gives no values.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %none = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %empty = transform.foreach %none : !transform.any_op -> !transform.param<i64> {
    ^bb0(%op: !transform.any_op):
      %c = transform.param.constant 1 : i64 -> !transform.param<i64>
      transform.yield %c : !transform.param<i64>
    }
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %p = transform.loom.param.mul %empty, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %n = transform.num_associations %p : (!transform.param<i64>) -> !transform.param<i64>
    // expected-remark @below {{0 : i64}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}
