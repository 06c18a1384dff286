// An argument of 2^64 floats: its size does not fit in 64 bits.
func.func @f(%a: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  return %a : tensor<4611686018427387904x4xf32>
}
