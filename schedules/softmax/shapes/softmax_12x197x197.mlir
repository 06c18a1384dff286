// Softmax over the last dimension of an f32 12 x 197 x 197 tensor: a
// ViT-B/16's attention scores, 12 heads of 197 tokens (the outside suite,
// schedules/peers/peers.py).
func.func @softmax(%in: tensor<12x197x197xf32>, %out: memref<12x197x197xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<12x197x197xf32> to tensor<12x197x197xf32>
  %r = linalg.softmax dimension(2) ins(%in : tensor<12x197x197xf32>)
                                   outs(%o : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<12x197x197xf32>, memref<12x197x197xf32>) -> ()
  return
}
