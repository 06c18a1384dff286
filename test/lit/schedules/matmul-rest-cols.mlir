// The columns a matmul reading B in place leaves after its register tiles
// (fewer than a tile's) are computed in tiles of four, two and one vectors
// and a tile of the ones left over, so that no tile is wider than a vector
// without being a power of two of vectors (LLVM computed a tile of 8 x 24
// in scalar code, spilled). 8 x 56 in tiles of 8 x 32: the 24 left are 16
// + 8; 2 x 120 (one cache tile of 128 columns for 1-2 rows): 64 + 32 + 16
// + 8. The results are checked.
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob in_place_n_r=32 \
// RUN:   --knob few_rows=4 --knob few_rows_cols=128 --knob narrow_cols=16 --knob three_vector_rows=0 \
// RUN:   --dump-ir %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=TILES --implicit-check-not='vector<8x24xf32>' \
// RUN:   --implicit-check-not='vector<2x120xf32>' --implicit-check-not='vector<2x56xf32>' \
// RUN:   --implicit-check-not='vector<2x112xf32>' < %t/1-scheduled.mlir

// CHECK: check       arg 2: passed
// CHECK-NEXT:       arg 5: passed

// TILES-LABEL: func.func @two_matmuls
// TILES-DAG: vector<8x32xf32>
// TILES-DAG: vector<8x16xf32>
// TILES-DAG: vector<2x64xf32>
// TILES-DAG: vector<2x32xf32>
// TILES-DAG: vector<2x16xf32>
// TILES-DAG: vector<2x8xf32>

func.func @two_matmuls(%A: tensor<8x40xf32>, %B: tensor<40x56xf32>, %C: memref<8x56xf32>,
                       %D: tensor<2x40xf32>, %E: tensor<40x120xf32>, %F: memref<2x120xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<8x56xf32> to tensor<8x56xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x40xf32>, tensor<40x56xf32>) outs(%c : tensor<8x56xf32>) -> tensor<8x56xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<8x56xf32>, memref<8x56xf32>) -> ()
  %f = bufferization.to_tensor %F restrict writable : memref<2x120xf32> to tensor<2x120xf32>
  %s = linalg.matmul ins(%D, %E : tensor<2x40xf32>, tensor<40x120xf32>) outs(%f : tensor<2x120xf32>) -> tensor<2x120xf32>
  bufferization.materialize_in_destination %s in restrict writable %F : (tensor<2x120xf32>, memref<2x120xf32>) -> ()
  return
}
