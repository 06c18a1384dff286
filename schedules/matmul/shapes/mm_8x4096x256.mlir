// A matmul of a shape outside the peers suite (8x4096x256, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<8x256xf32>, %B: tensor<256x4096xf32>, %C: memref<8x4096xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<8x4096xf32> to tensor<8x4096xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x256xf32>, tensor<256x4096xf32>) outs(%c : tensor<8x4096xf32>) -> tensor<8x4096xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<8x4096xf32>, memref<8x4096xf32>) -> ()
  return
}
