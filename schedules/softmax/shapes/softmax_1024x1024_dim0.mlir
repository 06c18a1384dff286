// Softmax over the first dimension of an f32 1024 x 1024 matrix: each
// column sums to 1 (the outside suite, schedules/peers/peers.py). Loom's
// schedule decomposes and auto-tiles it; oneDNN's softmax primitive has
// only its reference implementation for an axis that is not the innermost.
func.func @softmax(%in: tensor<1024x1024xf32>, %out: memref<1024x1024xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1024x1024xf32> to tensor<1024x1024xf32>
  %r = linalg.softmax dimension(0) ins(%in : tensor<1024x1024xf32>)
                                   outs(%o : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<1024x1024xf32>, memref<1024x1024xf32>) -> ()
  return
}
