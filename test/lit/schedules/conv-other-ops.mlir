// The convolution schedule blocks the convolutions and leaves the other ops
// of the payload as they are: a fill of another shape (here 2-D, next to the
// 4-D fill that initializes the convolution) once made it fail, as the
// schedule tiled every fill of the function like its packing copies.
//
// RUN: loom run %s --split-input-file --schedule %{schedules}/conv/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir --no-timing | FileCheck %s
// RUN: loom run %s --split-input-file --schedule %{schedules}/conv/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir --no-timing --threads 2 | FileCheck %s
// CHECK:      @kernel
// CHECK: check       arg 2: passed
// CHECK-NEXT:        arg 3: passed
func.func @kernel(%I: tensor<1x9x9x16xf32>, %K: tensor<3x3x16x40xf32>,
                  %other: memref<5x7xf32>, %C: memref<1x7x7x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x40xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x40xf32>)
    -> tensor<1x7x7x40xf32>
  %r = linalg.conv_2d_nhwc_hwcf
      ins(%I, %K : tensor<1x9x9x16xf32>, tensor<3x3x16x40xf32>)
      outs(%init : tensor<1x7x7x40xf32>) -> tensor<1x7x7x40xf32>
  bufferization.materialize_in_destination %r in restrict writable %C
    : (tensor<1x7x7x40xf32>, memref<1x7x7x40xf32>) -> ()
  %o = bufferization.to_tensor %other restrict writable
    : memref<5x7xf32> to tensor<5x7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<5x7xf32>) -> tensor<5x7xf32>
  bufferization.materialize_in_destination %f in restrict writable %other
    : (tensor<5x7xf32>, memref<5x7xf32>) -> ()
  return
}

// -----

// Two convolutions, the second (1x1) reading the first's result, as in a
// ResNet block: each is blocked on its own, and only then are the register
// tiles decomposed and vectorized (done per convolution, the second, still
// whole, went to upstream's decompose and stopped the schedule).
// CHECK:      @block
// CHECK:        check       arg 3: passed
func.func @block(%in: tensor<1x16x16x8xf32>, %filter: tensor<3x3x8x32xf32>,
                 %f2: tensor<1x1x32x48xf32>, %out: memref<1x14x14x48xf32>) {
  %e = tensor.empty() : tensor<1x14x14x32xf32>
  %z = arith.constant 0.0 : f32
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %0 = linalg.conv_2d_nhwc_hwcf
      ins(%in, %filter : tensor<1x16x16x8xf32>, tensor<3x3x8x32xf32>)
      outs(%i : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x14x14x48xf32> to tensor<1x14x14x48xf32>
  %1 = linalg.conv_2d_nhwc_hwcf
      ins(%0, %f2 : tensor<1x14x14x32xf32>, tensor<1x1x32x48xf32>)
      outs(%o : tensor<1x14x14x48xf32>) -> tensor<1x14x14x48xf32>
  bufferization.materialize_in_destination %1 in restrict writable %out
    : (tensor<1x14x14x48xf32>, memref<1x14x14x48xf32>) -> ()
  return
}
