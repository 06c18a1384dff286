// conv_2d_nhwc_hwcf 7x7, stride 2, 230x230x3 -> 112x112x64: the stem
// (ResNet-50, batch 1; the input carries the padding). A convolution of the
// outside suite (schedules/suites/outside.json), which no record was tuned
// for; the result is accumulated into %out, a memref the caller owns.
func.func @conv(%in: tensor<1x230x230x3xf32>, %filter: tensor<7x7x3x64xf32>,
                %out: memref<1x112x112x64xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x112x112x64xf32> to tensor<1x112x112x64xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>}
      ins(%in, %filter : tensor<1x230x230x3xf32>, tensor<7x7x3x64xf32>)
      outs(%o : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x112x112x64xf32>, memref<1x112x112x64xf32>) -> ()
  return
}
