// A matmul whose B is transposed, outside the peers suite (333x777x555, f32; B
// is 777x555, indexed (n, k) as nn.Linear's x * W^T): schedules/suites/outside.json,
// docs/performance.md "A transposed B".
func.func @matmul(%A: tensor<333x555xf32>, %B: tensor<777x555xf32>, %C: memref<333x777xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<333x777xf32> to tensor<333x777xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : tensor<333x555xf32>, tensor<777x555xf32>) outs(%c : tensor<333x777xf32>) -> tensor<333x777xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<333x777xf32>, memref<333x777xf32>) -> ()
  return
}
