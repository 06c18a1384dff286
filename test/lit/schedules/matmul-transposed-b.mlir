// The matmul schedule on matmuls whose B is transposed (indexing_maps, B
// (n, k), as nn.Linear's x * W^T is written). Up to dot_rows (16) rows,
// dot products along K (@dot_blocked: 5, 8 and 13 rows, in tiles of 4
// columns below dot_narrow_rows (8) rows, of 3 below dot_three_rows (11),
// of 2 from there: rows x columns accumulators fewer than the 32
// registers; 8 x 4 spilled), their lanes summed by halves (the reduction
// tree: no vector.multi_reduction left, whose lowering added each sum's 16
// lanes one by one); with more, the
// path that packs B, whatever the shape (300, 144 and 37 rows), B's panels
// packed from B^T (transform.loom.transpose_matmul_b makes B a transpose,
// which folds into the pack). Each result is checked, on one
// thread and on two. Without either, B's columns were packed or read with
// a stride of a row of B (1024 x 1024 x 1024: 136 against 195 GFLOP/s; 8 x
// 2048 x 2048: 8 against 64).
//
// RUN: loom run %s --split-input-file --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing 2>&1 | FileCheck %s
// RUN: loom run %s --split-input-file --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --threads 2 2>&1 | FileCheck %s
// RUN: loom-opt %s --split-input-file --transform-preload-library=transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir \
// RUN:   --transform-interpreter 2>&1 | FileCheck %s --check-prefix=IR

// CHECK-NOT:   error
// CHECK-LABEL: loom run {{.*}} @packed
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @in_place
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @few_rows
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @tiny
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @one_tile
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @packed_whole
// CHECK:       check       arg 2: passed
// CHECK-NOT:   error

// A packed one: no transpose of its own; B^T is packed as it is, panel by
// panel (32 rows of B^T), 16 of its columns (K) at a time: a 32 x 16 block
// read whole and transposed as two 16 x 16 blocks with shuffles
// (loom.unroll_vectors), where a flat transpose of all 512 elements took
// some three times the shuffles. Where N is not a multiple of 32 (520:
// the whole panels and the rest, 8 columns in a panel of 16, are slices of
// B), the slices are taken of B^T (loom.slice_before_transpose) and fold
// the same way. So is one of few rows that a plain B would read in place
// (37, 100 x 64): a transposed copy of B to read in place cost a pass
// over B as long as the packing (on an Intel Emerald Rapids, 32 x 3000 x
// 1000: 62 against 112 GFLOP/s). Before either, B^T's columns were
// packed one at a time (vector<256x1xf32>, a read with a stride of a row
// of B^T per element).
// IR-LABEL: func.func @packed(
// IR-NOT:   linalg.transpose
// IR-NOT:   permutation_map
// IR:       vector.transfer_read {{.*}} : tensor<32x16xf32>, vector<32x16xf32>
// IR-NOT:   permutation_map
// IR:       vector.transfer_read {{.*}} : tensor<8x16xf32>, vector<16x16xf32>
// IR-NOT:   vector<256x1xf32>
// IR-LABEL: func.func @in_place(
// IR-NOT:   linalg.transpose
// IR-NOT:   permutation_map
// IR:       vector.transfer_read {{.*}} : tensor<32x16xf32>, vector<32x16xf32>
// IR-NOT:   permutation_map
// IR-LABEL: func.func @few_rows(
// IR-NOT:   linalg.transpose
// IR:       scf.forall
// IR:       vector<5x4x16xf32>
// IR-NOT:   linalg.transpose
// IR-LABEL: func.func @tiny(
// IR:       vector<13x2x16xf32>
// IR-LABEL: func.func @one_tile(
// IR-NOT:   vector<8x4x16xf32>
// IR:       vector<8x3x16xf32>
// IR-NOT:   vector<8x4x16xf32>
// IR-NOT:   vector.multi_reduction
// IR:       vector.extract_strided_slice {{.*}} : vector<8x3x16xf32> to vector<8x3x8xf32>
// IR-NOT:   vector.multi_reduction
// IR-LABEL: func.func @packed_whole(
// IR-NOT:   linalg.transpose
// IR:       scf.for %{{.*}} = %c0 to %c8 step %c1
// IR:       tensor.extract_slice %arg1[%{{.*}}, 0] [32, 64] [1, 1] : tensor<256x64xf32> to tensor<32x64xf32>
// IR:       scf.for %{{.*}} = %c0 to %c64 step %c16
// IR:       vector.transfer_read {{.*}} : tensor<32x16xf32>, vector<32x16xf32>
// IR-NOT:   vector.shuffle {{.*}} vector<512xf32>
// IR-COUNT-2: vector.insert_strided_slice {{.*}} : vector<16x16xf32> into vector<16x32xf32>
// IR:       vector.transfer_write {{.*}} : vector<16x32xf32>, tensor<1x16x32xf32>
// IR-NOT:   vector<256x1xf32>

func.func @packed(%a: tensor<300x260xf32>, %b: tensor<520x260xf32>, %out: memref<300x520xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<300x520xf32> to tensor<300x520xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<300x260xf32>, tensor<520x260xf32>) outs(%c : tensor<300x520xf32>) -> tensor<300x520xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<300x520xf32>, memref<300x520xf32>) -> ()
  return
}

// -----

func.func @in_place(%a: tensor<37x64xf32>, %b: tensor<100x64xf32>, %out: memref<37x100xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<37x100xf32> to tensor<37x100xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<37x64xf32>, tensor<100x64xf32>) outs(%c : tensor<37x100xf32>) -> tensor<37x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<37x100xf32>, memref<37x100xf32>) -> ()
  return
}

// -----

func.func @few_rows(%a: tensor<5x33xf32>, %b: tensor<77x33xf32>, %out: memref<5x77xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<5x77xf32> to tensor<5x77xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<5x33xf32>, tensor<77x33xf32>) outs(%c : tensor<5x77xf32>) -> tensor<5x77xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<5x77xf32>, memref<5x77xf32>) -> ()
  return
}

// -----

func.func @tiny(%a: tensor<13x19xf32>, %b: tensor<17x19xf32>, %out: memref<13x17xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<13x17xf32> to tensor<13x17xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<13x19xf32>, tensor<17x19xf32>) outs(%c : tensor<13x17xf32>) -> tensor<13x17xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<13x17xf32>, memref<13x17xf32>) -> ()
  return
}

// -----

func.func @one_tile(%a: tensor<8x40xf32>, %b: tensor<2048x40xf32>, %out: memref<8x2048xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<8x2048xf32> to tensor<8x2048xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<8x40xf32>, tensor<2048x40xf32>) outs(%c : tensor<8x2048xf32>) -> tensor<8x2048xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<8x2048xf32>, memref<8x2048xf32>) -> ()
  return
}

// -----

func.func @packed_whole(%a: tensor<144x64xf32>, %b: tensor<256x64xf32>, %out: memref<144x256xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<144x256xf32> to tensor<144x256xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<144x64xf32>, tensor<256x64xf32>) outs(%c : tensor<144x256xf32>) -> tensor<144x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<144x256xf32>, memref<144x256xf32>) -> ()
  return
}
