// Softmax over the rows of an f32 1024 x 1024 matrix. Destination-passing
// style: the result is written into %out, a memref the caller owns.
//
//   build/bin/loom run schedules/softmax/softmax_1024.mlir \
//     --schedule schedules/softmax/schedule.mlir --schedule-lib schedules/lib/default.mlir
func.func @softmax(%in: tensor<1024x1024xf32>, %out: memref<1024x1024xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1024x1024xf32> to tensor<1024x1024xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<1024x1024xf32>)
                                   outs(%o : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<1024x1024xf32>, memref<1024x1024xf32>) -> ()
  return
}
