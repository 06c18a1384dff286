// relu(A * B + bias), f32, 2048 x 2048 x 2048: a matmul with its epilogue (a bias
// per column, then ReLU). Destination-passing style: the result is written
// into %C, a memref the caller owns.
//
//   build/bin/loom run schedules/matmul_bias_relu/matmul_bias_relu_2048.mlir \
//     --schedule schedules/matmul_bias_relu/schedule.mlir \
//     --schedule-lib schedules/lib/default.mlir \
//     --schedule-lib schedules/matmul/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
func.func @matmul_bias_relu(%A: tensor<2048x2048xf32>, %B: tensor<2048x2048xf32>,
                            %bias: tensor<2048xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2048x2048xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2048x2048xf32>)
    -> tensor<2048x2048xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<2048x2048xf32>, tensor<2048x2048xf32>)
                      outs(%init : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %c = bufferization.to_tensor %C restrict writable
    : memref<2048x2048xf32> to tensor<2048x2048xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<2048x2048xf32>, tensor<2048xf32>)
      outs(%c : tensor<2048x2048xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %sum = arith.addf %x, %b : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<2048x2048xf32>
  bufferization.materialize_in_destination %r in restrict writable %C
    : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
  return
}
