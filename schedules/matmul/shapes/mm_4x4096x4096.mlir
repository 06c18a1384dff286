// A matmul of a shape outside the peers suite (4x4096x4096, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<4x4096xf32>, %B: tensor<4096x4096xf32>, %C: memref<4x4096xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<4x4096xf32> to tensor<4x4096xf32>
  %r = linalg.matmul ins(%A, %B : tensor<4x4096xf32>, tensor<4096x4096xf32>) outs(%c : tensor<4x4096xf32>) -> tensor<4x4096xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<4x4096xf32>, memref<4x4096xf32>) -> ()
  return
}
