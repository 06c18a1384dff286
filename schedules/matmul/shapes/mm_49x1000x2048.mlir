// A matmul of a shape outside the peers suite (49x1000x2048, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<49x2048xf32>, %B: tensor<2048x1000xf32>, %C: memref<49x1000xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<49x1000xf32> to tensor<49x1000xf32>
  %r = linalg.matmul ins(%A, %B : tensor<49x2048xf32>, tensor<2048x1000xf32>) outs(%c : tensor<49x1000xf32>) -> tensor<49x1000xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<49x1000xf32>, memref<49x1000xf32>) -> ()
  return
}
