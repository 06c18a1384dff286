// The matmul + bias + ReLU schedule. Its fused way (blocking=0): verified at
// 256 (and with blocks of 64 rows on 2 threads), one thread loop that
// computes each block of the matmul and applies the epilogue to it, no
// full-size intermediate. Its blocked way (blocking=1, the default): the
// matmul packed and blocked by schedules/matmul/schedule.mlir.
//
// RUN: loom run %{schedules}/matmul_bias_relu/matmul_bias_relu_256.mlir \
// RUN:   --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --knob blocking=0 --iters 1 | FileCheck %s
// RUN: loom run %{schedules}/matmul_bias_relu/matmul_bias_relu_256.mlir \
// RUN:   --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --knob blocking=0 --iters 1 --threads 2 \
// RUN:   --knob block_rows=64 --dump-ir %t | FileCheck %s
// RUN: loom run %{schedules}/matmul_bias_relu/matmul_bias_relu_256.mlir \
// RUN:   --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --iters 1 --threads 2 \
// RUN:   --no-records --knob k_block=256 --dump-ir %t.blocked | FileCheck %s
// RUN: FileCheck %s --check-prefix=BLOCKED < %t.blocked/2-bufferized.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t/2-bufferized.mlir

// CHECK: check       arg 3: passed

// IR-LABEL: func.func @matmul_bias_relu(
// IR:         scf.forall
// The matmul's block: 8 x 32 register tiles, one step of K at a time (a
// multiply and an add that LLVM contracts into FMAs).
// IR:           arith.mulf {{.*}} : vector<8x32x1xf32>
// IR:           arith.addf {{.*}} : vector<8x32xf32>
// Then the epilogue of the same block, in 64-wide vectors.
// IR:           arith.maximumf {{.*}} : vector<1x64xf32>
// IR:           scf.forall.in_parallel
// IR-NOT:     linalg.matmul
// IR-NOT:     linalg.generic

// Blocked: B packed into 32-column panels, of 256 rows (k_block pinned: its
// host default is 128 with a 32 KiB L1, as on Zen 4).
// BLOCKED-LABEL: func.func @matmul_bias_relu(
// BLOCKED:         memref.alloc() {{.*}} : memref<8x256x32xf32>

// Only block-sized buffers: the 256 x 256 product is never materialized.
// BUF-LABEL: func.func @matmul_bias_relu(
// BUF-NOT:     memref.alloc() {{.*}} : memref<256x256xf32>
// BUF:         return
