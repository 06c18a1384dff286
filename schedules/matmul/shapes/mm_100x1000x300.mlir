// A matmul of a shape outside the peers suite (100x1000x300, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<100x300xf32>, %B: tensor<300x1000xf32>, %C: memref<100x1000xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<100x1000xf32> to tensor<100x1000xf32>
  %r = linalg.matmul ins(%A, %B : tensor<100x300xf32>, tensor<300x1000xf32>) outs(%c : tensor<100x1000xf32>) -> tensor<100x1000xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<100x1000xf32>, memref<100x1000xf32>) -> ()
  return
}
