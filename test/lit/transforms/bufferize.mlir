// RUN: loom-opt %s --loom-bufferize --split-input-file | FileCheck %s

// Destination-passing style: the matmul accumulates straight into the output
// memref; nothing is allocated or copied.

// CHECK-LABEL: func.func @matmul_dps(
// CHECK-SAME:    %[[A:.*]]: memref<8x16xf32>, %[[B:.*]]: memref<16x4xf32>, %[[C:.*]]: memref<8x4xf32>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         linalg.matmul ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
func.func @matmul_dps(%A: tensor<8x16xf32>, %B: tensor<16x4xf32>, %C: memref<8x4xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<8x4xf32> to tensor<8x4xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C : (tensor<8x4xf32>, memref<8x4xf32>) -> ()
  return
}

// -----

// A returned tensor becomes a returned memref with the identity layout that
// the caller owns.

// CHECK-LABEL: func.func @matmul_result(
// CHECK-SAME:    -> memref<8x4xf32>
// CHECK:         %[[R:.*]] = memref.alloc() {{.*}} : memref<8x4xf32>
// CHECK:         linalg.fill {{.*}} outs(%[[R]] : memref<8x4xf32>)
// CHECK:         return %[[R]] : memref<8x4xf32>
func.func @matmul_result(%A: tensor<8x16xf32>, %B: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
