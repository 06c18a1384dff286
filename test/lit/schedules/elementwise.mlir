// The shipped elementwise schedule applied by loom-opt to the shipped payload.
//
// RUN: loom-opt %{schedules}/elementwise/elementwise.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/elementwise/schedule.mlir" \
// RUN:   --transform-interpreter | FileCheck %s
// RUN: loom-opt %{schedules}/elementwise/elementwise.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/elementwise/schedule.mlir" \
// RUN:   --transform-interpreter --loom-bufferize | FileCheck %s --check-prefix=BUF

// The three generics are fused into one loop nest: 16-row blocks in an
// scf.forall, then 1 x 64 vectors. No linalg op and no intermediate tensor
// is left: add, mul and max run on registers and only the result is stored.
// CHECK-LABEL: func.func @chain(
// CHECK-NOT:     linalg.generic
// CHECK:         scf.forall ({{.*}}) in (256)
// CHECK:           scf.for {{.*}} to %c16 step %c1
// CHECK:             scf.for {{.*}} to %c4096 step %c64
// CHECK:               %[[A:.*]] = vector.transfer_read %arg0{{.*}} vector<1x64xf32>
// CHECK:               %[[B:.*]] = vector.transfer_read %arg1{{.*}} vector<1x64xf32>
// CHECK:               %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : vector<1x64xf32>
// CHECK:               %[[C:.*]] = vector.transfer_read %arg2{{.*}} vector<1x64xf32>
// CHECK:               %[[PRODUCT:.*]] = arith.mulf %[[SUM]], %[[C]] : vector<1x64xf32>
// CHECK:               %[[RELU:.*]] = arith.maximumf %[[PRODUCT]], %{{.*}} : vector<1x64xf32>
// CHECK:               vector.transfer_write %[[RELU]]
// CHECK-NOT:     linalg.generic

// Nothing is allocated: the result is written straight into %out.
// BUF-LABEL: func.func @chain(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return
