// transform.loom.conv_1x1_to_matmul rewrites a 1x1 convolution of stride 1
// (f32 tensors of static shapes) into the matmul it is, on collapsed views
// of its operands: (N H W) x C rows times C x F, expanded back. The others
// (a 3x3 filter, stride 2, f64, another op) are returned in its second
// result, unchanged. The results of the rewrite are checked by loom run
// (test/lit/schedules/shape-grid.test, 1x1 shapes).
//
// RUN: loom-opt %s --transform-interpreter --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @pointwise(
// CHECK-SAME:      %[[IN:.*]]: tensor<2x5x9x3xf32>, %[[FILTER:.*]]: tensor<1x1x3x5xf32>, %[[OUT:.*]]: tensor<2x5x9x5xf32>)
// CHECK-DAG:     %[[A:.*]] = tensor.collapse_shape %[[IN]] {{\[\[}}0, 1, 2], [3]] : tensor<2x5x9x3xf32> into tensor<90x3xf32>
// CHECK-DAG:     %[[B:.*]] = tensor.collapse_shape %[[FILTER]] {{\[\[}}0, 1, 2], [3]] : tensor<1x1x3x5xf32> into tensor<3x5xf32>
// CHECK-DAG:     %[[C:.*]] = tensor.collapse_shape %[[OUT]] {{\[\[}}0, 1, 2], [3]] : tensor<2x5x9x5xf32> into tensor<90x5xf32>
// CHECK:         %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<90x3xf32>, tensor<3x5xf32>) outs(%[[C]] : tensor<90x5xf32>)
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 5, 9, 5]
// CHECK:         return %[[R]]
func.func @pointwise(%in: tensor<2x5x9x3xf32>, %filter: tensor<1x1x3x5xf32>, %out: tensor<2x5x9x5xf32>) -> tensor<2x5x9x5xf32> {
  // expected-remark @below {{a matmul}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %filter : tensor<2x5x9x3xf32>, tensor<1x1x3x5xf32>) outs(%out : tensor<2x5x9x5xf32>) -> tensor<2x5x9x5xf32>
  return %r : tensor<2x5x9x5xf32>
}

// CHECK-LABEL: func.func @three_by_three(
// CHECK:         linalg.conv_2d_nhwc_hwcf
func.func @three_by_three(%in: tensor<1x7x7x8xf32>, %filter: tensor<3x3x8x16xf32>, %out: tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32> {
  // expected-remark @below {{left}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %filter : tensor<1x7x7x8xf32>, tensor<3x3x8x16xf32>) outs(%out : tensor<1x5x5x16xf32>) -> tensor<1x5x5x16xf32>
  return %r : tensor<1x5x5x16xf32>
}

// CHECK-LABEL: func.func @strided(
// CHECK:         linalg.conv_2d_nhwc_hwcf
func.func @strided(%in: tensor<1x8x8x8xf32>, %filter: tensor<1x1x8x16xf32>, %out: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
  // expected-remark @below {{left}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%in, %filter : tensor<1x8x8x8xf32>, tensor<1x1x8x16xf32>) outs(%out : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %r : tensor<1x4x4x16xf32>
}

// CHECK-LABEL: func.func @double(
// CHECK:         linalg.conv_2d_nhwc_hwcf
func.func @double(%in: tensor<1x4x4x8xf64>, %filter: tensor<1x1x8x16xf64>, %out: tensor<1x4x4x16xf64>) -> tensor<1x4x4x16xf64> {
  // expected-remark @below {{left}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %filter : tensor<1x4x4x8xf64>, tensor<1x1x8x16xf64>) outs(%out : tensor<1x4x4x16xf64>) -> tensor<1x4x4x16xf64>
  return %r : tensor<1x4x4x16xf64>
}

// CHECK-LABEL: func.func @not_a_conv(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
func.func @not_a_conv(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-remark @below {{left}}
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %convs = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf", "linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %matmuls, %others = transform.loom.conv_1x1_to_matmul %convs
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %matmuls, "a matmul" : !transform.any_op
    transform.debug.emit_remark_at %others, "left" : !transform.any_op
    transform.yield
  }
}
