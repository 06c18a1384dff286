// conv_2d_nhwc_hwcf 3x3, stride 1, no padding: the last ResNet-50 stage
// (7x7x512 -> 512 channels), a 7-pixel output row. The input carries the
// halo (9x9); the result is accumulated into %out, a memref the caller owns.
func.func @conv(%in: tensor<1x9x9x512xf32>, %filter: tensor<3x3x512x512xf32>,
                %out: memref<1x7x7x512xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x7x7x512xf32> to tensor<1x7x7x512xf32>
  %0 = linalg.conv_2d_nhwc_hwcf
      ins(%in, %filter : tensor<1x9x9x512xf32>, tensor<3x3x512x512xf32>)
      outs(%o : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x7x7x512xf32>, memref<1x7x7x512xf32>) -> ()
  return
}
