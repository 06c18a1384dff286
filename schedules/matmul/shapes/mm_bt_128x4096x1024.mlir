// A matmul whose B is transposed, outside the peers suite (128x4096x1024, f32; B
// is 4096x1024, indexed (n, k) as nn.Linear's x * W^T): schedules/suites/outside.json,
// docs/performance.md "A transposed B".
func.func @matmul(%A: tensor<128x1024xf32>, %B: tensor<4096x1024xf32>, %C: memref<128x4096xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<128x4096xf32> to tensor<128x4096xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : tensor<128x1024xf32>, tensor<4096x1024xf32>) outs(%c : tensor<128x4096xf32>) -> tensor<128x4096xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<128x4096xf32>, memref<128x4096xf32>) -> ()
  return
}
