// f32 matmul, M=1000 N=1000 K=1000: one of the shapes of the peers benchmark
// (schedules/suites/peers.json). Destination-passing style: the result is
// accumulated into %C (C += A * B), a memref the caller owns.
func.func @matmul(%A: tensor<1000x1000xf32>, %B: tensor<1000x1000xf32>,
                  %C: memref<1000x1000xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<1000x1000xf32> to tensor<1000x1000xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<1000x1000xf32>, tensor<1000x1000xf32>)
                     outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<1000x1000xf32>, memref<1000x1000xf32>) -> ()
  return
}
