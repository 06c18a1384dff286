// The elementwise chain out = max((a + b) * c, 0) at a small size.
#id = affine_map<(i, j) -> (i, j)>
func.func @chain(%a: tensor<32x128xf32>, %b: tensor<32x128xf32>,
                 %c: tensor<32x128xf32>, %out: memref<32x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<32x128xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<32x128xf32>, tensor<32x128xf32>) outs(%empty : tensor<32x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<32x128xf32>
  %product = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum, %c : tensor<32x128xf32>, tensor<32x128xf32>) outs(%empty : tensor<32x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<32x128xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%product : tensor<32x128xf32>) outs(%empty : tensor<32x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<32x128xf32>
  bufferization.materialize_in_destination %relu in restrict writable %out
    : (tensor<32x128xf32>, memref<32x128xf32>) -> ()
  return
}
