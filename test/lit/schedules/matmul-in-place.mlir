// A matmul of up to in_place_rows rows whose N is not a multiple of 1024
// reads B in place (docs/performance.md, "Where B is packed"): cache tiles
// of in_place_n_c columns, K blocks of in_place_k_block rows, register
// tiles of m_r x in_place_n_r;
// nothing is packed or padded. 40 x 520: two cache tiles of 256 columns in
// 8 x 32 tiles, and the 8 columns left over, fewer than a vector holds, in
// tiles of narrow_m_r (16) rows, so that 16 accumulators hide the FMA's
// latency; with balance_rows = 0 their last 8 x 8 tile goes to two tiles
// of 4 x 8 (MLIR 22 computes a tile of as many rows as columns wrongly,
// llvm/llvm-project#190614), with balance_rows = 8 (the host default,
// in_place_m_r) the rows left over and the last whole tile are balanced:
// 16 + 12 + 12 rows. The result is checked on one and two threads.
// A matmul whose N is a multiple of 1024 is packed
// (matmul-in-place-page.mlir).
//
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_k_block=256 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_c=256 --knob in_place_n_r=32 \
// RUN:   --knob narrow_cols=16 --knob narrow_m_r=16 --knob balance_rows=0 \
// RUN:   --dump-ir %t/1t 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=TILES --implicit-check-not=tensor.pad \
// RUN:   --implicit-check-not='vector<8x8xf32>' < %t/1t/1-scheduled.mlir
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_k_block=256 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_c=256 --knob in_place_n_r=32 \
// RUN:   --knob narrow_cols=16 --knob narrow_m_r=16 \
// RUN:   --dump-ir %t/balanced 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=BALANCED --implicit-check-not='vector<8x8xf32>' \
// RUN:   --implicit-check-not='(tensor<1x8xf32>, vector<8xf32>)' < %t/balanced/1-scheduled.mlir
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --threads 2 \
// RUN:   2>&1 | FileCheck %s --implicit-check-not=remark

// Off a Zen the tiles of a matmul reading B in place have 12 rows
// (in_place_m_r), not m_r: 40 rows are two tiles of 12 and two of 8 (the 4
// left over balanced with the third tile of 12).
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=0 \
// RUN:   --knob m_r=8 --knob in_place_rows=128 --knob in_place_n_r=32 \
// RUN:   --dump-ir %t/other 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=OTHER < %t/other/1-scheduled.mlir

// An odd square tile: 21 x 517 leaves 5 columns, in tiles of 16 rows and
// the 5 rows left over, a 5 x 5 tile that goes to tiles of 3 and 2 rows
// (not to single rows, whose one accumulator per row waits on each FMA).
// RUN: loom run %s --func odd_square --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_k_block=256 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_c=256 --knob in_place_n_r=32 --knob narrow_cols=16 --knob narrow_m_r=16 \
// RUN:   --knob balance_rows=0 --knob join_rows=0 \
// RUN:   --dump-ir %t/odd 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=ODD --implicit-check-not='vector<5x5xf32>' \
// RUN:   --implicit-check-not='(tensor<1x5xf32>, vector<5xf32>)' < %t/odd/1-scheduled.mlir

// CHECK: check       arg 2: passed
// OTHER: vector.transfer_read {{.*}} : tensor<12x32xf32>, vector<12x32xf32>
// OTHER-NOT: vector<4x32xf32>
// OTHER: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// OTHER-NOT: vector<4x32xf32>

// TILES: tensor.extract_slice %{{.*}}[0, 0] [40, 512] [1, 1] : tensor<40x520xf32> to tensor<40x512xf32>
// TILES: scf.for %{{.*}} = %c0 to %c512 step %c256
// TILES: scf.for %{{.*}} = %c0 to %c256 step %c32
// TILES: scf.for %{{.*}} = %c0 to %c40 step %c8
// TILES: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// TILES: tensor.extract_slice %{{.*}}[0, 512] [40, 8] [1, 1] : tensor<40x520xf32> to tensor<40x8xf32>
// TILES: scf.for %{{.*}} = %c0 to %c32 step %c16
// TILES: vector.transfer_read {{.*}} : tensor<16x8xf32>, vector<16x8xf32>
// TILES: scf.for %{{.*}} = %c0 to %c8 step %c4
// TILES: vector.transfer_read {{.*}} : tensor<4x8xf32>, vector<4x8xf32>

// ODD: vector.transfer_read {{.*}} : tensor<16x5xf32>, vector<16x5xf32>
// ODD: vector.transfer_read {{.*}} : tensor<3x5xf32>, vector<3x5xf32>
// ODD: vector.transfer_read {{.*}} : tensor<2x5xf32>, vector<2x5xf32>

// BALANCED: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// BALANCED: tensor.extract_slice %{{.*}}[0, 512] [40, 8] [1, 1] : tensor<40x520xf32> to tensor<40x8xf32>
// BALANCED: vector.transfer_read {{.*}} : tensor<16x8xf32>, vector<16x8xf32>
// BALANCED: vector.transfer_read {{.*}} : tensor<12x8xf32>, vector<12x8xf32>
// BALANCED: vector.transfer_read {{.*}} : tensor<12x8xf32>, vector<12x8xf32>

func.func @matmul(%A: tensor<40x33xf32>, %B: tensor<33x520xf32>, %C: memref<40x520xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x520xf32> to tensor<40x520xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x33xf32>, tensor<33x520xf32>) outs(%c : tensor<40x520xf32>) -> tensor<40x520xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x520xf32>, memref<40x520xf32>) -> ()
  return
}

func.func @odd_square(%A: tensor<21x33xf32>, %B: tensor<33x517xf32>, %C: memref<21x517xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<21x517xf32> to tensor<21x517xf32>
  %r = linalg.matmul ins(%A, %B : tensor<21x33xf32>, tensor<33x517xf32>) outs(%c : tensor<21x517xf32>) -> tensor<21x517xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<21x517xf32>, memref<21x517xf32>) -> ()
  return
}
