// conv_2d_nhwc_hwcf 1x1, stride 1, 14x14x1024 -> 14x14x256: the first 1x1 of
// a conv4_x bottleneck (ResNet-50, batch 1; the input carries the padding).
// A convolution of the outside suite (schedules/suites/outside.json), which
// no record was tuned for; the result is accumulated into %out, a memref the
// caller owns.
func.func @conv(%in: tensor<1x14x14x1024xf32>, %filter: tensor<1x1x1024x256xf32>,
                %out: memref<1x14x14x256xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x14x14x256xf32> to tensor<1x14x14x256xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>}
      ins(%in, %filter : tensor<1x14x14x1024xf32>, tensor<1x1x1024x256xf32>)
      outs(%o : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x14x14x256xf32>, memref<1x14x14x256xf32>) -> ()
  return
}
