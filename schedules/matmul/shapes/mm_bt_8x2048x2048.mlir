// A matmul whose B is transposed, outside the peers suite (8x2048x2048, f32; B
// is 2048x2048, indexed (n, k) as nn.Linear's x * W^T): schedules/suites/outside.json,
// docs/performance.md "A transposed B".
func.func @matmul(%A: tensor<8x2048xf32>, %B: tensor<2048x2048xf32>, %C: memref<8x2048xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<8x2048xf32> to tensor<8x2048xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : tensor<8x2048xf32>, tensor<2048x2048xf32>) outs(%c : tensor<8x2048xf32>) -> tensor<8x2048xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<8x2048xf32>, memref<8x2048xf32>) -> ()
  return
}
