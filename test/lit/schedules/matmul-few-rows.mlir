// A matmul of at most few_rows rows reads B in place: packing would copy
// each element of B for as few uses (docs/performance.md, "Any shape"). The
// 3 rows make register tiles of 3 x 64 (few_rows_cols / 2 columns for 3-4
// rows); the 517 columns are 512 in whole tiles, split among the threads
// (256 each), and 5 in a tile of their own, which the calling thread
// computes. K blocks of 8 rows of B per thread (few_rows_k_block's host
// default, 8 * threads: 16 on two). Nothing is packed or padded; the
// result is checked on one and two threads. With few_rows = 2 and
// one_tile_m_r = 2 the same matmul takes the packed path, in tiles of m_r = 2
// rows (a matmul of at most one_tile_m_r rows reads B in place whatever
// few_rows).
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob few_rows=4 --knob few_rows_cols=128 \
// RUN:   --dump-ir %t/1t 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefixes=FEW,ONE < %t/1t/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob few_rows=4 --knob few_rows_cols=128 --threads 2 \
// RUN:   --dump-ir %t/2t 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefixes=FEW,THREADS < %t/2t/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob few_rows=2 --knob in_place_rows=0 --knob n_r=1 --knob m_r=2 --knob in_place_m_r=2 \
// RUN:   --knob one_tile_m_r=2 --knob page_one_tile_m_r=2 \
// RUN:   --dump-ir %t/packed 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PACKED < %t/packed/1-scheduled.mlir

// CHECK: check       arg 2: passed

// FEW-NOT: tensor.pad
// FEW: tensor.extract_slice %{{.*}}[0, 0] [3, 512] [1, 1] : tensor<3x517xf32> to tensor<3x512xf32>
// THREADS: scf.forall (%{{.*}}) in (2)
// THREADS: tensor.extract_slice %{{.*}} [3, 256] [1, 1] : tensor<3x512xf32> to tensor<3x256xf32>
// ONE: scf.for %{{.*}} = %c0 to %c33 step %c8
// THREADS: scf.for %{{.*}} = %c0 to %c33 step %c16
// FEW: vector.transfer_read {{.*}} : tensor<3x64xf32>, vector<3x64xf32>
// FEW: tensor.extract_slice %{{.*}}[0, 512] [3, 5] [1, 1] : tensor<3x517xf32> to tensor<3x5xf32>
// FEW-NOT: scf.forall
// FEW: vector<3x5xf32>
// FEW-NOT: tensor.pad

// PACKED: vector<3x1x32xf32>

func.func @matmul(%A: tensor<3x33xf32>, %B: tensor<33x517xf32>, %C: memref<3x517xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<3x517xf32> to tensor<3x517xf32>
  %r = linalg.matmul ins(%A, %B : tensor<3x33xf32>, tensor<33x517xf32>) outs(%c : tensor<3x517xf32>) -> tensor<3x517xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<3x517xf32>, memref<3x517xf32>) -> ()
  return
}
