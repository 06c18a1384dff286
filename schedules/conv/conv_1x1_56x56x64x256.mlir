// conv_2d_nhwc_hwcf 1x1: a ResNet-50 bottleneck expansion (56x56x64 -> 256
// channels). The result is accumulated into %out, a memref the caller owns.
func.func @conv(%in: tensor<1x56x56x64xf32>, %filter: tensor<1x1x64x256xf32>,
                %out: memref<1x56x56x256xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x56x56x256xf32> to tensor<1x56x56x256xf32>
  %0 = linalg.conv_2d_nhwc_hwcf
      ins(%in, %filter : tensor<1x56x56x64xf32>, tensor<1x1x64x256xf32>)
      outs(%o : tensor<1x56x56x256xf32>) -> tensor<1x56x56x256xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x56x56x256xf32>, memref<1x56x56x256xf32>) -> ()
  return
}
