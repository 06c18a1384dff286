// transform.loom.match.last_dim_reduction matches a softmax over its last
// dimension and a linalg op whose only reduction loop is its last: the ops
// a schedule of rows is right for (schedules/softmax/schedule.mlir).
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s

// Marked: the softmax over dimension 2 of 3, the row sum. Not marked: the
// softmaxes over dimensions 0 and 1, the column sum, the sum of all, the
// elementwise op.
// CHECK-LABEL: func.func @kinds(
// CHECK:         linalg.softmax {rows} dimension(2)
// CHECK:         linalg.generic {{.*}} ins(%arg1 : tensor<4x8xf32>) outs(%arg2 : tensor<4xf32>) attrs = {rows}
// CHECK-NOT:     rows
// CHECK:         return
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
#all = affine_map<(i, j) -> ()>
func.func @kinds(%x: tensor<2x3x5xf32>, %a: tensor<4x8xf32>, %rowacc: tensor<4xf32>,
                 %colacc: tensor<8xf32>, %allacc: tensor<f32>)
    -> (tensor<2x3x5xf32>, tensor<4xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>,
        tensor<8xf32>, tensor<f32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<2x3x5xf32>
  %last = linalg.softmax dimension(2) ins(%x : tensor<2x3x5xf32>) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %rows = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%rowacc : tensor<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.addf %v, %o : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %first = linalg.softmax dimension(0) ins(%x : tensor<2x3x5xf32>) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %middle = linalg.softmax dimension(1) ins(%x : tensor<2x3x5xf32>) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %cols = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%colacc : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.addf %v, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %total = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%allacc : tensor<f32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.addf %v, %o : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %neg = linalg.negf ins(%a : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %last, %rows, %first, %middle, %cols, %total, %neg
    : tensor<2x3x5xf32>, tensor<4xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>,
      tensor<8xf32>, tensor<f32>, tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @rows(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.loom.match.last_dim_reduction %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @mark(%op: !transform.any_op {transform.readonly}) {
    transform.annotate %op "rows" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %updated = transform.foreach_match in %func @rows -> @mark : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
