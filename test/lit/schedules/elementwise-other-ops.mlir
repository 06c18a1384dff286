// The elementwise schedule schedules the other ops of a function too, more
// plainly (transform.loom.auto_tile); one that the vectorizer does not take
// (a convolution) stays tiled loops, with a remark, where it made the
// schedule fail ("could not vectorize 1 op(s)"). Every output is checked
// against the payload without the schedule.
//
// RUN: loom run %s --schedule %{schedules}/elementwise/schedule.mlir --no-timing 2>&1 \
// RUN:   | FileCheck %s

// CHECK-NOT:  error
// CHECK:      remark: not vectorized: linalg.conv_2d_nhwc_hwcf
// CHECK:      check       arg 3: passed
// CHECK-NEXT:             arg 4: passed
// CHECK-NOT:  error
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain_and_conv(%a: tensor<37x100xf32>, %I: tensor<1x9x9x16xf32>,
                          %K: tensor<3x3x16x40xf32>, %out: memref<37x100xf32>,
                          %C: memref<1x7x7x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x100xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<37x100xf32>) outs(%e : tensor<37x100xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<37x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<37x100xf32>, memref<37x100xf32>) -> ()
  %e3 = tensor.empty() : tensor<1x7x7x40xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x7x7x40xf32>) -> tensor<1x7x7x40xf32>
  %r3 = linalg.conv_2d_nhwc_hwcf ins(%I, %K : tensor<1x9x9x16xf32>, tensor<3x3x16x40xf32>)
      outs(%f3 : tensor<1x7x7x40xf32>) -> tensor<1x7x7x40xf32>
  bufferization.materialize_in_destination %r3 in restrict writable %C
    : (tensor<1x7x7x40xf32>, memref<1x7x7x40xf32>) -> ()
  return
}
