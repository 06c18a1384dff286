// The softmax schedule: verified against the plain lowering (libm's expf),
// exp computed once (fused into the sum and kept), as a polynomial on
// vectors: no call to expf is left.
//
// RUN: loom run %{schedules}/softmax/softmax_1024.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --iters 1 --dump-ir %t \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=LL < %t/4-optimized.ll

// CHECK: check       arg 1: passed
// CHECK: fusion      1 pair(s) fused

// IR-LABEL: func.func @softmax(
// IR-NOT:     math.exp
// IR-NOT:     linalg.

// LL-NOT: call {{.*}}@expf
