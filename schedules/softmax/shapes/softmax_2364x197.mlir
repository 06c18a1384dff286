// Softmax over the rows of an f32 2364 x 197 matrix (the outside suite,
// schedules/peers/peers.py).
func.func @softmax(%in: tensor<2364x197xf32>, %out: memref<2364x197xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<2364x197xf32> to tensor<2364x197xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<2364x197xf32>)
                                   outs(%o : tensor<2364x197xf32>) -> tensor<2364x197xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<2364x197xf32>, memref<2364x197xf32>) -> ()
  return
}
