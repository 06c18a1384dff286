// transform.loom.match.identity_maps matches a linalg op of parallel loops
// whose every tensor or memref operand is indexed by the identity: the ops
// that transform.structured.flatten_elementwise flattens correctly. The
// elementwise schedule flattens only those (test/lit/schedules/elementwise.mlir).
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics | FileCheck %s

// Marked: the identity add, the fill (a scalar input), the named op.
// Not marked: a broadcast bias, a transposed operand, a reduction, a
// function (not a linalg op).
// CHECK-LABEL: func.func @kinds(
// CHECK:         linalg.generic {{.*}} ins(%arg0, %arg1 {{.*}}{flat}
// CHECK:         linalg.fill {flat}
// CHECK:         linalg.add {flat}
// CHECK-NOT:     flat
// CHECK:         return
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
func.func @kinds(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %bias: tensor<8xf32>,
                 %t: tensor<8x4xf32>, %acc: tensor<4xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %named = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>)
      outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %bias : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %transposed = linalg.transpose ins(%t : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) permutation = [1, 0]
  %rows = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.addf %x, %o : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %sum, %fill, %named, %biased, %transposed, %rows
    : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @flat(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.loom.match.identity_maps %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @mark(%op: !transform.any_op {transform.readonly}) {
    transform.annotate %op "flat" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %updated = transform.foreach_match in %func @flat -> @mark : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// More than one op in the handle is a definite failure, as for upstream's
// single-op matchers.
func.func @two(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %y = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %adds = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{requires the operand handle to point to a single payload op}}
    transform.loom.match.identity_maps %adds : !transform.any_op
    transform.yield
  }
}
