// A matmul of a shape outside the peers suite (31x517x1023, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<31x1023xf32>, %B: tensor<1023x517xf32>, %C: memref<31x517xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<31x517xf32> to tensor<31x517xf32>
  %r = linalg.matmul ins(%A, %B : tensor<31x1023xf32>, tensor<1023x517xf32>) outs(%c : tensor<31x517xf32>) -> tensor<31x517xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<31x517xf32>, memref<31x517xf32>) -> ()
  return
}
