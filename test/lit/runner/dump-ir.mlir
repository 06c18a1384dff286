// --dump-ir writes the IR after each stage, the optimized LLVM IR and the
// object file, so that a result can be inspected and reproduced.
//
// RUN: rm -rf %t && loom run %{inputs}/matmul-64x256x256.mlir \
// RUN:   --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --knob in_place_rows=0 --iters 1 --dump-ir %t > /dev/null
// RUN: FileCheck %s --check-prefix=SCHEDULED < %t/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=BUFFERIZED < %t/2-bufferized.mlir
// RUN: FileCheck %s --check-prefix=LLVM-DIALECT < %t/3-llvm-dialect.mlir
// RUN: FileCheck %s --check-prefix=LLVM-IR < %t/4-optimized.ll
// RUN: test -s %t/5-kernel.o
// The IR after the schedule runs again as a payload of its own.
// RUN: loom run %t/1-scheduled.mlir --iters 1 | FileCheck %s --check-prefix=AGAIN

// SCHEDULED: func.func @matmul(
// SCHEDULED: vector.fma
// SCHEDULED-NOT: transform.

// BUFFERIZED: func.func @matmul(%{{.*}}: memref<64x256xf32>, %{{.*}}: memref<256x256xf32>, %{{.*}}: memref<64x256xf32>)

// LLVM-DIALECT: llvm.func @matmul(

// LLVM-IR: define void @matmul(
// LLVM-IR: @llvm.fmuladd.v32f32

// AGAIN: loom run {{.*}}1-scheduled.mlir @matmul  (no schedule)
// AGAIN: check       arg 2: passed
