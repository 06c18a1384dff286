// loom-fold-reshape-pairs: an expand_shape of a collapse_shape with the same
// reassociation, back to the collapse's source type, is that source; the
// copy of a memref onto itself that remains is erased. Without it, LLVM 22's
// expand-strided-metadata crashes on the dynamic expand_shape (the second
// RUN line is the lowering that crashed).
// RUN: loom-opt %s --split-input-file --loom-fold-reshape-pairs | FileCheck %s
// RUN: loom-opt %s --split-input-file --loom-lower-bufferized-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @pair(
// CHECK-SAME:      %[[OUT:.*]]: memref<?x?xf32>
// CHECK:         %[[FLAT:.*]] = memref.collapse_shape %[[OUT]]
// CHECK:         memref.store {{.*}}, %[[FLAT]]
// CHECK-NOT:     memref.expand_shape
// CHECK-NOT:     memref.copy
// CHECK:         return
// LLVM-LABEL: llvm.func @pair(
func.func @pair(%out: memref<?x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %out, %c0 : memref<?x?xf32>
  %d1 = memref.dim %out, %c1 : memref<?x?xf32>
  %flat = memref.collapse_shape %out [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  memref.store %v, %flat[%c0] : memref<?xf32>
  %e = memref.expand_shape %flat [[0, 1]] output_shape [%d0, %d1] : memref<?xf32> into memref<?x?xf32>
  memref.copy %e, %out : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

// Back to another shape (3 x 2 x 4, not 2 x 3 x 4): left as it is.
// CHECK-LABEL: func.func @other(
// CHECK:         memref.expand_shape
// CHECK:         memref.copy
func.func @other(%in: memref<2x3x4xf32>, %out: memref<3x2x4xf32>) {
  %flat = memref.collapse_shape %in [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %e = memref.expand_shape %flat [[0, 1], [2]] output_shape [3, 2, 4] : memref<6x4xf32> into memref<3x2x4xf32>
  memref.copy %e, %out : memref<3x2x4xf32> to memref<3x2x4xf32>
  return
}
