// The tutorial payload (docs/getting-started.md): C += A x B, 512^3, f32.
func.func @matmul(%A: tensor<512x512xf32>, %B: tensor<512x512xf32>,
                  %C: memref<512x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<512x512xf32> to tensor<512x512xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<512x512xf32>, tensor<512x512xf32>)
                     outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<512x512xf32>, memref<512x512xf32>) -> ()
  return
}
