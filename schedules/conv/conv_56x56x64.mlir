// conv_2d_nhwc_hwcf 3x3, stride 1, no padding: a ResNet-50 layer shape
// (56x56x64 -> 64 channels), one of the convolutions of the peers
// benchmark (schedules/suites/peers.json). The input carries the halo
// (58x58); the result is accumulated into %out, a memref the caller owns.
func.func @conv(%in: tensor<1x58x58x64xf32>, %filter: tensor<3x3x64x64xf32>,
                %out: memref<1x56x56x64xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x56x56x64xf32> to tensor<1x56x56x64xf32>
  %0 = linalg.conv_2d_nhwc_hwcf
      ins(%in, %filter : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>)
      outs(%o : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x56x56x64xf32>, memref<1x56x56x64xf32>) -> ()
  return
}
