// A matmul of more than wide_tile_rows and at most three_vector_rows rows
// that reads B in place has one register tile of all its rows and three
// vectors of columns (docs/performance.md, "Three vectors a row"): 7 x 200
// is 192 columns in four tiles of 7 x 48 and 8 left over. The tile's
// vectors of 48 floats are split into rows of 16-float pieces
// (transform.apply_patterns.loom.unroll_vectors in schedules/lib/vector.mlir)
// before its 21 accumulators are hoisted out of the k loop. The host
// default keeps it to one thread: on two, the same matmul has tiles of 32
// columns. The result is checked both ways.
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob wide_tile_rows=6 --knob three_vector_rows=8 --knob narrow_cols=16 \
// RUN:   --dump-ir %t/1t 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=THREE --implicit-check-not='vector<7x48xf32>' \
// RUN:   < %t/1t/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob wide_tile_rows=6 --knob narrow_cols=16 --threads 2 \
// RUN:   --dump-ir %t/2t 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=TWO --implicit-check-not='step %c48' \
// RUN:   < %t/2t/1-scheduled.mlir

// CHECK: check       arg 2: passed
// HOST: three_vector_rows=0 (vector_registers / 4 * (threads == 1) = 0)

// THREE: tensor.extract_slice %{{.*}}[0, 0] [40, 192] [1, 1] : tensor<40x200xf32> to tensor<40x192xf32>
// THREE: scf.for %{{.*}} = %c0 to %c192 step %c48
// THREE-COUNT-21: vector.transfer_read {{.*}} : tensor<7x48xf32>, vector<1x16xf32>
// THREE: scf.for %{{.*}} = %c0 to %c40 step %c1 iter_args(
// THREE-SAME: -> (tensor<7x48xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>) {
// THREE-COUNT-21: arith.addf %arg{{[0-9]+}}, %{{.*}} : vector<1x16xf32>
// THREE: tensor.extract_slice %arg1[0, 192] [40, 8] [1, 1] : tensor<40x200xf32> to tensor<40x8xf32>

// TWO: vector<{{[0-9]+}}x32xf32>

func.func @matmul(%A: tensor<7x40xf32>, %B: tensor<40x200xf32>, %C: memref<7x200xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<7x200xf32> to tensor<7x200xf32>
  %r = linalg.matmul ins(%A, %B : tensor<7x40xf32>, tensor<40x200xf32>) outs(%c : tensor<7x200xf32>) -> tensor<7x200xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<7x200xf32>, memref<7x200xf32>) -> ()
  return
}
