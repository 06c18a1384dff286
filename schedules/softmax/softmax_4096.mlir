// Softmax over the rows of an f32 4096 x 4096 matrix. Destination-passing
// style: the result is written into %out, a memref the caller owns.
//
//   build/bin/loom run schedules/softmax/softmax_4096.mlir \
//     --schedule schedules/softmax/schedule.mlir --schedule-lib schedules/lib/default.mlir
func.func @softmax(%in: tensor<4096x4096xf32>, %out: memref<4096x4096xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<4096x4096xf32> to tensor<4096x4096xf32>
  %r = linalg.softmax dimension(1) ins(%in : tensor<4096x4096xf32>)
                                   outs(%o : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
  return
}
