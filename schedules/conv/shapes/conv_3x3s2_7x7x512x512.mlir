// conv_2d_nhwc_hwcf 3x3, stride 2, 16x16x512 -> 7x7x512: the strided 3x3 of
// conv5_1 (ResNet-50, batch 1; the input carries the padding). A convolution
// of the outside suite (schedules/suites/outside.json), which no record was
// tuned for; the result is accumulated into %out, a memref the caller owns.
func.func @conv(%in: tensor<1x16x16x512xf32>, %filter: tensor<3x3x512x512xf32>,
                %out: memref<1x7x7x512xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x7x7x512xf32> to tensor<1x7x7x512xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>}
      ins(%in, %filter : tensor<1x16x16x512xf32>, tensor<3x3x512x512xf32>)
      outs(%o : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x7x7x512xf32>, memref<1x7x7x512xf32>) -> ()
  return
}
