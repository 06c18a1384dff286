// A matmul whose B is transposed, outside the peers suite (32x3000x1000, f32; B
// is 3000x1000, indexed (n, k) as nn.Linear's x * W^T): schedules/suites/outside.json,
// docs/performance.md "A transposed B".
func.func @matmul(%A: tensor<32x1000xf32>, %B: tensor<3000x1000xf32>, %C: memref<32x3000xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<32x3000xf32> to tensor<32x3000xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : tensor<32x1000xf32>, tensor<3000x1000xf32>) outs(%c : tensor<32x3000xf32>) -> tensor<32x3000xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<32x3000xf32>, memref<32x3000xf32>) -> ()
  return
}
