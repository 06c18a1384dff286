// The elementwise schedule that fuses with transform.loom.fuse_elementwise,
// applied by loom-opt to the shipped payload, and run by loom run.
//
// RUN: loom-opt %{schedules}/elementwise/elementwise_1024.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/elementwise/fused.mlir" \
// RUN:   --transform-interpreter | FileCheck %s
// RUN: loom run %{schedules}/elementwise/elementwise_1024.mlir --schedule %{schedules}/elementwise/fused.mlir \
// RUN:   --iters 1 --json %t.json > /dev/null
// RUN: %{json-get} %t.json check.status schedule.fusion.0.outcome schedule.fusion.1.outcome | FileCheck %s --check-prefix=RECORD

// One loop nest: 16-row blocks in an scf.forall, then 1 x 64 vectors; add,
// mul and max run on registers and only the result is stored.
// CHECK-LABEL: func.func @chain(
// CHECK-NOT:     linalg.generic
// CHECK:         scf.forall ({{.*}}) in (64)
// CHECK:           scf.for {{.*}} to %c16 step %c1
// CHECK:             scf.for {{.*}} to %c1024 step %c64
// CHECK-DAG:           %[[A:.*]] = vector.transfer_read %arg0{{.*}} vector<1x64xf32>
// CHECK-DAG:           %[[B:.*]] = vector.transfer_read %arg1{{.*}} vector<1x64xf32>
// CHECK-DAG:           %[[C:.*]] = vector.transfer_read %arg2{{.*}} vector<1x64xf32>
// CHECK:               %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : vector<1x64xf32>
// CHECK:               %[[PRODUCT:.*]] = arith.mulf %[[SUM]], %[[C]] : vector<1x64xf32>
// CHECK:               %[[RELU:.*]] = arith.maximumf %[[PRODUCT]], %{{.*}} : vector<1x64xf32>
// CHECK:               vector.transfer_write %[[RELU]]
// CHECK-NOT:     linalg.generic

// RECORD: check.status = "passed"
// RECORD: schedule.fusion.0.outcome = "fused"
// RECORD: schedule.fusion.1.outcome = "fused"
