// The threads split the rows of C of a matmul whose B is packed when N is
// at most split_cols_ratio (2) times M, its columns when N is more
// (docs/performance.md, "Threads on the rows up to twice as many columns"):
// 200 x 300 on two threads is two parts of rows (104 + 96), 200 x 500 two
// parts of columns; with split_cols_ratio = 1 (the rule before 2026-11-30)
// 200 x 300 is split by its columns too. The results are checked.
//
// DEFINE: %{run} = loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// DEFINE:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 --knob m_r=8 \
// DEFINE:   --threads 2
// RUN: %{run} --func near_square --dump-ir %t/rows 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: FileCheck %s --check-prefix=ROWS < %t/rows/1-scheduled.mlir
// RUN: %{run} --func wide --dump-ir %t/wide 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: FileCheck %s --check-prefix=COLS < %t/wide/1-scheduled.mlir
// RUN: %{run} --func near_square --knob split_cols_ratio=1 --dump-ir %t/ratio1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECKED
// RUN: FileCheck %s --check-prefix=COLS < %t/ratio1/1-scheduled.mlir

// CHECKED: check       arg 2: passed

// The first scf.forall is over the full panels of 32 columns (the columns
// left over are a second part of their own): a part of rows inserts all 9
// panels, a part of columns all 200 rows.
// ROWS: affine_map<(d0) -> (d0 * -104 + 200, 104)>
// ROWS: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}}) -> (tensor<200x9x32xf32>)
// ROWS: tensor.parallel_insert_slice %{{.*}}[%{{.*}}, 0, 0] [%{{.*}}, 9, 32] [1, 1, 1] : tensor<?x9x32xf32> into tensor<200x9x32xf32>

// COLS: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}}) -> (tensor<200x{{9|15}}x32xf32>)
// COLS: tensor.parallel_insert_slice %{{.*}}[0, %{{.*}}, 0] [200, %{{.*}}, 32] [1, 1, 1] : tensor<200x?x32xf32> into tensor<200x{{9|15}}x32xf32>

func.func @near_square(%A: tensor<200x96xf32>, %B: tensor<96x300xf32>, %C: memref<200x300xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<200x300xf32> to tensor<200x300xf32>
  %r = linalg.matmul ins(%A, %B : tensor<200x96xf32>, tensor<96x300xf32>) outs(%c : tensor<200x300xf32>) -> tensor<200x300xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<200x300xf32>, memref<200x300xf32>) -> ()
  return
}

func.func @wide(%A: tensor<200x96xf32>, %B: tensor<96x500xf32>, %C: memref<200x500xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<200x500xf32> to tensor<200x500xf32>
  %r = linalg.matmul ins(%A, %B : tensor<200x96xf32>, tensor<96x500xf32>) outs(%c : tensor<200x500xf32>) -> tensor<200x500xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<200x500xf32>, memref<200x500xf32>) -> ()
  return
}
