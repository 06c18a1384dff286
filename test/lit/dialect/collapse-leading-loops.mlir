// transform.loom.collapse_leading_loops collapses the loops of a linalg op
// before its last one into one: a row maximum over the last dimension of a
// 3-D tensor becomes one over rows. The softmax schedule does this to a
// softmax of any rank (test/lit/schedules/softmax.mlir).
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics | FileCheck %s

// 2 x 3 x 5 -> 6 rows of 5: the input and the output reshaped around the
// op; a 2-loop op is left as it is.
// CHECK-LABEL: func.func @row_max(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3x5xf32>, %[[ACC:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<4x5xf32>)
// CHECK:         %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<2x3x5xf32> into tensor<6x5xf32>
// CHECK:         %[[AC:.*]] = tensor.collapse_shape %[[ACC]] {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK:         %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[XC]] : tensor<6x5xf32>) outs(%[[AC]] : tensor<6xf32>)
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[Y]] : tensor<4x5xf32>)
// CHECK:         return %[[R]]
func.func @row_max(%x: tensor<2x3x5xf32>, %acc: tensor<2x3xf32>, %y: tensor<4x5xf32>)
    -> (tensor<2x3xf32>, tensor<4xf32>) {
  %m = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x3x5xf32>) outs(%acc : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maximumf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  %empty = tensor.empty() : tensor<4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<4x5xf32>) outs(%empty : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maximumf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %m, %n : tensor<2x3xf32>, tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %generics = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows = transform.loom.collapse_leading_loops %generics : (!transform.any_op) -> !transform.any_op
    // expected-remark @below {{collapsed: 2}}
    transform.loom.trace "collapsed" of %rows : !transform.any_op
    transform.yield
  }
}

// -----

// A reduction over the middle dimension: the leading loops (i, j) are not
// contiguous in the output's map (i, k).
func.func @middle(%x: tensor<2x3x5xf32>, %acc: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-note @below {{this op}}
  %m = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, k)>],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<2x3x5xf32>) outs(%acc : tensor<2x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maximumf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x5xf32>
  return %m : tensor<2x5xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %generics = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the leading loops are not contiguous in every indexing map}}
    %rows = transform.loom.collapse_leading_loops %generics : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_linalg(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @below {{this tensor.empty}}
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %e = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects linalg ops}}
    %rows = transform.loom.collapse_leading_loops %e : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A softmax over the last dimension of a 3-D tensor: one over its 6 rows.
// CHECK-LABEL: func.func @softmax(
// CHECK:         %[[IN:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<2x3x5xf32> into tensor<6x5xf32>
// CHECK:         %[[OUT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<2x3x5xf32> into tensor<6x5xf32>
// CHECK:         %[[S:.*]] = linalg.softmax dimension(1) ins(%[[IN]] : tensor<6x5xf32>) outs(%[[OUT]] : tensor<6x5xf32>)
// CHECK:         tensor.expand_shape %[[S]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 5]
func.func @softmax(%x: tensor<2x3x5xf32>, %o: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %r = linalg.softmax dimension(2) ins(%x : tensor<2x3x5xf32>) outs(%o : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows = transform.loom.collapse_leading_loops %s : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @softmax_middle(%x: tensor<2x3x5xf32>, %o: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  // expected-note @below {{this op}}
  %r = linalg.softmax dimension(1) ins(%x : tensor<2x3x5xf32>) outs(%o : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{a softmax over another dimension than its last}}
    %rows = transform.loom.collapse_leading_loops %s : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
