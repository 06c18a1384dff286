// The matmul + bias + ReLU schedule takes every matmul with its epilogue
// of a function (here two, of different shapes), both ways of blocking, on
// one and two threads; each output is checked against the payload without
// the schedule. It once took the first output's chain only and stopped on
// the second ("could not find a producer"): finishing the first had
// vectorized the second whole.
//
// RUN: loom run %s --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --knob blocking=0 --no-timing | FileCheck %s
// RUN: loom run %s --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --knob blocking=1 --no-timing | FileCheck %s
// RUN: loom run %s --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --knob blocking=0 --threads 2 --no-timing | FileCheck %s
// RUN: loom run %s --schedule %{schedules}/matmul_bias_relu/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/default.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --knob blocking=1 --threads 2 --no-timing | FileCheck %s

// CHECK:      check       arg 3: passed
// CHECK-NEXT:             arg 7: passed
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @two(%A: tensor<96x72xf32>, %B: tensor<72x96xf32>, %bias: tensor<96xf32>,
               %C: memref<96x96xf32>, %A2: tensor<40x33xf32>, %B2: tensor<33x40xf32>,
               %bias2: tensor<40xf32>, %C2: memref<40x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<96x96xf32>) -> tensor<96x96xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<96x72xf32>, tensor<72x96xf32>)
                      outs(%init : tensor<96x96xf32>) -> tensor<96x96xf32>
  %c = bufferization.to_tensor %C restrict writable : memref<96x96xf32> to tensor<96x96xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<96x96xf32>, tensor<96xf32>) outs(%c : tensor<96x96xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<96x96xf32>
  bufferization.materialize_in_destination %r in restrict writable %C
    : (tensor<96x96xf32>, memref<96x96xf32>) -> ()
  %e2 = tensor.empty() : tensor<40x40xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<40x40xf32>) -> tensor<40x40xf32>
  %mm2 = linalg.matmul ins(%A2, %B2 : tensor<40x33xf32>, tensor<33x40xf32>)
                       outs(%init2 : tensor<40x40xf32>) -> tensor<40x40xf32>
  %c2 = bufferization.to_tensor %C2 restrict writable : memref<40x40xf32> to tensor<40x40xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm2, %bias2 : tensor<40x40xf32>, tensor<40xf32>) outs(%c2 : tensor<40x40xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<40x40xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %C2
    : (tensor<40x40xf32>, memref<40x40xf32>) -> ()
  return
}
