// The softmax schedule takes every softmax of a function, each by what it
// is: one over the last dimension by rows (its loop over steps of rows
// handed to the threads in shrinking chunks, loom.omp_schedule = "guided"), one over
// the columns of a matrix of at least 8 rows and 256 columns by blocks of
// 128 columns (OpenMP's static split: a thread keeps its blocks, in its
// caches, from call to call; the last block may be narrower), and the same
// for each matrix of a batch (over the middle dimension of three), one over
// another dimension decomposed and tiled as the default schedule tiles any
// op. Each case is checked against the payload without the schedule: the
// schedule once computed a softmax over columns as if over rows (every
// element wrong), and stopped on a function of two softmaxes.
//
// RUN: loom run %s --split-input-file --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing | FileCheck %s
// RUN: loom run %s --split-input-file --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing --threads 2 | FileCheck %s
// RUN: rm -rf %t && loom run %s --chunk 3 --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing --dump-ir %t > /dev/null
// RUN: FileCheck %s --check-prefix=TWO < %t/1-scheduled.mlir
// RUN: rm -rf %t.cols && loom run %s --chunk 2 --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing --dump-ir %t.cols > /dev/null
// RUN: FileCheck %s --check-prefix=BLOCKS < %t.cols/1-scheduled.mlir
// RUN: rm -rf %t.mid && loom run %s --chunk 7 --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing --dump-ir %t.mid > /dev/null
// RUN: FileCheck %s --check-prefix=MIDDLE < %t.mid/1-scheduled.mlir
// On two threads both loops over rows are OpenMP loops of the guided
// schedule.
// RUN: loom run %s --chunk 3 --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing --threads 2 --dump-ir %t.threads > /dev/null
// RUN: FileCheck %s --check-prefix=GUIDED < %t.threads/3-llvm-dialect.mlir
// GUIDED-COUNT-2: omp.wsloop schedule(guided)
// The blocks of a batch of matrices larger than guided_blocks_bytes (host
// default: half of L3) go to the threads in shrinking chunks too; a
// smaller one keeps the static split. 4 x 256 x 640 floats are 2.5 MiB:
// under the default of any host with an L3 of 8 MiB or more, over 2 MiB.
// RUN: loom run %s --chunk 9 --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing --threads 2 \
// RUN:   --dump-ir %t.batch > /dev/null
// RUN: FileCheck %s --check-prefix=STATIC < %t.batch/3-llvm-dialect.mlir
// RUN: loom run %s --chunk 9 --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing --threads 2 \
// RUN:   --knob guided_blocks_bytes=2097152 --dump-ir %t.large > /dev/null
// RUN: FileCheck %s --check-prefix=LARGE < %t.large/3-llvm-dialect.mlir
// STATIC:     omp.wsloop
// STATIC-NOT: schedule(guided)
// LARGE:      omp.wsloop schedule(guided)
// A row longer than loom.vectorize takes whole (16384) is divided in steps
// of 64 columns, vectorized, where the whole row was left to LLVM with a
// remark. Nothing else is said on stderr either (a helper sequence once
// declared an operand it only reads as consumed: a warning on every run).
// RUN: loom run %s --chunk 5 --schedule %{schedules}/softmax/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --no-timing 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LONG
// LONG-NOT: {{not vectorized|warning}}
// LONG:     check       arg 1: passed
// LONG-NOT: {{not vectorized|warning}}

// CHECK:      @columns
// CHECK:        check       arg 1: passed
// 100 columns: not blocks of 128, the default schedule's tiles.
func.func @columns(%x: tensor<64x100xf32>, %out: memref<64x100xf32>) {
  %e = tensor.empty() : tensor<64x100xf32>
  %r = linalg.softmax dimension(0) ins(%x : tensor<64x100xf32>)
                                   outs(%e : tensor<64x100xf32>) -> tensor<64x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<64x100xf32>, memref<64x100xf32>) -> ()
  return
}

// -----

// 256 columns of 13 rows: two blocks of 128 columns, all four ops in each,
// 2 rows x 64 columns at a time (the odd row in a loop of its own).
// CHECK:      @column_blocks
// CHECK:        check       arg 1: passed
// BLOCKS-LABEL: func.func @column_blocks(
// BLOCKS:         scf.forall (%{{.*}}) in (2)
// BLOCKS:           vector.multi_reduction <maxnumf>, {{.*}} [0] : vector<2x64xf32> to vector<64xf32>
// BLOCKS:           vector.transfer_write {{.*}} : vector<2x64xf32>, tensor<2x64xf32>
// BLOCKS:           vector.multi_reduction <add>, {{.*}} [0] : vector<2x64xf32> to vector<64xf32>
// BLOCKS:           arith.divf
// BLOCKS-NOT:     loom.omp_schedule
// BLOCKS-NOT:     scf.forall (
// BLOCKS:         return
func.func @column_blocks(%x: tensor<13x256xf32>, %out: memref<13x256xf32>) {
  %e = tensor.empty() : tensor<13x256xf32>
  %r = linalg.softmax dimension(0) ins(%x : tensor<13x256xf32>)
                                   outs(%e : tensor<13x256xf32>) -> tensor<13x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<13x256xf32>, memref<13x256xf32>) -> ()
  return
}

// -----

// CHECK:      @two
// CHECK:        check       arg 2: passed
// CHECK-NEXT:               arg 3: passed
// Rows of 100 and of 48, each in its loop, four rows at a time, each
// reduced by halves (100 is 36 + 64 folded first).
// TWO-LABEL: func.func @two(
// TWO:         scf.forall (%{{.*}}) in (16)
// TWO:           arith.maxnumf {{.*}} : vector<4x36xf32>
// TWO:         } {loom.omp_schedule = "guided"}
// TWO:         scf.forall (%{{.*}}) in (8)
// TWO:           arith.maxnumf {{.*}} : vector<4x16xf32>
// TWO:         } {loom.omp_schedule = "guided"}
func.func @two(%x: tensor<64x100xf32>, %y: tensor<32x48xf32>,
               %out: memref<64x100xf32>, %out2: memref<32x48xf32>) {
  %e = tensor.empty() : tensor<64x100xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<64x100xf32>)
                                   outs(%e : tensor<64x100xf32>) -> tensor<64x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<64x100xf32>, memref<64x100xf32>) -> ()
  %e2 = tensor.empty() : tensor<32x48xf32>
  %r2 = linalg.softmax dimension(1) ins(%y : tensor<32x48xf32>)
                                    outs(%e2 : tensor<32x48xf32>) -> tensor<32x48xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %out2
    : (tensor<32x48xf32>, memref<32x48xf32>) -> ()
  return
}

// -----

// Over the middle dimension of a 3-D tensor, next to one over its last.
// CHECK:      @middle
// CHECK:        check       arg 1: passed
// CHECK-NEXT:               arg 2: passed
func.func @middle(%x: tensor<4x37x20xf32>, %out: memref<4x37x20xf32>, %out2: memref<4x37x20xf32>) {
  %e = tensor.empty() : tensor<4x37x20xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x37x20xf32>)
                                   outs(%e : tensor<4x37x20xf32>) -> tensor<4x37x20xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<4x37x20xf32>, memref<4x37x20xf32>) -> ()
  %e2 = tensor.empty() : tensor<4x37x20xf32>
  %r2 = linalg.softmax dimension(2) ins(%x : tensor<4x37x20xf32>)
                                    outs(%e2 : tensor<4x37x20xf32>) -> tensor<4x37x20xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %out2
    : (tensor<4x37x20xf32>, memref<4x37x20xf32>) -> ()
  return
}

// -----

// CHECK:      @long_rows
// CHECK:        check       arg 1: passed
func.func @long_rows(%x: tensor<3x20000xf32>, %out: memref<3x20000xf32>) {
  %e = tensor.empty() : tensor<3x20000xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x20000xf32>)
                                   outs(%e : tensor<3x20000xf32>) -> tensor<3x20000xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<3x20000xf32>, memref<3x20000xf32>) -> ()
  return
}

// -----

// 300 columns of 9 rows: two blocks of 128 columns and one of 44, 2 rows
// at a time and the odd row apart.
// CHECK:      @ragged_blocks
// CHECK:        check       arg 1: passed
func.func @ragged_blocks(%x: tensor<9x300xf32>, %out: memref<9x300xf32>) {
  %e = tensor.empty() : tensor<9x300xf32>
  %r = linalg.softmax dimension(0) ins(%x : tensor<9x300xf32>)
                                   outs(%e : tensor<9x300xf32>) -> tensor<9x300xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<9x300xf32>, memref<9x300xf32>) -> ()
  return
}

// -----

// Over the middle dimension of three: each of the 3 matrices of 16 rows by
// blocks of 128 of its 300 columns (3 x 3 blocks), 2 rows x 64 columns at
// a time; the last block's 44 columns in steps of 16 (one vector), not as
// one masked step of 64.
// CHECK:      @batch_columns
// CHECK:        check       arg 1: passed
// MIDDLE-LABEL: func.func @batch_columns(
// MIDDLE:         scf.forall (%{{.*}}, %{{.*}}) in (3, 3)
// MIDDLE:           vector.multi_reduction <maxnumf>, {{.*}} [1] : vector<1x2x64xf32> to vector<1x64xf32>
// MIDDLE:           scf.for {{.*}} step %c16
// MIDDLE:             vector.multi_reduction <maxnumf>, {{.*}} [1] : vector<1x2x16xf32> to vector<1x16xf32>
// MIDDLE-NOT:     vector<1x2x63xf32>
// MIDDLE-NOT:     loom.omp_schedule
func.func @batch_columns(%x: tensor<3x16x300xf32>, %out: memref<3x16x300xf32>) {
  %e = tensor.empty() : tensor<3x16x300xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x16x300xf32>)
                                   outs(%e : tensor<3x16x300xf32>) -> tensor<3x16x300xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<3x16x300xf32>, memref<3x16x300xf32>) -> ()
  return
}

// -----

// One matrix over its middle dimension: of 129 columns, two blocks (128
// and 1); of 128, one block, which is no loop (a loop of one block is
// folded away, and a schedule that looked for it stopped): the default
// tiles.
// CHECK:      @one_matrix
// CHECK:        check       arg 2: passed
// CHECK-NEXT:               arg 3: passed
func.func @one_matrix(%x: tensor<1x8x129xf32>, %y: tensor<1x8x128xf32>,
                      %out: memref<1x8x129xf32>, %out2: memref<1x8x128xf32>) {
  %e = tensor.empty() : tensor<1x8x129xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<1x8x129xf32>)
                                   outs(%e : tensor<1x8x129xf32>) -> tensor<1x8x129xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<1x8x129xf32>, memref<1x8x129xf32>) -> ()
  %e2 = tensor.empty() : tensor<1x8x128xf32>
  %r2 = linalg.softmax dimension(1) ins(%y : tensor<1x8x128xf32>)
                                    outs(%e2 : tensor<1x8x128xf32>) -> tensor<1x8x128xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %out2
    : (tensor<1x8x128xf32>, memref<1x8x128xf32>) -> ()
  return
}

// -----

// A batch of 4 matrices of 256 x 640 over their middle dimension (2.5 MiB):
// blocks of one matrix x 128 columns, each two whole steps of 64 (no
// columns left: the schedule once stopped on such blocks).
// CHECK:      @large_batch
// CHECK:        check       arg 1: passed
func.func @large_batch(%x: tensor<4x256x640xf32>, %out: memref<4x256x640xf32>) {
  %e = tensor.empty() : tensor<4x256x640xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x256x640xf32>)
                                   outs(%e : tensor<4x256x640xf32>) -> tensor<4x256x640xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<4x256x640xf32>, memref<4x256x640xf32>) -> ()
  return
}
