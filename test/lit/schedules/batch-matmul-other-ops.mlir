// The batch_matmul schedule blocks the matmul of every batch_matmul of the
// payload and leaves the other ops to the default tiles. An elementwise op
// after the batch_matmul once crashed the transform interpreter (SIGSEGV in
// transform.structured.specialize): the schedule looped over every generic
// of the function, and blocking the matmul replaced the other generic
// under the loop. A batch of one leaves no batch loop, and a matrix-vector
// product (N of 1) is a contraction but no matmul: each is checked too.
//
// RUN: loom run %s --split-input-file --schedule %{schedules}/batch_matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing 2>&1 | FileCheck %s
// RUN: loom run %s --split-input-file --schedule %{schedules}/batch_matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --threads 2 2>&1 | FileCheck %s

// CHECK-NOT:   error
// CHECK-LABEL: loom run {{.*}} @batch_matmul_relu
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @two_batch_matmuls
// CHECK:       check       arg 4: passed
// CHECK-NEXT:              arg 5: passed
// CHECK-LABEL: loom run {{.*}} @one_batch_and_a_vector
// CHECK:       check       arg 4: passed
// CHECK-NEXT:              arg 5: passed
// CHECK-NOT:   error

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @batch_matmul_relu(%a: tensor<3x17x40xf32>, %b: tensor<3x40x33xf32>,
                             %out: memref<3x17x33xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x17x33xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x17x33xf32>) -> tensor<3x17x33xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x17x40xf32>, tensor<3x40x33xf32>)
                           outs(%f : tensor<3x17x33xf32>) -> tensor<3x17x33xf32>
  %g = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r : tensor<3x17x33xf32>) outs(%e : tensor<3x17x33xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<3x17x33xf32>
  bufferization.materialize_in_destination %g in restrict writable %out
    : (tensor<3x17x33xf32>, memref<3x17x33xf32>) -> ()
  return
}

// -----

func.func @two_batch_matmuls(%a: tensor<2x16x32xf32>, %b: tensor<2x32x24xf32>,
                             %c: tensor<4x9x8xf32>, %d: tensor<4x8x20xf32>,
                             %out: memref<2x16x24xf32>, %out2: memref<4x9x20xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x24xf32>) -> tensor<2x16x24xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x16x32xf32>, tensor<2x32x24xf32>)
                           outs(%f : tensor<2x16x24xf32>) -> tensor<2x16x24xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<2x16x24xf32>, memref<2x16x24xf32>) -> ()
  %e2 = tensor.empty() : tensor<4x9x20xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x9x20xf32>) -> tensor<4x9x20xf32>
  %r2 = linalg.batch_matmul ins(%c, %d : tensor<4x9x8xf32>, tensor<4x8x20xf32>)
                            outs(%f2 : tensor<4x9x20xf32>) -> tensor<4x9x20xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %out2
    : (tensor<4x9x20xf32>, memref<4x9x20xf32>) -> ()
  return
}

// -----

func.func @one_batch_and_a_vector(%a: tensor<1x16x32xf32>, %b: tensor<1x32x24xf32>,
                                  %c: tensor<2x9x8xf32>, %d: tensor<2x8x1xf32>,
                                  %out: memref<1x16x24xf32>, %out2: memref<2x9x1xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x24xf32>) -> tensor<1x16x24xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x16x32xf32>, tensor<1x32x24xf32>)
                           outs(%f : tensor<1x16x24xf32>) -> tensor<1x16x24xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<1x16x24xf32>, memref<1x16x24xf32>) -> ()
  %e2 = tensor.empty() : tensor<2x9x1xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x9x1xf32>) -> tensor<2x9x1xf32>
  %r2 = linalg.batch_matmul ins(%c, %d : tensor<2x9x8xf32>, tensor<2x8x1xf32>)
                            outs(%f2 : tensor<2x9x1xf32>) -> tensor<2x9x1xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %out2
    : (tensor<2x9x1xf32>, memref<2x9x1xf32>) -> ()
  return
}
