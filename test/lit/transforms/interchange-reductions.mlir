// RUN: loom-opt %s --loom-interchange-reductions --split-input-file | FileCheck %s

// matmul (m, n, k) -> (m, k, n): the innermost loop walks rows of B and C.

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul(
// CHECK:         linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK:           arith.mulf
// CHECK:           arith.addf
func.func @matmul(%A: tensor<8x16xf32>, %B: tensor<16x4xf32>, %C: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<8x16xf32>, tensor<16x4xf32>) outs(%C : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// A row sum's output dimension is not the input's last dimension: unchanged.

// CHECK-LABEL: func.func @row_sum(
// CHECK:         linalg.reduce
func.func @row_sum(%x: tensor<8x16xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.reduce ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

// Ops without reductions are left alone.

// CHECK-LABEL: func.func @elementwise(
// CHECK:         linalg.add
func.func @elementwise(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
