// The softmax schedule: verified against the plain lowering (libm's expf) at
// its size and at small ragged sizes (6 x 100, on 1 and 2 threads; 3 x 129);
// two rows of 1024 per thread-loop iteration, four of 100 or 129, the rows
// past the whole steps one at a time; max and sum reduced along a row of
// 1024 in 64-lane partial vectors, then by halves (no horizontal reduction
// op is left); exp computed once per element, as a polynomial on vectors
// (no call to expf is left); the division writes over the exponentials with
// no copy of the row, and divides once per row. A row shorter than two steps
// of 64 (100) is reduced as one vector, and the columns a row of 129 has
// past its whole steps as one more: neither needs a buffer for its lanes
// (each row allocated one, 3x slower, before). A softmax over the last
// dimension of a 3-D tensor is one over its rows.
// (--no-records: the schedule's own defaults, whatever records the host
// has: a record of this CPU for 1024 x 1024 once gave it steps of two rows
// where the test asks for one.)
//
// RUN: loom run %{schedules}/softmax/softmax_1024.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-records --iters 1 --dump-ir %t \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=TREE --implicit-check-not=vector.multi_reduction \
// RUN:   --implicit-check-not=vector.reduction < %t/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t/2-bufferized.mlir
// RUN: FileCheck %s --check-prefix=LL < %t/4-optimized.ll
// RUN: FileCheck %s --check-prefix=PREFETCH < %t/4-optimized.ll
// RUN: loom run %{schedules}/softmax/softmax_1024.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-records --iters 1 \
// RUN:   --knob prefetch_rows_ahead=0 --dump-ir %t.none | FileCheck %s
// RUN: FileCheck %s --check-prefix=NO-PREFETCH < %t.none/4-optimized.ll
// two_rows_below comes from the host's L1 (l1d_bytes / 16): on one of 16
// KiB, rows of 1024 go one at a time.
// RUN: loom run %{schedules}/softmax/softmax_1024.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-records --iters 1 \
// RUN:   --host-param l1d_bytes=16384 --dump-ir %t.l1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=ONE < %t.l1/1-scheduled.mlir
// RUN: loom run %{schedules}/softmax/softmax_6x100.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-records --iters 1 --dump-ir %t.short | FileCheck %s
// RUN: FileCheck %s --check-prefix=SHORT < %t.short/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t.short/2-bufferized.mlir
// RUN: sed 's/6x100/3x129/g' %{schedules}/softmax/softmax_6x100.mlir > %t.129.mlir
// RUN: loom run %t.129.mlir --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-records --iters 1 --dump-ir %t.rest | FileCheck %s
// RUN: FileCheck %s --check-prefix=REST < %t.rest/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t.rest/2-bufferized.mlir
// A softmax over the last dimension of a 3-D tensor (3 heads of 5 x 129):
// its 15 rows, as for a 2-D one.
// RUN: sed 's/6x100xf32/3x5x129xf32/g; s/dimension(1)/dimension(2)/' %{schedules}/softmax/softmax_6x100.mlir > %t.3d.mlir
// RUN: loom run %t.3d.mlir --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-records --iters 1 --dump-ir %t.3d | FileCheck %s
// RUN: FileCheck %s --check-prefix=RANK3 < %t.3d/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t.3d/2-bufferized.mlir
// RUN: loom run %{schedules}/softmax/softmax_6x100.mlir \
// RUN:   --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-records --iters 1 --threads 2 \
// RUN:   | FileCheck %s

// CHECK: check       arg 1: passed

// IR-LABEL: func.func @softmax(
// Rows of fewer than two_rows_below columns (3072 on a 48 KiB L1) go two
// at a time.
// IR:         scf.forall (%{{.*}}) in (512)
// The max: partial maxima of 64 lanes along each row, then the lanes by
// halves.
// IR:           scf.for
// IR:             arith.maxnumf {{.*}} : vector<2x64xf32>
// IR:           vector.extract_strided_slice {{.*}} : vector<2x64xf32> to vector<2x32xf32>
// IR:           arith.maxnumf {{.*}} : vector<2x32xf32>
// IR:           arith.maxnumf {{.*}} : vector<2x1xf32>
// exp(x - max), 64 columns at a time, as a polynomial.
// IR:           scf.for
// IR:             arith.subf {{.*}} : vector<2x64xf32>
// IR:             math.fma
// The exp loop prefetches the next step's rows (prefetch_rows_ahead), in
// the LLVM IR one prefetch per line, 8 per step of 2 x 64 columns.
// IR:           } {loom.prefetch_outer_ahead = 1 : i64}
// IR:           scf.for
// IR:             arith.addf {{.*}} : vector<2x64xf32>
// IR:           vector.extract_strided_slice {{.*}} : vector<2x64xf32> to vector<2x32xf32>
// IR:           arith.addf {{.*}} : vector<2x1xf32>
// One division per row; the rows, 64 columns at a time, are multiplied by
// the reciprocals.
// IR:           scf.for
// IR:             arith.divf {{.*}} : vector<2xf32>
// IR:             arith.mulf {{.*}} : vector<2x64xf32>
// IR:           scf.forall.in_parallel
// IR-NOT:     math.exp
// IR-NOT:     linalg.
// IR-NOT:     arith.divf {{.*}} : vector<2x

// ONE-LABEL: func.func @softmax(
// ONE:         scf.forall (%{{.*}}) in (1024)
// ONE:           arith.maxnumf {{.*}} : vector<1x64xf32>

// Rows of 100, four at a time (fewer than four_rows_below columns): the
// first four rows in one step (a single iteration, no loop left), the two
// left over one at a time. The max of a row's 100 columns: 36 folded onto
// the first 64, then by halves, no loop for it.
// SHORT-LABEL: func.func @softmax(
// SHORT:         tensor.extract_slice %arg0[0, 0] [4, 100] [1, 1]
// SHORT-NOT:     scf.for
// SHORT:         vector.extract_strided_slice {{.*}} {offsets = [0, 64], sizes = [4, 36], strides = [1, 1]} : vector<4x100xf32> to vector<4x36xf32>
// SHORT:         arith.maxnumf {{.*}} : vector<4x36xf32>
// SHORT:         vector.insert_strided_slice {{.*}} : vector<4x36xf32> into vector<4x64xf32>
// SHORT:         arith.maxnumf {{.*}} : vector<4x1xf32>
// SHORT:         arith.divf {{.*}} : vector<4xf32>
// SHORT:         arith.mulf {{.*}} : vector<4x100xf32>
// SHORT:         tensor.extract_slice %arg0[4, 0] [2, 100] [1, 1]
// SHORT:         scf.forall (%{{.*}}) in (2)
// SHORT-NOT:       scf.for
// SHORT:           vector.extract_strided_slice {{.*}} {offsets = [0, 64], sizes = [1, 36], strides = [1, 1]} : vector<1x100xf32> to vector<1x36xf32>
// SHORT:           arith.maxnumf {{.*}} : vector<1x1xf32>
// SHORT:           scf.forall.in_parallel

// A row of 129: 128 columns in 64 lanes carried by the loop, then the last
// column into their maximum.
// REST-LABEL: func.func @softmax(
// REST:         scf.forall (%{{.*}}) in (3)
// REST:           scf.for %{{.*}} = %c0 to %c128 step %c64 iter_args({{.*}}) -> ({{.*}}vector<1x64xf32>)
// REST:             arith.maxnumf {{.*}} : vector<1x64xf32>
// REST:           arith.maxnumf {{.*}} : vector<1x1xf32>
// REST:           vector.transfer_read {{.*}} : tensor<1x1xf32>, vector<1x1xf32>
// REST:           arith.maxnumf {{.*}} : vector<1xf32>
// REST:           scf.forall.in_parallel

// 15 rows: 12 four at a time, the 3 left over one at a time.
// RANK3-LABEL: func.func @softmax(
// RANK3:         tensor.collapse_shape {{.*}} : tensor<3x5x129xf32> into tensor<15x129xf32>
// RANK3:         scf.forall (%{{.*}}) in (3)
// RANK3:           scf.for %{{.*}} = %c0 to %c128 step %c64 iter_args({{.*}}) -> ({{.*}}vector<4x64xf32>)
// RANK3:         scf.forall (%{{.*}}) in (3)
// RANK3:           scf.for %{{.*}} = %c0 to %c128 step %c64 iter_args({{.*}}) -> ({{.*}}vector<1x64xf32>)
// RANK3:         tensor.expand_shape {{.*}} : tensor<15x129xf32> into tensor<3x5x129xf32>

// TREE: func.func @softmax(

// BUF-LABEL: func.func @softmax(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return

// LL-NOT: call {{.*}}@expf

// PREFETCH-COUNT-8: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 3, i32 1)
// PREFETCH-NOT: call void @llvm.prefetch
// NO-PREFETCH-NOT: call void @llvm.prefetch
