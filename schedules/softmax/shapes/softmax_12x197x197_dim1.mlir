// Softmax over the middle dimension of an f32 12 x 197 x 197 tensor (the
// attention scores of softmax_12x197x197.mlir normalized over the queries
// instead of the keys; the outside suite, schedules/peers/peers.py).
// oneDNN's softmax primitive has only its reference implementation for an
// axis that is not the innermost.
func.func @softmax(%in: tensor<12x197x197xf32>, %out: memref<12x197x197xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<12x197x197xf32> to tensor<12x197x197xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<12x197x197xf32>)
                                   outs(%o : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<12x197x197xf32>, memref<12x197x197xf32>) -> ()
  return
}
