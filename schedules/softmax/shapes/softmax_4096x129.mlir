// Softmax over the rows of an f32 4096 x 129 matrix (the outside suite,
// schedules/peers/peers.py).
func.func @softmax(%in: tensor<4096x129xf32>, %out: memref<4096x129xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<4096x129xf32> to tensor<4096x129xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<4096x129xf32>)
                                   outs(%o : tensor<4096x129xf32>) -> tensor<4096x129xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<4096x129xf32>, memref<4096x129xf32>) -> ()
  return
}
