// Softmax over the rows of an f32 16384 x 16 matrix (the outside suite,
// schedules/peers/peers.py).
func.func @softmax(%in: tensor<16384x16xf32>, %out: memref<16384x16xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<16384x16xf32> to tensor<16384x16xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<16384x16xf32>)
                                   outs(%o : tensor<16384x16xf32>) -> tensor<16384x16xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<16384x16xf32>, memref<16384x16xf32>) -> ()
  return
}
