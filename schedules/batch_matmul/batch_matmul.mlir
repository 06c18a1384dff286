// f32 batch_matmul, 8 x (512 x 512 x 512): the batch matmul of the peers
// benchmark (schedules/suites/peers.json). The result is accumulated into %C
// (C += A * B), a memref the caller owns.
func.func @batch_matmul(%A: tensor<8x512x512xf32>, %B: tensor<8x512x512xf32>,
                        %C: memref<8x512x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<8x512x512xf32> to tensor<8x512x512xf32>
  %0 = linalg.batch_matmul
      ins(%A, %B : tensor<8x512x512xf32>, tensor<8x512x512xf32>)
      outs(%c : tensor<8x512x512xf32>) -> tensor<8x512x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<8x512x512xf32>, memref<8x512x512xf32>) -> ()
  return
}
