// f32 matmul, M=64 N=4096 K=4096: one of the shapes of the peers benchmark
// (schedules/suites/peers.json). Destination-passing style: the result is
// accumulated into %C (C += A * B), a memref the caller owns.
func.func @matmul(%A: tensor<64x4096xf32>, %B: tensor<4096x4096xf32>,
                  %C: memref<64x4096xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<64x4096xf32> to tensor<64x4096xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<64x4096xf32>, tensor<4096x4096xf32>)
                     outs(%c : tensor<64x4096xf32>) -> tensor<64x4096xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<64x4096xf32>, memref<64x4096xf32>) -> ()
  return
}
