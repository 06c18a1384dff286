// f32 matmul, M=2048 N=2048 K=2048: one of the shapes of the peers benchmark
// (schedules/suites/peers.json). Destination-passing style: the result is
// accumulated into %C (C += A * B), a memref the caller owns.
func.func @matmul(%A: tensor<2048x2048xf32>, %B: tensor<2048x2048xf32>,
                  %C: memref<2048x2048xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<2048x2048xf32> to tensor<2048x2048xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<2048x2048xf32>, tensor<2048x2048xf32>)
                     outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
  return
}
