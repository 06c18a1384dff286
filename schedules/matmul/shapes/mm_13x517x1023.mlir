// A matmul of a shape outside the peers suite (13x517x1023, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<13x1023xf32>, %B: tensor<1023x517xf32>, %C: memref<13x517xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<13x517xf32> to tensor<13x517xf32>
  %r = linalg.matmul ins(%A, %B : tensor<13x1023xf32>, tensor<1023x517xf32>) outs(%c : tensor<13x517xf32>) -> tensor<13x517xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<13x517xf32>, memref<13x517xf32>) -> ()
  return
}
