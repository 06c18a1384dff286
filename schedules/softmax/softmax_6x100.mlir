// Softmax over the rows of an f32 6 x 100 matrix: a small size for tests,
// with rows that are not a multiple of the schedule's 32- and 64-wide steps.
func.func @softmax(%in: tensor<6x100xf32>, %out: memref<6x100xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<6x100xf32> to tensor<6x100xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<6x100xf32>)
                                   outs(%o : tensor<6x100xf32>) -> tensor<6x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<6x100xf32>, memref<6x100xf32>) -> ()
  return
}
