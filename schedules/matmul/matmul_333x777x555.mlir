// f32 matmul, M=333 N=777 K=555: an odd shape, a multiple of no tile, in
// the peers benchmark (schedules/suites/peers.json) to show that the matmul
// schedule keeps its fast path where the tiles are full. Destination-passing
// style: the result is accumulated into %C (C += A * B), a memref the
// caller owns.
func.func @matmul(%A: tensor<333x555xf32>, %B: tensor<555x777xf32>,
                  %C: memref<333x777xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<333x777xf32> to tensor<333x777xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<333x555xf32>, tensor<555x777xf32>)
                     outs(%c : tensor<333x777xf32>) -> tensor<333x777xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<333x777xf32>, memref<333x777xf32>) -> ()
  return
}
