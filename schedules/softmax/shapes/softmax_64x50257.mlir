// Softmax over the rows of an f32 64 x 50257 matrix (the outside suite,
// schedules/peers/peers.py).
func.func @softmax(%in: tensor<64x50257xf32>, %out: memref<64x50257xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<64x50257xf32> to tensor<64x50257xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<64x50257xf32>)
                                   outs(%o : tensor<64x50257xf32>) -> tensor<64x50257xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<64x50257xf32>, memref<64x50257xf32>) -> ()
  return
}
