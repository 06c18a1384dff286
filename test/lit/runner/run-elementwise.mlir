// The shipped elementwise schedule: fused, vectorized, verified.
//
// RUN: loom run %{inputs}/elementwise-32x128.mlir \
// RUN:   --schedule %{schedules}/elementwise/schedule.mlir --iters 3 | FileCheck %s

// CHECK:      loom run {{.*}}elementwise-32x128.mlir @chain  (schedule: {{.*}}elementwise/schedule.mlir, @__transform_main)
// An elementwise output has no reduction: rtol = 4 eps (1 + 4).
// CHECK:        check       arg 3: passed, max abs err {{.*}} (rtol 2.4e-06, atol {{.*}}, reduction 1)
// The schedule fuses the chain of three into one op (transform.loom.fuse_elementwise).
// CHECK-NEXT:   fusion      2 pair(s) fused, 0 not
// 3 ops per element; a, b, c and out once each.
// CHECK-NEXT:   work        12.288 kFLOP, 65.536 kB in and out of the function
// CHECK:        throughput  {{[0-9.]+}} GFLOP/s (best {{[0-9.]+}}), {{[0-9.]+}} GB/s
