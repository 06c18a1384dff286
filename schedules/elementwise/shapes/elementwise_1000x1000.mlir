// The elementwise chain of elementwise.mlir on 1000x1000 f32 (the outside suite,
// schedules/peers/peers.py): out = max((a + b) * c, 0)
// as three linalg.generic ops. Unfused, each op streams its operands through
// memory; fused, each element is loaded once and stored once.
//
//   build/bin/loom run schedules/elementwise/shapes/elementwise_1000x1000.mlir \
//     --schedule schedules/elementwise/schedule.mlir
#id = affine_map<(i, j) -> (i, j)>
func.func @chain(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>,
                 %c: tensor<1000x1000xf32>, %out: memref<1000x1000xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1000x1000xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>)
      outs(%empty : tensor<1000x1000xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<1000x1000xf32>
  %product = linalg.generic {indexing_maps = [#id, #id, #id],
                             iterator_types = ["parallel", "parallel"]}
      ins(%sum, %c : tensor<1000x1000xf32>, tensor<1000x1000xf32>)
      outs(%empty : tensor<1000x1000xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<1000x1000xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id],
                          iterator_types = ["parallel", "parallel"]}
      ins(%product : tensor<1000x1000xf32>)
      outs(%empty : tensor<1000x1000xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1000x1000xf32>
  bufferization.materialize_in_destination %relu in restrict writable %out
    : (tensor<1000x1000xf32>, memref<1000x1000xf32>) -> ()
  return
}
