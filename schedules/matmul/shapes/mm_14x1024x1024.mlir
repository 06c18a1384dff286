// A matmul of a shape outside the peers suite (14x1024x1024, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<14x1024xf32>, %B: tensor<1024x1024xf32>, %C: memref<14x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<14x1024xf32> to tensor<14x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<14x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<14x1024xf32>) -> tensor<14x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<14x1024xf32>, memref<14x1024xf32>) -> ()
  return
}
