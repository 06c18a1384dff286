// relu(A * B + bias), f32, 256 x 256 x 256: a matmul with its epilogue (a bias
// per column, then ReLU). Destination-passing style: the result is written
// into %C, a memref the caller owns.
//
//   build/bin/loom run schedules/matmul_bias_relu/matmul_bias_relu_256.mlir \
//     --schedule schedules/matmul_bias_relu/schedule.mlir \
//     --schedule-lib schedules/lib/default.mlir \
//     --schedule-lib schedules/matmul/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
func.func @matmul_bias_relu(%A: tensor<256x256xf32>, %B: tensor<256x256xf32>,
                            %bias: tensor<256xf32>, %C: memref<256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x256xf32>)
    -> tensor<256x256xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<256x256xf32>, tensor<256x256xf32>)
                      outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = bufferization.to_tensor %C restrict writable
    : memref<256x256xf32> to tensor<256x256xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<256x256xf32>, tensor<256xf32>)
      outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %sum = arith.addf %x, %b : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<256x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %C
    : (tensor<256x256xf32>, memref<256x256xf32>) -> ()
  return
}
