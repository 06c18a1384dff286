// Kernels for npy-numpy.test: one per element type, with a 0-d argument.
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
func.func @f32(%a: tensor<3x5xf32>, %b: tensor<3x5xf32>, %s: tensor<f32>) -> tensor<3x5xf32> {
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %s : tensor<3x5xf32>, tensor<3x5xf32>, tensor<f32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %r = arith.addf %m, %z : f32
    linalg.yield %r : f32
  } -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

func.func @f16(%a: tensor<8xf16>) -> tensor<8xf16> {
  %e = tensor.empty() : tensor<8xf16>
  %r = linalg.add ins(%a, %a : tensor<8xf16>, tensor<8xf16>) outs(%e : tensor<8xf16>) -> tensor<8xf16>
  return %r : tensor<8xf16>
}

func.func @bf16(%a: tensor<8xbf16>, %b: tensor<8xbf16>) -> tensor<8xbf16> {
  %e = tensor.empty() : tensor<8xbf16>
  %r = linalg.mul ins(%a, %b : tensor<8xbf16>, tensor<8xbf16>) outs(%e : tensor<8xbf16>) -> tensor<8xbf16>
  return %r : tensor<8xbf16>
}

func.func @ints(%a: tensor<6xi8>, %b: tensor<6xi32>) -> tensor<6xi32> {
  %e = tensor.empty() : tensor<6xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<6xi8>, tensor<6xi32>) outs(%e : tensor<6xi32>) {
  ^bb0(%x: i8, %y: i32, %o: i32):
    %w = arith.extsi %x : i8 to i32
    %r = arith.muli %w, %y : i32
    linalg.yield %r : i32
  } -> tensor<6xi32>
  return %r : tensor<6xi32>
}
