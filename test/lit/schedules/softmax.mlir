// The softmax schedule: verified against the plain lowering (libm's expf) at
// its size and at a small ragged size (6 x 100, on 1 and 2 threads); one row
// per thread-loop iteration; max and sum reduced along the row in 64-lane
// partial vectors, then by halves (no horizontal reduction op is left); exp computed once per element, as a polynomial on vectors
// (no call to expf is left); the division writes over the exponentials with
// no copy of the row, and divides once per row.
//
// RUN: loom run %{schedules}/softmax/softmax_1024.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --iters 1 --dump-ir %t \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=TREE --implicit-check-not=vector.multi_reduction \
// RUN:   --implicit-check-not=vector.reduction < %t/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t/2-bufferized.mlir
// RUN: FileCheck %s --check-prefix=LL < %t/4-optimized.ll
// RUN: loom run %{schedules}/softmax/softmax_6x100.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --iters 1 | FileCheck %s
// RUN: loom run %{schedules}/softmax/softmax_6x100.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --iters 1 --threads 2 \
// RUN:   | FileCheck %s

// CHECK: check       arg 1: passed

// IR-LABEL: func.func @softmax(
// IR:         scf.forall (%{{.*}}) in (1024)
// The max: partial maxima of 64 lanes along the row, then the lanes by
// halves.
// IR:           scf.for
// IR:             arith.maxnumf {{.*}} : vector<1x64xf32>
// IR:           vector.extract_strided_slice {{.*}} : vector<1x64xf32> to vector<1x32xf32>
// IR:           arith.maxnumf {{.*}} : vector<1x32xf32>
// IR:           arith.maxnumf {{.*}} : vector<1x1xf32>
// exp(x - max), 64 columns at a time, as a polynomial.
// IR:           scf.for
// IR:             arith.subf {{.*}} : vector<1x64xf32>
// IR:             math.fma
// IR:           scf.for
// IR:             arith.addf {{.*}} : vector<1x64xf32>
// IR:           vector.extract_strided_slice {{.*}} : vector<1x64xf32> to vector<1x32xf32>
// IR:           arith.addf {{.*}} : vector<1x1xf32>
// One division per row; the row is multiplied by the reciprocal.
// IR:           arith.divf {{.*}} : vector<1xf32>
// IR:           arith.mulf {{.*}} : vector<1x1024xf32>
// IR:           scf.forall.in_parallel
// IR-NOT:     math.exp
// IR-NOT:     linalg.
// IR-NOT:     arith.divf {{.*}} : vector<1x

// TREE: func.func @softmax(

// BUF-LABEL: func.func @softmax(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return

// LL-NOT: call {{.*}}@expf
