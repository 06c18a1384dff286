// RUN: loom-opt %s --loom-print-work --split-input-file --verify-diagnostics

// FLOPs = iterations x ops in the body; bytes = every input and init operand.

// expected-remark @below {{@matmul: 1.024e+03 FLOPs in 2 ops, 8.960e+02 interface bytes, reductions: results [16], args [1, 1]}}
func.func @matmul(%A: tensor<8x16xf32>, %B: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  // A fill has no arithmetic: 0 FLOPs.
  // expected-remark @below {{linalg.fill: 0.000e+00 FLOPs (32 iterations x 0), 1.320e+02 bytes, reduction 1}}
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-remark @below {{linalg.matmul: 1.024e+03 FLOPs (512 iterations x 2), 8.960e+02 bytes, reduction 16}}
  %0 = linalg.matmul ins(%A, %B : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Casts and linalg.index count 0, math.fma counts 2, everything else 1.

// expected-remark @below {{@generic: 3.200e+01 FLOPs in 1 ops, 8.000e+01 interface bytes}}
func.func @generic(%x: tensor<8xf16>, %y: tensor<8xf32>) -> tensor<8xf32> {
  // expected-remark @below {{linalg.generic: 3.200e+01 FLOPs (8 iterations x 4), 4.800e+01 bytes, reduction 1}}
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<8xf16>) outs(%y : tensor<8xf32>) {
  ^bb0(%a: f16, %b: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %e = arith.extf %a : f16 to f32
    %m = math.fma %e, %fi, %b : f32
    %s = arith.subf %m, %fi : f32
    %r = math.exp %s : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// conv_2d_nhwc_hwcf: 2 x N x OH x OW x F x KH x KW x C; bytes of in, w, out.

// expected-remark @below {{@conv: 1.475e+05 FLOPs in 1 ops, 1.600e+04 interface bytes, reductions: results [72]}}
func.func @conv(%in: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x16xf32>, %out: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-remark @below {{linalg.conv_2d_nhwc_hwcf: 1.475e+05 FLOPs (73728 iterations x 2), 1.190e+04 bytes, reduction 72}}
  %0 = linalg.conv_2d_nhwc_hwcf ins(%in, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%out : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

// Dynamic shapes are not counted: loom run specializes them first.

// expected-remark @below {{@dynamic: 0.000e+00 FLOPs in 0 ops, 0.000e+00 interface bytes (partial)}}
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @below {{linalg.add: not counted (dynamic shape or unknown op)}}
  %0 = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%a : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
