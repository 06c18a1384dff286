// A matmul of a shape outside the peers suite (256x6400x1600, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<256x1600xf32>, %B: tensor<1600x6400xf32>, %C: memref<256x6400xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<256x6400xf32> to tensor<256x6400xf32>
  %r = linalg.matmul ins(%A, %B : tensor<256x1600xf32>, tensor<1600x6400xf32>) outs(%c : tensor<256x6400xf32>) -> tensor<256x6400xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<256x6400xf32>, memref<256x6400xf32>) -> ()
  return
}
