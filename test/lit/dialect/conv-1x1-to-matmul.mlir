// transform.loom.conv_1x1_to_matmul rewrites a 1x1 convolution (f32 tensors
// of static shapes) into the matmul it is, on collapsed views of its
// operands: (N H W) x C rows times C x F, expanded back. A strided one
// copies the pixels it reads first (an extract_slice of its strides into a
// linalg.copy, returned in the third result), whose rows then collapse. The
// others (a 3x3 filter, f64, another op) are returned in its second result,
// unchanged. The results of the rewrite are checked by loom run
// (test/lit/schedules/shape-grid.test, 1x1 shapes of strides 1 and 2).
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
// CHECK-SAME:      %[[IN:.*]]: tensor<1x8x8x8xf32>, %[[FILTER:.*]]: tensor<1x1x8x16xf32>, %[[OUT:.*]]: tensor<1x4x4x16xf32>)
// CHECK:         %[[PIXELS:.*]] = tensor.extract_slice %[[IN]][0, 0, 0, 0] [1, 4, 4, 8] [1, 2, 2, 1] : tensor<1x8x8x8xf32> to tensor<1x4x4x8xf32>
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<1x4x4x8xf32>
// CHECK:         %[[COPY:.*]] = linalg.copy ins(%[[PIXELS]] : tensor<1x4x4x8xf32>) outs(%[[EMPTY]] : tensor<1x4x4x8xf32>)
// CHECK-DAG:     %[[A:.*]] = tensor.collapse_shape %[[COPY]] {{\[\[}}0, 1, 2], [3]] : tensor<1x4x4x8xf32> into tensor<16x8xf32>
// CHECK-DAG:     %[[B:.*]] = tensor.collapse_shape %[[FILTER]] {{\[\[}}0, 1, 2], [3]] : tensor<1x1x8x16xf32> into tensor<8x16xf32>
// CHECK-DAG:     %[[C:.*]] = tensor.collapse_shape %[[OUT]] {{\[\[}}0, 1, 2], [3]] : tensor<1x4x4x16xf32> into tensor<16x16xf32>
// CHECK:         %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<16x8xf32>, tensor<8x16xf32>) outs(%[[C]] : tensor<16x16xf32>)
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2], [3]] output_shape [1, 4, 4, 16]
// CHECK:         return %[[R]]
func.func @strided(%in: tensor<1x8x8x8xf32>, %filter: tensor<1x1x8x16xf32>, %out: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
  // expected-remark @below {{a matmul}}
  // expected-remark @below {{copy 1}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%in, %filter : tensor<1x8x8x8xf32>, tensor<1x1x8x16xf32>) outs(%out : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %r : tensor<1x4x4x16xf32>
}

// Strides of 1 in height, 3 in width: only the width is sliced.
// CHECK-LABEL: func.func @strided_width(
// CHECK:         tensor.extract_slice %{{.*}}[0, 0, 0, 0] [2, 5, 3, 8] [1, 1, 3, 1] : tensor<2x5x7x8xf32> to tensor<2x5x3x8xf32>
// CHECK:         linalg.copy
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<30x8xf32>, tensor<8x4xf32>) outs(%{{.*}} : tensor<30x4xf32>)
func.func @strided_width(%in: tensor<2x5x7x8xf32>, %filter: tensor<1x1x8x4xf32>, %out: tensor<2x5x3x4xf32>) -> tensor<2x5x3x4xf32> {
  // expected-remark @below {{a matmul}}
  // expected-remark @below {{copy 2}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 3]> : tensor<2xi64>}
    ins(%in, %filter : tensor<2x5x7x8xf32>, tensor<1x1x8x4xf32>) outs(%out : tensor<2x5x3x4xf32>) -> tensor<2x5x3x4xf32>
  return %r : tensor<2x5x3x4xf32>
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
    %matmuls, %others, %copies = transform.loom.conv_1x1_to_matmul %convs
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %matmuls, "a matmul" : !transform.any_op
    transform.debug.emit_remark_at %others, "left" : !transform.any_op
    // One copy a strided convolution, in their order.
    %first, %second = transform.split_handle %copies
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %first, "copy 1" : !transform.any_op
    transform.debug.emit_remark_at %second, "copy 2" : !transform.any_op
    transform.yield
  }
}
