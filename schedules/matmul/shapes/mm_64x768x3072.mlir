// A matmul of a shape outside the peers suite (64x768x3072, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<64x3072xf32>, %B: tensor<3072x768xf32>, %C: memref<64x768xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<64x768xf32> to tensor<64x768xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x3072xf32>, tensor<3072x768xf32>) outs(%c : tensor<64x768xf32>) -> tensor<64x768xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<64x768xf32>, memref<64x768xf32>) -> ()
  return
}
