// loom-lower-library-calls turns linalg ops with a library_call into calls
// of that function with fully dynamic memref operands; one declaration (with
// the C interface) serves calls of any static shape. A convolution's call
// takes its strides and dilations after the operands, a softmax's its
// operands unranked and its dimension. Other linalg ops stay.
//
// RUN: loom-opt %s --split-input-file --loom-lower-library-calls --verify-diagnostics \
// RUN:   | FileCheck %s

#map_a = affine_map<(i, j, k) -> (i, k)>
#map_b = affine_map<(i, j, k) -> (k, j)>
#map_c = affine_map<(i, j, k) -> (i, j)>

// CHECK: func.func private @loom_onednn_matmul_f32(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @two_calls(
// CHECK:         %[[A:.*]] = memref.cast %arg0 : memref<4x8xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK:         %[[B:.*]] = memref.cast %arg1
// CHECK:         %[[C:.*]] = memref.cast %arg2
// CHECK:         call @loom_onednn_matmul_f32(%[[A]], %[[B]], %[[C]])
// CHECK:         call @loom_onednn_matmul_f32(
// CHECK:         linalg.fill
// CHECK-NOT:     linalg.generic
func.func @two_calls(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>,
                     %d: memref<2x2xf32>) {
  linalg.generic {indexing_maps = [#map_a, #map_b, #map_c],
                  iterator_types = ["parallel", "parallel", "reduction"],
                  library_call = "loom_onednn_matmul_f32"}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#map_a, #map_b, #map_c],
                  iterator_types = ["parallel", "parallel", "reduction"],
                  library_call = "loom_onednn_matmul_f32"}
      ins(%d, %d : memref<2x2xf32>, memref<2x2xf32>) outs(%d : memref<2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%d : memref<2x2xf32>)
  return
}

// -----

// A named convolution, and a generic with a convolution's indexing maps
// (strides 2 and 3, dilations 1 and 2): strides, then dilations, as i64.
// CHECK: func.func private @conv(memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, i64, i64, i64, i64)
// CHECK-LABEL: func.func @convolutions(
// CHECK:         %[[SH:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    %[[SW:.*]] = arith.constant 3 : i64
// CHECK-NEXT:    %[[DH:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[DW:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    call @conv(%{{.*}}, %{{.*}}, %{{.*}}, %[[SH]], %[[SW]], %[[DH]], %[[DW]])
// CHECK:         %[[SH:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    %[[SW:.*]] = arith.constant 3 : i64
// CHECK-NEXT:    %[[DH:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[DW:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    call @conv(%{{.*}}, %{{.*}}, %{{.*}}, %[[SH]], %[[SW]], %[[DH]], %[[DW]])
func.func @convolutions(%in: memref<1x9x13x4xf32>, %f: memref<3x3x4x8xf32>,
                        %out: memref<1x4x3x8xf32>) {
  linalg.conv_2d_nhwc_hwcf {library_call = "conv",
                            strides = dense<[2, 3]> : tensor<2xi64>,
                            dilations = dense<[1, 2]> : tensor<2xi64>}
      ins(%in, %f : memref<1x9x13x4xf32>, memref<3x3x4x8xf32>)
      outs(%out : memref<1x4x3x8xf32>)
  linalg.generic {indexing_maps = [
                    affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh * 2 + kh, ow * 3 + kw * 2, c)>,
                    affine_map<(n, oh, ow, f, kh, kw, c) -> (kh, kw, c, f)>,
                    affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel",
                                    "reduction", "reduction", "reduction"],
                  library_call = "conv"}
      ins(%in, %f : memref<1x9x13x4xf32>, memref<3x3x4x8xf32>)
      outs(%out : memref<1x4x3x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// On tensors (before bufferization) there is nothing to call yet.
func.func @on_tensors(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{an op with a library_call must work on memrefs here (bufferize first)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"], library_call = "f"}
      outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A function whose name ends with an element type computes in that type:
// an f64 op marked for an f32 function is an error, where the f32 function
// read its f64 operands as floats and returned garbage.
func.func @f64_for_f32(%a: memref<4x4xf64>, %b: memref<4x4xf64>, %c: memref<4x4xf64>) {
  // expected-error @below {{library call @loom_onednn_matmul_f32 takes f32 operands; this op has 'memref<4x4xf64>'}}
  linalg.matmul {library_call = "loom_onednn_matmul_f32"}
      ins(%a, %b : memref<4x4xf64>, memref<4x4xf64>) outs(%c : memref<4x4xf64>)
  return
}

// -----

// A softmax's call takes its operands unranked, so that one declaration
// serves every rank, and its dimension after them.
// CHECK: func.func private @softmax(memref<*xf32>, memref<*xf32>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @softmaxes(
// CHECK:         %[[IN:.*]] = memref.cast %arg0 : memref<4x8xf32> to memref<*xf32>
// CHECK:         %[[OUT:.*]] = memref.cast %arg1 : memref<4x8xf32> to memref<*xf32>
// CHECK:         %[[DIM:.*]] = arith.constant 0 : i64
// CHECK:         call @softmax(%[[IN]], %[[OUT]], %[[DIM]])
// CHECK:         memref.cast %arg2 : memref<2x3x5xf32> to memref<*xf32>
// CHECK:         %[[DIM:.*]] = arith.constant 1 : i64
// CHECK:         call @softmax({{.*}}, %[[DIM]])
func.func @softmaxes(%a: memref<4x8xf32>, %b: memref<4x8xf32>,
                     %c: memref<2x3x5xf32>, %d: memref<2x3x5xf32>) {
  linalg.softmax {library_call = "softmax"} dimension(0)
      ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.softmax {library_call = "softmax"} dimension(1)
      ins(%c : memref<2x3x5xf32>) outs(%d : memref<2x3x5xf32>)
  return
}

// -----

// A matmul with B transposed (a linalg.matmul with indexing_maps,
// generalized): its call gets B's transposed view, (k, n) as the library
// takes it, and the library reads it as a transposed matrix by its strides
// (where it once got B as it was and computed A * B^T^T). A batch matmul
// with A transposed the same way; C and the operands in order are passed
// as they are.
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
#bkm = affine_map<(b, m, n, k) -> (b, k, m)>
#bkn = affine_map<(b, m, n, k) -> (b, k, n)>
#bmn = affine_map<(b, m, n, k) -> (b, m, n)>

// CHECK-LABEL: func.func @transposed(
// CHECK-SAME:    %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<16x8xf32>, %[[C:.*]]: memref<4x16xf32>, %[[AT:.*]]: memref<2x8x4xf32>, %[[BB:.*]]: memref<2x8x16xf32>, %[[CB:.*]]: memref<2x4x16xf32>
// CHECK-NOT:     memref.transpose %[[A]]
// CHECK:         %[[A_CAST:.*]] = memref.cast %[[A]]
// CHECK:         %[[B_T:.*]] = memref.transpose %[[B]] (d0, d1) -> (d1, d0) : memref<16x8xf32> to memref<8x16xf32, strided<[1, 8]>>
// CHECK:         %[[B_CAST:.*]] = memref.cast %[[B_T]]
// CHECK-NOT:     memref.transpose %[[C]]
// CHECK:         %[[C_CAST:.*]] = memref.cast %[[C]]
// CHECK:         call @loom_onednn_matmul_f32(%[[A_CAST]], %[[B_CAST]], %[[C_CAST]])
// CHECK:         %[[AT_T:.*]] = memref.transpose %[[AT]] (d0, d1, d2) -> (d0, d2, d1) : memref<2x8x4xf32> to memref<2x4x8xf32, strided<[32, 1, 4]>>
// CHECK:         %[[AT_CAST:.*]] = memref.cast %[[AT_T]]
// CHECK-NOT:     memref.transpose
// CHECK:         call @loom_onednn_batch_matmul_f32(%[[AT_CAST]],
func.func @transposed(%a: memref<4x8xf32>, %b: memref<16x8xf32>, %c: memref<4x16xf32>,
                      %at: memref<2x8x4xf32>, %bb: memref<2x8x16xf32>, %cb: memref<2x4x16xf32>) {
  linalg.generic {indexing_maps = [#mk, #nk, #mn],
                  iterator_types = ["parallel", "parallel", "reduction"],
                  library_call = "loom_onednn_matmul_f32"}
      ins(%a, %b : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#bkm, #bkn, #bmn],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"],
                  library_call = "loom_onednn_batch_matmul_f32"}
      ins(%at, %bb : memref<2x8x4xf32>, memref<2x8x16xf32>) outs(%cb : memref<2x4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  return
}
