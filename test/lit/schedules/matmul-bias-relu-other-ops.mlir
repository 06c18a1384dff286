// The matmul + bias + ReLU schedule takes every output of the function that
// is an epilogue of a matmul whose accumulator a fill zeroes, and leaves the
// other ops as they are: here a softmax of the same matmul and a matmul
// with no epilogue. Such a function made it fail ("could not find a
// producer for operand number: 0"), as it took every output for a chain.
//
// RUN: loom run %s --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing 2>&1 | FileCheck %s
// RUN: loom run %s --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --knob blocking=0 --threads 2 2>&1 \
// RUN:   | FileCheck %s

// CHECK-NOT:  error
// CHECK:      check       arg 4: passed
// CHECK-NEXT:             arg 5: passed
// CHECK-NEXT:             arg 6: passed
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @k(%A: tensor<40x64xf32>, %B: tensor<64x48xf32>, %A2: tensor<17x33xf32>, %B2: tensor<33x20xf32>, %C: memref<40x48xf32>, %C2: memref<17x20xf32>, %S: memref<40x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<40x48xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<40x48xf32>) -> tensor<40x48xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x64xf32>, tensor<64x48xf32>) outs(%f : tensor<40x48xf32>) -> tensor<40x48xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<40x48xf32>) outs(%e : tensor<40x48xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<40x48xf32>
  bufferization.materialize_in_destination %g in restrict writable %C : (tensor<40x48xf32>, memref<40x48xf32>) -> ()
  %sm = linalg.softmax dimension(1) ins(%r : tensor<40x48xf32>) outs(%e : tensor<40x48xf32>) -> tensor<40x48xf32>
  bufferization.materialize_in_destination %sm in restrict writable %S : (tensor<40x48xf32>, memref<40x48xf32>) -> ()
  %e2 = tensor.empty() : tensor<17x20xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<17x20xf32>) -> tensor<17x20xf32>
  %r2 = linalg.matmul ins(%A2, %B2 : tensor<17x33xf32>, tensor<33x20xf32>) outs(%f2 : tensor<17x20xf32>) -> tensor<17x20xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %C2 : (tensor<17x20xf32>, memref<17x20xf32>) -> ()
  return
}
