// A matmul of few rows and a B of 16 MB that streams from memory, read in
// place (24x4000x1000, f32): schedules/suites/outside.json, docs/performance.md "Where B is packed".
func.func @matmul(%A: tensor<24x1000xf32>, %B: tensor<1000x4000xf32>, %C: memref<24x4000xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<24x4000xf32> to tensor<24x4000xf32>
  %r = linalg.matmul ins(%A, %B : tensor<24x1000xf32>, tensor<1000x4000xf32>) outs(%c : tensor<24x4000xf32>) -> tensor<24x4000xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<24x4000xf32>, memref<24x4000xf32>) -> ()
  return
}
