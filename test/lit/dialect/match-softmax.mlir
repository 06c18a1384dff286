// transform.loom.match.softmax matches a linalg.softmax of static sizes and
// gives its rank, its dimension, its outer size (the product of the sizes
// before the dimension), that dimension's size and its inner size (the
// product of the sizes after it), which upstream's structured matchers
// cannot read off a softmax: schedules/softmax/schedule.mlir sorts
// softmaxes with them. Each match below is marked with the five values.
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @kinds(
// CHECK:         linalg.softmax {dim = 2 : i64, inner = 1 : i64, outer = 6 : i64, rank = 3 : i64, size = 5 : i64} dimension(2)
// CHECK:         linalg.softmax {dim = 1 : i64, inner = 5 : i64, outer = 2 : i64, rank = 3 : i64, size = 3 : i64} dimension(1)
// CHECK:         linalg.softmax {dim = 0 : i64, inner = 15 : i64, outer = 1 : i64, rank = 3 : i64, size = 2 : i64} dimension(0)
// CHECK:         linalg.softmax {dim = 0 : i64, inner = 8 : i64, outer = 1 : i64, rank = 2 : i64, size = 4 : i64} dimension(0)
// Not matched: a softmax of a dynamic size, another op.
// CHECK:         linalg.softmax dimension(0) ins(%{{.*}} : tensor<?x8xf32>)
// CHECK:         linalg.negf ins
// CHECK-NOT:     rank =
// CHECK:         return
func.func @kinds(%x: tensor<2x3x5xf32>, %a: tensor<4x8xf32>, %d: tensor<?x8xf32>)
    -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<4x8xf32>,
        tensor<?x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<2x3x5xf32>
  %last = linalg.softmax dimension(2) ins(%x : tensor<2x3x5xf32>) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %middle = linalg.softmax dimension(1) ins(%x : tensor<2x3x5xf32>) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %first = linalg.softmax dimension(0) ins(%x : tensor<2x3x5xf32>) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %cols = linalg.softmax dimension(0) ins(%a : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %d, %c0 : tensor<?x8xf32>
  %e3 = tensor.empty(%n) : tensor<?x8xf32>
  %dynamic = linalg.softmax dimension(0) ins(%d : tensor<?x8xf32>) outs(%e3 : tensor<?x8xf32>) -> tensor<?x8xf32>
  %neg = linalg.negf ins(%a : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %last, %middle, %first, %cols, %dynamic, %neg
    : tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<4x8xf32>,
      tensor<?x8xf32>, tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @softmax(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
          !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) {
    %rank, %dim, %outer, %size, %inner = transform.loom.match.softmax %op
      : (!transform.any_op)
      -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
          !transform.param<i64>, !transform.param<i64>)
    transform.yield %op, %rank, %dim, %outer, %size, %inner
      : !transform.any_op, !transform.param<i64>, !transform.param<i64>,
        !transform.param<i64>, !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @mark(%op: !transform.any_op {transform.readonly},
      %rank: !transform.param<i64> {transform.readonly},
      %dim: !transform.param<i64> {transform.readonly},
      %outer: !transform.param<i64> {transform.readonly},
      %size: !transform.param<i64> {transform.readonly},
      %inner: !transform.param<i64> {transform.readonly}) {
    transform.annotate %op "rank" = %rank : !transform.any_op, !transform.param<i64>
    transform.annotate %op "dim" = %dim : !transform.any_op, !transform.param<i64>
    transform.annotate %op "outer" = %outer : !transform.any_op, !transform.param<i64>
    transform.annotate %op "size" = %size : !transform.any_op, !transform.param<i64>
    transform.annotate %op "inner" = %inner : !transform.any_op, !transform.param<i64>
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %updated = transform.foreach_match in %func @softmax -> @mark : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
