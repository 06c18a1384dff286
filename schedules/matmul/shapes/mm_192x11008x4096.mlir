// A matmul of a shape outside the peers suite (192x11008x4096, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<192x4096xf32>, %B: tensor<4096x11008xf32>, %C: memref<192x11008xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<192x11008xf32> to tensor<192x11008xf32>
  %r = linalg.matmul ins(%A, %B : tensor<192x4096xf32>, tensor<4096x11008xf32>) outs(%c : tensor<192x11008xf32>) -> tensor<192x11008xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<192x11008xf32>, memref<192x11008xf32>) -> ()
  return
}
