// A matmul of a shape outside the peers suite (16x3072x768, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<16x768xf32>, %B: tensor<768x3072xf32>, %C: memref<16x3072xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<16x3072xf32> to tensor<16x3072xf32>
  %r = linalg.matmul ins(%A, %B : tensor<16x768xf32>, tensor<768x3072xf32>) outs(%c : tensor<16x3072xf32>) -> tensor<16x3072xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<16x3072xf32>, memref<16x3072xf32>) -> ()
  return
}
