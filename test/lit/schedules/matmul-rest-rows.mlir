// Rows left over after the register tiles of m_r rows: at most join_rows of
// them join the last tile (docs/performance.md, "Any shape"). 41 rows with
// m_r = 8 and join_rows = 3 are 32 rows in tiles of 8 and one tile of 9 (a
// tile of one row has two accumulators, too few to hide the FMA's latency),
// with B packed (N = 1024, first case, page_in_place_rows = 0: its B would
// be read in place otherwise) or read in place (N = 264, second).
// Only the loops over k of the register tiles have their accumulators
// hoisted (@loom_vector_to_fma_marked), so bufferization copies no part of
// C: hoisting in every loop made the 32 rows and the 9 iter_args of the K
// loop that alias each other, and one of them was copied to a new buffer
// and back (2 memref.copy in each case). With join_rows = 0 the row left
// over is a tile of its own. A matmul of fewer rows than one_tile_rows (host
// default 2 * m_c) has one cache tile of all of them: with m_c = 32, 41 rows
// are the same tiles; in cache tiles of 32 (one_tile_rows = 32) the second
// tile, partial, has a dynamic number of rows and its 9th goes to a
// single-row tile of rest_row_panels panels (host default m_r / 2 = 4: 8
// accumulators, as a full tile's 16 / 2; one panel, 2, would not hide the
// FMA's latency). The results are checked, on one and two threads.
//
// DEFINE: %{run} = loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// DEFINE:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// DEFINE:   --knob m_r=8 --knob in_place_m_r=8 --knob n_r=1 --knob k_block=64 --knob in_place_n_r=32 \
// DEFINE:   --knob page_in_place_rows=0
// RUN: %{run} --chunk 1 --knob join_rows=3 --knob in_place_join_rows=3 --dump-ir %t/packed 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PACKED --implicit-check-not='vector<32xf32>)' \
// RUN:   < %t/packed/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=NOCOPY --implicit-check-not=memref.copy \
// RUN:   < %t/packed/2-bufferized.mlir
// RUN: %{run} --chunk 1 --knob join_rows=0 --knob in_place_join_rows=0 --dump-ir %t/alone 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=ALONE < %t/alone/1-scheduled.mlir
// RUN: %{run} --chunk 1 --knob join_rows=3 --knob in_place_join_rows=3 --knob m_c=32 --dump-ir %t/one-tile 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PACKED --implicit-check-not='vector<32xf32>)' \
// RUN:   < %t/one-tile/1-scheduled.mlir
// RUN: %{run} --chunk 1 --knob join_rows=3 --knob in_place_join_rows=3 --knob m_c=32 --knob one_tile_rows=32 \
// RUN:   --dump-ir %t/two-tiles 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefixes=ALONE,TWO-TILES < %t/two-tiles/1-scheduled.mlir
// RUN: %{run} --chunk 1 --knob join_rows=3 --knob in_place_join_rows=3 --threads 2 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: %{run} --chunk 2 --knob join_rows=3 --knob in_place_join_rows=3 --dump-ir %t/in-place 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=IN-PLACE --implicit-check-not='vector<1x32xf32>' \
// RUN:   --implicit-check-not='vector<32xf32>)' < %t/in-place/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=NOCOPY --implicit-check-not=memref.copy \
// RUN:   < %t/in-place/2-bufferized.mlir
// RUN: %{run} --chunk 2 --knob join_rows=3 --knob in_place_join_rows=3 --threads 2 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark

// CHECK: check       arg 2: passed

// PACKED-DAG: vector<8x1x32xf32>
// PACKED-DAG: vector<9x1x32xf32>
// ALONE-DAG: vector<8x1x32xf32>
// ALONE-DAG: iter_args({{.*}}) -> (tensor<1x1x32xf32>, vector<32xf32>)
// TWO-TILES-DAG: iter_args({{.*}}) -> (tensor<1x4x32xf32>, vector<4x32xf32>)
// IN-PLACE-DAG: vector<8x32xf32>
// IN-PLACE-DAG: vector<9x32xf32>
// NOCOPY: func.func @matmul

func.func @matmul(%A: tensor<41x128xf32>, %B: tensor<128x1024xf32>, %C: memref<41x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<41x1024xf32> to tensor<41x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<41x128xf32>, tensor<128x1024xf32>) outs(%c : tensor<41x1024xf32>) -> tensor<41x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<41x1024xf32>, memref<41x1024xf32>) -> ()
  return
}

// -----

func.func @matmul(%A: tensor<41x130xf32>, %B: tensor<130x264xf32>, %C: memref<41x264xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<41x264xf32> to tensor<41x264xf32>
  %r = linalg.matmul ins(%A, %B : tensor<41x130xf32>, tensor<130x264xf32>) outs(%c : tensor<41x264xf32>) -> tensor<41x264xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<41x264xf32>, memref<41x264xf32>) -> ()
  return
}
