// The batch_matmul schedule on batch_matmuls whose A or B is transposed
// (indexing_maps): each batch's matmul keeps its maps
// (transform.loom.specialize_matmul) and is blocked like any other. With
// transform.structured.specialize, the schedule built a linalg.matmul with
// the default maps on the transposed operand: "slice along dimension 0
// runs out-of-bounds", IR that does not verify. A transposed B of more
// than dot_rows rows is packed from B^T (@transposed_b, 37 rows; 4 x 300 x
// 520 x 260).
//
// RUN: loom run %s --split-input-file --schedule %{schedules}/batch_matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing 2>&1 | FileCheck %s
// RUN: loom run %s --split-input-file --schedule %{schedules}/batch_matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --threads 2 2>&1 | FileCheck %s
// RUN: loom-opt %s --split-input-file --transform-preload-library=transform-library-paths=%{schedules}/matmul/schedule.mlir,%{schedules}/lib/vector.mlir,%{schedules}/batch_matmul/schedule.mlir \
// RUN:   --transform-interpreter 2>&1 | FileCheck %s --check-prefix=IR

// CHECK-NOT:   error
// CHECK-LABEL: loom run {{.*}} @transposed_b
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @transposed_a
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @transposed_both
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @transposed_b_packed
// CHECK:       check       arg 2: passed
// CHECK-NOT:   error

// Each batch's matmul is blocked: no generic is left, and the register
// tiles of 8 x 32 of C are vectors. A transposed B is packed from B^T
// (panels of 32: tiles of 8 x 1 x 32), not transposed on its own.
// IR-LABEL: func.func @transposed_b(
// IR-NOT:   linalg.generic
// IR-NOT:   linalg.transpose
// IR:       vector.transfer_read {{.*}} vector<8x1x32xf32>
// IR-LABEL: func.func @transposed_a(
// IR-NOT:   linalg.generic
// IR:       vector.transfer_read {{.*}} vector<8x32xf32>

#A = affine_map<(b, m, n, k) -> (b, m, k)>
#At = affine_map<(b, m, n, k) -> (b, k, m)>
#B = affine_map<(b, m, n, k) -> (b, k, n)>
#Bt = affine_map<(b, m, n, k) -> (b, n, k)>
#C = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @transposed_b(%a: tensor<3x37x40xf32>, %b: tensor<3x33x40xf32>,
                        %out: memref<3x37x33xf32>) {
  %c = bufferization.to_tensor %out restrict writable
    : memref<3x37x33xf32> to tensor<3x37x33xf32>
  %r = linalg.batch_matmul indexing_maps = [#A, #Bt, #C]
      ins(%a, %b : tensor<3x37x40xf32>, tensor<3x33x40xf32>)
      outs(%c : tensor<3x37x33xf32>) -> tensor<3x37x33xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<3x37x33xf32>, memref<3x37x33xf32>) -> ()
  return
}

// -----

#A = affine_map<(b, m, n, k) -> (b, m, k)>
#At = affine_map<(b, m, n, k) -> (b, k, m)>
#B = affine_map<(b, m, n, k) -> (b, k, n)>
#Bt = affine_map<(b, m, n, k) -> (b, n, k)>
#C = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @transposed_a(%a: tensor<2x40x37xf32>, %b: tensor<2x40x33xf32>,
                        %out: memref<2x37x33xf32>) {
  %c = bufferization.to_tensor %out restrict writable
    : memref<2x37x33xf32> to tensor<2x37x33xf32>
  %r = linalg.batch_matmul indexing_maps = [#At, #B, #C]
      ins(%a, %b : tensor<2x40x37xf32>, tensor<2x40x33xf32>)
      outs(%c : tensor<2x37x33xf32>) -> tensor<2x37x33xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<2x37x33xf32>, memref<2x37x33xf32>) -> ()
  return
}

// -----

#A = affine_map<(b, m, n, k) -> (b, m, k)>
#At = affine_map<(b, m, n, k) -> (b, k, m)>
#B = affine_map<(b, m, n, k) -> (b, k, n)>
#Bt = affine_map<(b, m, n, k) -> (b, n, k)>
#C = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @transposed_both(%a: tensor<2x24x9xf32>, %b: tensor<2x70x24xf32>,
                           %out: memref<2x9x70xf32>) {
  %c = bufferization.to_tensor %out restrict writable
    : memref<2x9x70xf32> to tensor<2x9x70xf32>
  %r = linalg.batch_matmul indexing_maps = [#At, #Bt, #C]
      ins(%a, %b : tensor<2x24x9xf32>, tensor<2x70x24xf32>)
      outs(%c : tensor<2x9x70xf32>) -> tensor<2x9x70xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<2x9x70xf32>, memref<2x9x70xf32>) -> ()
  return
}

// -----

#A = affine_map<(b, m, n, k) -> (b, m, k)>
#At = affine_map<(b, m, n, k) -> (b, k, m)>
#B = affine_map<(b, m, n, k) -> (b, k, n)>
#Bt = affine_map<(b, m, n, k) -> (b, n, k)>
#C = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @transposed_b_packed(%a: tensor<4x300x260xf32>, %b: tensor<4x520x260xf32>,
                               %out: memref<4x300x520xf32>) {
  %c = bufferization.to_tensor %out restrict writable
    : memref<4x300x520xf32> to tensor<4x300x520xf32>
  %r = linalg.batch_matmul indexing_maps = [#A, #Bt, #C]
      ins(%a, %b : tensor<4x300x260xf32>, tensor<4x520x260xf32>)
      outs(%c : tensor<4x300x520xf32>) -> tensor<4x300x520xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<4x300x520xf32>, memref<4x300x520xf32>) -> ()
  return
}
