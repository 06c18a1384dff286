// The threads' parts of the rows of C (a matmul of at least as many rows as
// columns) are an even split rounded up to a multiple of m_r, at most all
// the rows: only the last part has rows left over after its register tiles
// (docs/performance.md, "Rows of a thread's part"). 200 rows on two
// threads are 104 + 96 (13 and 12 tiles of 8), not 100 + 100 (12 tiles and
// four rows over, in single-row tiles, in each); in four parts 56 x 3 + 32.
// On one thread the part is all the rows (no scf.forall is left). The
// results are checked.
//
// DEFINE: %{run} = loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// DEFINE:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 --knob m_r=8
// RUN: %{run} --threads 2 --dump-ir %t/two 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: FileCheck %s --check-prefix=TWO < %t/two/1-scheduled.mlir
// RUN: %{run} --threads 2 --knob thread_parts=4 --dump-ir %t/four 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECKED
// RUN: FileCheck %s --check-prefix=FOUR < %t/four/1-scheduled.mlir
// RUN: %{run} --dump-ir %t/one 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: FileCheck %s --check-prefix=ONE --implicit-check-not=scf.forall < %t/one/1-scheduled.mlir

// CHECKED: check       arg 2: passed

// TWO: affine_map<(d0) -> (d0 * -104 + 200, 104)>
// TWO: scf.forall (%{{.*}}) in (2)

// FOUR: affine_map<(d0) -> (d0 * -56 + 200, 56)>
// FOUR: scf.forall (%{{.*}}) in (4)

// ONE: func.func @matmul

func.func @matmul(%A: tensor<200x96xf32>, %B: tensor<96x64xf32>, %C: memref<200x64xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<200x64xf32> to tensor<200x64xf32>
  %r = linalg.matmul ins(%A, %B : tensor<200x96xf32>, tensor<96x64xf32>) outs(%c : tensor<200x64xf32>) -> tensor<200x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<200x64xf32>, memref<200x64xf32>) -> ()
  return
}
