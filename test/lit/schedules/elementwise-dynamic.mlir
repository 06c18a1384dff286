// The elementwise schedule on dynamic sizes: flattened as static ones, the
// rest of each block masked, and checked. LLVM 22's
// expand-strided-metadata crashed on the memref.expand_shape that
// flattening leaves after bufferization (loom run reported "the lowering
// pipeline crashed"); loom-fold-reshape-pairs now folds it away first.
//
// RUN: rm -rf %t && loom run %s --schedule %{schedules}/elementwise/schedule.mlir \
// RUN:   --dim 0=33 --dim 1=517 --dim 2=33 --dim 3=517 --dim 4=33 --dim 5=517 \
// RUN:   --no-timing --dump-ir %t | FileCheck %s --check-prefix=DYNAMIC
// RUN: FileCheck %s --check-prefix=DYNAMIC-IR < %t/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/elementwise/schedule.mlir --threads 2 \
// RUN:   --dim 0=33 --dim 1=517 --dim 2=33 --dim 3=517 --dim 4=33 --dim 5=517 \
// RUN:   --no-timing | FileCheck %s --check-prefix=DYNAMIC

// DYNAMIC:      check       arg 2: passed
// DYNAMIC-IR-LABEL: func.func @dynamic(
// DYNAMIC-IR:         tensor.collapse_shape {{.*}} into tensor<?xf32>
// DYNAMIC-IR:         scf.forall
// DYNAMIC-IR:           arith.maximumf {{.*}} : vector<64xf32>
// DYNAMIC-IR:           vector.create_mask
// DYNAMIC-IR:           arith.maximumf {{.*}} : vector<63xf32>
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %s = linalg.add ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.max ins(%s, %f : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
