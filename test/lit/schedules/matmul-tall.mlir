// A matmul of at least twice as many rows as columns (A the larger operand,
// read once per block of columns) has K blocks of tall_k_block (twice
// k_block by default), others of k_block: loom-opt uses the values written
// in the schedule (k_block 256, tall_k_block 512). The rule is per part of
// a split matmul: 600 x 600's rest of 24 columns is tall too. (B is packed
// per K block, so the last, partial block of 1100 is peeled: the loops of
// the full blocks end at 1024.) Results checked with loom run on this
// host's defaults.
//
// RUN: loom-opt %s --split-input-file --transform-preload-library=transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir \
// RUN:   --transform-interpreter 2>&1 | FileCheck %s
// RUN: loom run %s --split-input-file --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --no-records 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RESULT

// CHECK-LABEL: func.func @tall(
// CHECK:       scf.for {{.*}} = %c0 to %c1024 step %c512
// CHECK-NOT:   step %c256
// CHECK-LABEL: func.func @square(
// CHECK:       scf.for {{.*}} = %c0 to %c1024 step %c256
// CHECK-NOT:   step %c512

// RESULT-NOT:  error
// RESULT-LABEL: loom run {{.*}} @tall
// RESULT:      check       arg 2: passed
// RESULT-LABEL: loom run {{.*}} @square
// RESULT:      check       arg 2: passed

func.func @tall(%a: tensor<600x1100xf32>, %b: tensor<1100x40xf32>, %out: memref<600x40xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<600x40xf32> to tensor<600x40xf32>
  %r = linalg.matmul ins(%a, %b : tensor<600x1100xf32>, tensor<1100x40xf32>)
      outs(%c : tensor<600x40xf32>) -> tensor<600x40xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<600x40xf32>, memref<600x40xf32>) -> ()
  return
}

// -----

func.func @square(%a: tensor<600x1100xf32>, %b: tensor<1100x640xf32>, %out: memref<600x640xf32>) {
  %c = bufferization.to_tensor %out restrict writable : memref<600x640xf32> to tensor<600x640xf32>
  %r = linalg.matmul ins(%a, %b : tensor<600x1100xf32>, tensor<1100x640xf32>)
      outs(%c : tensor<600x640xf32>) -> tensor<600x640xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<600x640xf32>, memref<600x640xf32>) -> ()
  return
}
