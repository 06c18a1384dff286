// f32 matmul, 512 x 512 x 512: matmul.mlir at the size the CI suite
// (schedules/suites/ci.json) times. Destination-passing style: the result
// is accumulated into %C (C += A * B), a memref the caller owns.
//
//   build/bin/loom run schedules/matmul/matmul.mlir \
//     --schedule schedules/matmul/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
func.func @matmul(%A: tensor<512x512xf32>, %B: tensor<512x512xf32>,
                  %C: memref<512x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<512x512xf32> to tensor<512x512xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<512x512xf32>, tensor<512x512xf32>)
                     outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<512x512xf32>, memref<512x512xf32>) -> ()
  return
}
