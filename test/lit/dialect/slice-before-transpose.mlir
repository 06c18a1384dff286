// transform.apply_patterns.loom.slice_before_transpose: a slice of a
// transpose's result becomes a transpose of the matching slice of its
// input (the matmul schedule's parts of a transposed B, which then fold
// into their packs: test/lit/schedules/matmul-transposed-b.mlir).
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s

// Both parts of a 555 x 777 transpose: the slices are of the 777 x 555
// input, offsets and sizes permuted; the original transpose is erased.
// CHECK-LABEL: func.func @parts(
// CHECK-SAME:      %[[BT:.*]]: tensor<777x555xf32>)
// CHECK-NOT:     tensor<555x777xf32>
// CHECK:         %[[S0:.*]] = tensor.extract_slice %[[BT]][0, 0] [768, 555] [1, 1] : tensor<777x555xf32> to tensor<768x555xf32>
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<555x768xf32>
// CHECK:         linalg.transpose ins(%[[S0]] : tensor<768x555xf32>) outs(%[[E0]] : tensor<555x768xf32>) permutation = [1, 0]
// CHECK:         %[[S1:.*]] = tensor.extract_slice %[[BT]][768, 0] [9, 555] [1, 1] : tensor<777x555xf32> to tensor<9x555xf32>
// CHECK:         linalg.transpose ins(%[[S1]] : tensor<9x555xf32>) outs(%{{.*}} : tensor<555x9xf32>) permutation = [1, 0]
// CHECK-NOT:     tensor<555x777xf32>
func.func @parts(%bt: tensor<777x555xf32>) -> (tensor<555x768xf32>, tensor<555x9xf32>) {
  %e = tensor.empty() : tensor<555x777xf32>
  %b = linalg.transpose ins(%bt : tensor<777x555xf32>) outs(%e : tensor<555x777xf32>) permutation = [1, 0]
  %full = tensor.extract_slice %b[0, 0] [555, 768] [1, 1] : tensor<555x777xf32> to tensor<555x768xf32>
  %rest = tensor.extract_slice %b[0, 768] [555, 9] [1, 1] : tensor<555x777xf32> to tensor<555x9xf32>
  return %full, %rest : tensor<555x768xf32>, tensor<555x9xf32>
}

// Dynamic offsets and sizes of a 3-D permutation; a strided slice and a
// rank-reducing one are left as they are, and so the transpose stays.
// CHECK-LABEL: func.func @left_alone(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8x16xf32>, %[[I:.*]]: index, %[[N:.*]]: index)
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<4x8x16xf32>)
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[X]][0, %[[I]], 0] [4, %[[N]], 16] [1, 1, 1] : tensor<4x8x16xf32> to tensor<4x?x16xf32>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<16x4x?xf32>
// CHECK:         linalg.transpose ins(%[[S]] : tensor<4x?x16xf32>) outs(%[[E]] : tensor<16x4x?xf32>) permutation = [2, 0, 1]
// CHECK:         tensor.extract_slice %[[T]][0, 0, 0] [8, 2, 4] [2, 1, 2]
// CHECK:         tensor.extract_slice %[[T]][0, 0, 0] [1, 4, 8] [1, 1, 1] : tensor<16x4x8xf32> to tensor<4x8xf32>
func.func @left_alone(%x: tensor<4x8x16xf32>, %i: index, %n: index)
    -> (tensor<16x4x?xf32>, tensor<8x2x4xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<16x4x8xf32>
  %t = linalg.transpose ins(%x : tensor<4x8x16xf32>) outs(%e : tensor<16x4x8xf32>) permutation = [2, 0, 1]
  %a = tensor.extract_slice %t[0, 0, %i] [16, 4, %n] [1, 1, 1] : tensor<16x4x8xf32> to tensor<16x4x?xf32>
  %b = tensor.extract_slice %t[0, 0, 0] [8, 2, 4] [2, 1, 2] : tensor<16x4x8xf32> to tensor<8x2x4xf32>
  %c = tensor.extract_slice %t[0, 0, 0] [1, 4, 8] [1, 1, 1] : tensor<16x4x8xf32> to tensor<4x8xf32>
  return %a, %b, %c : tensor<16x4x?xf32>, tensor<8x2x4xf32>, tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.slice_before_transpose
    } : !transform.any_op
    transform.yield
  }
}
