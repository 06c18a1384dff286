// The flagship payload at a size that runs in milliseconds; the shipped
// schedule needs M % 64 == 0, N % 256 == 0 and K % 256 == 0.
func.func @matmul(%A: tensor<64x256xf32>, %B: tensor<256x256xf32>,
                  %C: memref<64x256xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<64x256xf32> to tensor<64x256xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<64x256xf32>, tensor<256x256xf32>)
                     outs(%c : tensor<64x256xf32>) -> tensor<64x256xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<64x256xf32>, memref<64x256xf32>) -> ()
  return
}
