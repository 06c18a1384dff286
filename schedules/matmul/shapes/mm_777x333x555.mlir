// A matmul of a shape outside the peers suite (777x333x555, f32): schedules/suites/outside.json,
// docs/performance.md "Shapes outside the suite".
func.func @matmul(%A: tensor<777x555xf32>, %B: tensor<555x333xf32>, %C: memref<777x333xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<777x333xf32> to tensor<777x333xf32>
  %r = linalg.matmul ins(%A, %B : tensor<777x555xf32>, tensor<555x333xf32>) outs(%c : tensor<777x333xf32>) -> tensor<777x333xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<777x333xf32>, memref<777x333xf32>) -> ()
  return
}
