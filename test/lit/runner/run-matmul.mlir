// loom run on the flagship payload (small size) with the shipped schedule:
// the report, with 1 and 2 threads.
//
// RUN: loom run %{inputs}/matmul-64x256x256.mlir \
// RUN:   --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --iters 3 | FileCheck %s
// RUN: loom run %{inputs}/matmul-64x256x256.mlir \
// RUN:   --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --iters 3 --threads 2 \
// RUN:   | FileCheck %s --check-prefix=THREADS

// CHECK:      loom run {{.*}}matmul-64x256x256.mlir @matmul  (schedule: {{.*}}matmul/schedule.mlir, @__transform_main)
// CHECK-NEXT:   host        {{.+}}, 1 thread
// CHECK-NEXT:   inputs      random, seed 0: tensor<64x256xf32>, tensor<256x256xf32>, memref<64x256xf32>
// The DPS output is checked with K = 256: rtol = 4 eps (256 + 4).
// CHECK-NEXT:   check       arg 2: passed, max abs err {{.*}}, max rel err {{.*}} (rtol 1.2e-04, atol {{.*}}, reduction 256)
// The blocking comes from the host (docs/performance.md); no tuned record
// is for this payload.
// CHECK-NEXT:   host knobs  m_r={{.*}}, few_rows={{.*}} (m_r / 2 = {{.*}}), n_r={{.*}} (vector_bytes / 64 = {{.*}}), k_block={{.*}}, n_panels={{.*}}, m_c={{.*}}, thread_parts=1 (threads = 1)
// CHECK-NEXT:   record      none applied: no record for this payload and schedule in {{.*}}records.json
// 2 x 64 x 256 x 256 FLOPs; A, B and C once each.
// CHECK-NEXT:   work        8.389 MFLOP, 393.216 kB in and out of the function
// CHECK-NEXT:   time/call   median {{.*}}, min {{.*}}, mean {{.*}}, stddev {{.*}} (3 samples x {{[0-9]+}} call
// CHECK-NEXT:   throughput  {{[0-9.]+}} GFLOP/s (best {{[0-9.]+}}), {{[0-9.]+}} GB/s
// CHECK-NEXT:   phases      parse {{.*}}, schedule {{.*}}, lower {{.*}}, jit {{.*}}, reference {{.*}}, check {{.*}}, timing

// THREADS:      host        {{.+}}, 2 threads
// THREADS:      check       arg 2: passed
