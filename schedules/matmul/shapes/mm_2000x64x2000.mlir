// A matmul of a shape outside the peers suite (2000x64x2000, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<2000x2000xf32>, %B: tensor<2000x64xf32>, %C: memref<2000x64xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<2000x64xf32> to tensor<2000x64xf32>
  %r = linalg.matmul ins(%A, %B : tensor<2000x2000xf32>, tensor<2000x64xf32>) outs(%c : tensor<2000x64xf32>) -> tensor<2000x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<2000x64xf32>, memref<2000x64xf32>) -> ()
  return
}
