// Softmax over the rows of an f32 8192 x 100 matrix (the outside suite,
// schedules/peers/peers.py).
func.func @softmax(%in: tensor<8192x100xf32>, %out: memref<8192x100xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<8192x100xf32> to tensor<8192x100xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<8192x100xf32>)
                                   outs(%o : tensor<8192x100xf32>) -> tensor<8192x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<8192x100xf32>, memref<8192x100xf32>) -> ()
  return
}
