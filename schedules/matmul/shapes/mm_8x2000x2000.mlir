// A matmul of few rows and a B of 16 MB that streams from memory, read in
// place (8x2000x2000, f32): schedules/suites/outside.json, docs/performance.md "Where B is packed".
func.func @matmul(%A: tensor<8x2000xf32>, %B: tensor<2000x2000xf32>, %C: memref<8x2000xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<8x2000xf32> to tensor<8x2000xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x2000xf32>, tensor<2000x2000xf32>) outs(%c : tensor<8x2000xf32>) -> tensor<8x2000xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<8x2000xf32>, memref<8x2000xf32>) -> ()
  return
}
