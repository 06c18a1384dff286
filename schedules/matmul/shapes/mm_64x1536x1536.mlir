// A matmul of a shape outside the peers suite (64x1536x1536, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<64x1536xf32>, %B: tensor<1536x1536xf32>, %C: memref<64x1536xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<64x1536xf32> to tensor<64x1536xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x1536xf32>, tensor<1536x1536xf32>) outs(%c : tensor<64x1536xf32>) -> tensor<64x1536xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<64x1536xf32>, memref<64x1536xf32>) -> ()
  return
}
