// f32 matmul, M=4096 N=64 K=4096: one of the shapes of the peers benchmark
// (schedules/suites/peers.json). Destination-passing style: the result is
// accumulated into %C (C += A * B), a memref the caller owns.
func.func @matmul(%A: tensor<4096x4096xf32>, %B: tensor<4096x64xf32>,
                  %C: memref<4096x64xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<4096x64xf32> to tensor<4096x64xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x64xf32>)
                     outs(%c : tensor<4096x64xf32>) -> tensor<4096x64xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<4096x64xf32>, memref<4096x64xf32>) -> ()
  return
}
