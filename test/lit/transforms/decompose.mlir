// RUN: loom-opt %s --loom-decompose --split-input-file | FileCheck %s

// linalg.softmax becomes max, subtract-exp, sum and divide.

// CHECK-LABEL: func.func @softmax(
// CHECK-NOT:     linalg.softmax
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:         arith.maxnumf
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK:         math.exp
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:         arith.addf
// CHECK:         linalg.generic
// CHECK:         arith.divf
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.softmax dimension(1) ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// linalg.pack becomes pad, expand_shape and transpose; unpack the reverse.

// CHECK-LABEL: func.func @pack_unpack(
// CHECK-NOT:     linalg.pack
// CHECK-NOT:     linalg.unpack
// CHECK:         tensor.expand_shape {{.*}} into tensor<2x8x8xf32>
// CHECK:         linalg.transpose
// CHECK:         linalg.transpose
// CHECK:         tensor.collapse_shape
func.func @pack_unpack(%src: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<2x8x8xf32>
  %p = linalg.pack %src inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<16x8xf32> -> tensor<2x8x8xf32>
  %d = tensor.empty() : tensor<16x8xf32>
  %u = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<2x8x8xf32> -> tensor<16x8xf32>
  return %u : tensor<16x8xf32>
}
