// f32 matmul, 256 x 256 x 256: matmul.mlir at the size the CI suite
// (schedules/suites/ci.json) times. Destination-passing style: the result
// is accumulated into %C (C += A * B), a memref the caller owns.
//
//   build/bin/loom run schedules/matmul/matmul.mlir \
//     --schedule schedules/matmul/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
func.func @matmul(%A: tensor<256x256xf32>, %B: tensor<256x256xf32>,
                  %C: memref<256x256xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<256x256xf32> to tensor<256x256xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<256x256xf32>, tensor<256x256xf32>)
                     outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<256x256xf32>, memref<256x256xf32>) -> ()
  return
}
