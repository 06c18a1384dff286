// f32 matmul, 1024 x 1024 x 1024, in destination-passing style: the result is
// accumulated into %C (C += A * B), a memref the caller owns, so no result
// buffer is allocated or copied on each call.
//
//   build/bin/loom run schedules/matmul/matmul.mlir \
//     --schedule schedules/matmul/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
func.func @matmul(%A: tensor<1024x1024xf32>, %B: tensor<1024x1024xf32>,
                  %C: memref<1024x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<1024x1024xf32> to tensor<1024x1024xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
                     outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<1024x1024xf32>, memref<1024x1024xf32>) -> ()
  return
}
