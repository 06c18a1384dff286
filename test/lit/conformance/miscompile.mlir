// Loom's check catches what a FileCheck-only test does not: in LLVM 22,
// transform.structured.vectorize on a rank-reducing tensor.insert_slice that
// writes a column (the unit dim of the destination is the last one) writes
// the values along a row instead. The schedule applies and the IR verifies;
// only running it shows the wrong answer. Loom compares what the scheduled
// `main` prints with what the plain one prints and exits 1, naming the first
// line that differs.
//
// RUN: %{exit-code} loom run %s 2>&1 | FileCheck %s

// CHECK: check {{ *}}printed output: FAILED{{.*}}line 2{{.*}}: the reference printed '{{\[\[}}0, 1, 0],', the kernel '{{\[\[}}0, 1, 2],'
// CHECK: loom run: error: the scheduled kernel's output differs from the reference
// CHECK: exit code: 1

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %column = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %d = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  // Column 1 of a 4x3 matrix.
  %r = tensor.insert_slice %column into %d[0, 1] [4, 1] [1, 1]
    : tensor<4xf32> into tensor<4x3xf32>
  %u = tensor.cast %r : tensor<4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %insert = transform.structured.match ops{["tensor.insert_slice"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %insert : !transform.any_op
    transform.yield
  }
}
