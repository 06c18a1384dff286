// The elementwise chain of elementwise.mlir on 100000x3 f32 (the outside suite,
// schedules/peers/peers.py): out = max((a + b) * c, 0)
// as three linalg.generic ops. Unfused, each op streams its operands through
// memory; fused, each element is loaded once and stored once.
//
//   build/bin/loom run schedules/elementwise/shapes/elementwise_100000x3.mlir \
//     --schedule schedules/elementwise/schedule.mlir
#id = affine_map<(i, j) -> (i, j)>
func.func @chain(%a: tensor<100000x3xf32>, %b: tensor<100000x3xf32>,
                 %c: tensor<100000x3xf32>, %out: memref<100000x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<100000x3xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<100000x3xf32>, tensor<100000x3xf32>)
      outs(%empty : tensor<100000x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<100000x3xf32>
  %product = linalg.generic {indexing_maps = [#id, #id, #id],
                             iterator_types = ["parallel", "parallel"]}
      ins(%sum, %c : tensor<100000x3xf32>, tensor<100000x3xf32>)
      outs(%empty : tensor<100000x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<100000x3xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id],
                          iterator_types = ["parallel", "parallel"]}
      ins(%product : tensor<100000x3xf32>)
      outs(%empty : tensor<100000x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<100000x3xf32>
  bufferization.materialize_in_destination %relu in restrict writable %out
    : (tensor<100000x3xf32>, memref<100000x3xf32>) -> ()
  return
}
