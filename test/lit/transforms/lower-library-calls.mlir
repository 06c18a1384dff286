// loom-lower-library-calls turns linalg.generic ops with a library_call into
// calls of that function with fully dynamic memref operands; one declaration
// (with the C interface) serves calls of any static shape. Other linalg ops
// stay.
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
