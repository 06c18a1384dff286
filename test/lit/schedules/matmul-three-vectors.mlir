// A matmul of more than wide_tile_rows and at most three_vector_rows rows
// that reads B in place has one register tile of all its rows and three
// vectors of columns (docs/performance.md, "Three vectors a row"). The
// tile's vectors of 48 floats are split into rows of 16-float pieces
// (transform.apply_patterns.loom.unroll_vectors in schedules/lib/vector.mlir)
// before its 21 accumulators are hoisted out of the k loop.
// One thread: 7 x 232 is 192 columns in four tiles of 7 x 48, and 40 left
// over (a tile of two vectors and one of 8 columns). Two threads: the
// columns are split at a multiple of two vectors (224, parts of 112), so
// that each part is two 48-column tiles and a tile of one vector, and the
// 8 columns left over go to the calling thread (split at a multiple of 48,
// the parts were 96 columns and the calling thread's rest 40). With
// three_vector_rows = 0 the tiles have 32 columns. Results checked.
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob wide_tile_rows=6 --knob narrow_cols=16 \
// RUN:   --dump-ir %t/1t 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=ONE --implicit-check-not='vector<7x48xf32>' \
// RUN:   < %t/1t/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob wide_tile_rows=6 --knob three_vector_rows=8 --knob narrow_cols=16 --threads 2 \
// RUN:   --dump-ir %t/2t 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=TWO --implicit-check-not='vector<7x48xf32>' \
// RUN:   < %t/2t/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob wide_tile_rows=6 --knob three_vector_rows=0 --knob narrow_cols=16 \
// RUN:   --dump-ir %t/off 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not='step %c48' \
// RUN:   < %t/off/1-scheduled.mlir

// CHECK: check       arg 2: passed
// HOST: three_vector_rows=8 (vector_registers / 4 = 8)

// ONE: tensor.extract_slice %{{.*}}[0, 0] [40, 192] [1, 1] : tensor<40x232xf32> to tensor<40x192xf32>
// ONE: scf.for %{{.*}} = %c0 to %c192 step %c48
// ONE-COUNT-21: vector.transfer_read {{.*}} : tensor<7x48xf32>, vector<1x16xf32>
// ONE: scf.for %{{.*}} = %c0 to %c40 step %c1 iter_args(
// ONE-SAME: -> (tensor<7x48xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>) {
// ONE-COUNT-21: arith.addf %arg{{[0-9]+}}, %{{.*}} : vector<1x16xf32>
// ONE: tensor.extract_slice %arg1[0, 192] [40, 40] [1, 1] : tensor<40x232xf32> to tensor<40x40xf32>
// ONE: vector<7x32xf32>
// ONE: vector<7x8xf32>

// TWO: tensor.extract_slice %arg1[0, 0] [40, 224] [1, 1] : tensor<40x232xf32> to tensor<40x224xf32>
// TWO: scf.forall (%{{.*}}) in (2)
// TWO: tensor.extract_slice %{{.*}} [40, 112] [1, 1] : tensor<40x224xf32> to tensor<40x112xf32>
// TWO: scf.for %{{.*}} = %c0 to %c96 step %c48
// TWO-COUNT-21: vector.transfer_read {{.*}} : tensor<7x48xf32>, vector<1x16xf32>
// TWO: vector.transfer_read {{.*}} : tensor<7x16xf32>, vector<7x16xf32>
// TWO: scf.forall.in_parallel
// TWO: tensor.extract_slice %arg1[0, 224] [40, 8] [1, 1] : tensor<40x232xf32> to tensor<40x8xf32>

// OFF: scf.for %{{.*}} = %c0 to %c224 step %c32
// OFF: vector.transfer_read {{.*}} : tensor<7x32xf32>, vector<7x32xf32>

func.func @matmul(%A: tensor<7x40xf32>, %B: tensor<40x232xf32>, %C: memref<7x232xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<7x232xf32> to tensor<7x232xf32>
  %r = linalg.matmul ins(%A, %B : tensor<7x40xf32>, tensor<40x232xf32>) outs(%c : tensor<7x232xf32>) -> tensor<7x232xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<7x232xf32>, memref<7x232xf32>) -> ()
  return
}
