// conv_2d_nhwc_hwcf 1x1: a ResNet-50 bottleneck reduction of the last stage
// (7x7x2048 -> 512 channels). The result is accumulated into %out, a memref
// the caller owns.
func.func @conv(%in: tensor<1x7x7x2048xf32>, %filter: tensor<1x1x2048x512xf32>,
                %out: memref<1x7x7x512xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x7x7x512xf32> to tensor<1x7x7x512xf32>
  %0 = linalg.conv_2d_nhwc_hwcf
      ins(%in, %filter : tensor<1x7x7x2048xf32>, tensor<1x1x2048x512xf32>)
      outs(%o : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x7x7x512xf32>, memref<1x7x7x512xf32>) -> ()
  return
}
