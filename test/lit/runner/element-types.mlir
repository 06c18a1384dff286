// Every supported element type runs and is checked. The embedded schedule
// vectorizes each op, so the checked kernel is not the reference's loops.
//
// RUN: loom run %s --func f64 --iters 1 | FileCheck %s --check-prefix=F64
// RUN: loom run %s --func f16 --iters 1 | FileCheck %s --check-prefix=F16
// RUN: loom run %s --func bf16 --iters 1 | FileCheck %s --check-prefix=BF16
// RUN: loom run %s --func i8_to_i32 --iters 1 | FileCheck %s --check-prefix=I8
// RUN: loom run %s --func i64 --iters 1 | FileCheck %s --check-prefix=I64
// RUN: loom run %s --func i1 --iters 1 --no-schedule | FileCheck %s --check-prefix=I1
// RUN: %{exit-code} loom run %s --func i1 --iters 1 | FileCheck %s --check-prefix=I1-VECTOR
// RUN: loom run %s --func f16 --iters 1 --json %t.json > /dev/null
// RUN: %{json-get} %t.json check.outputs.0.rtol | FileCheck %s --check-prefix=F16-RTOL

// F64: inputs      random, seed 0: tensor<4x16xf64>, tensor<16x8xf64>, tensor<4x8xf64>
// F64: check       result 0: passed, max abs err {{.*}} (rtol 1.8e-14, {{.*}}, reduction 16)
// F16: check       result 0: passed, max abs err {{.*}} (rtol 7.8e-02, {{.*}}, reduction 16)
// 4 eps (16 + 4) with eps = 2^-10.
// F16-RTOL: check.outputs.0.rtol = 0.078125
// bf16's rule gives 4 x 2^-7 x 20 = 0.625: capped at 0.1.
// BF16: check       result 0: passed, max abs err {{.*}} (rtol 1.0e-01, {{.*}}, reduction 16)
// I8: inputs      random, seed 0: tensor<4x16xi8>, tensor<16x8xi8>, tensor<4x8xi32>
// I8: check       result 0: passed, exact
// I64: check       result 0: passed, exact
// I1: loom run {{.*}} @i1  (no schedule)
// I1: check       result 0: passed, exact
// Known upstream miscompile, caught by the check: vectorized code loads
// vector<8xi1> as 8 packed bits, but i1 memrefs hold one byte per element.
// I1-VECTOR: check       result 0: FAILED: {{[0-9]+}} of 32 elements differ
// I1-VECTOR: exit code: 1

func.func @f64(%a: tensor<4x16xf64>, %b: tensor<16x8xf64>, %c: tensor<4x8xf64>) -> tensor<4x8xf64> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x16xf64>, tensor<16x8xf64>) outs(%c : tensor<4x8xf64>) -> tensor<4x8xf64>
  return %0 : tensor<4x8xf64>
}
func.func @f16(%a: tensor<4x16xf16>, %b: tensor<16x8xf16>, %c: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x16xf16>, tensor<16x8xf16>) outs(%c : tensor<4x8xf16>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}
func.func @bf16(%a: tensor<4x16xbf16>, %b: tensor<16x8xbf16>, %c: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x16xbf16>, tensor<16x8xbf16>) outs(%c : tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}
// Quantized-style: i8 operands accumulated in i32.
func.func @i8_to_i32(%a: tensor<4x16xi8>, %b: tensor<16x8xi8>, %c: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x16xi8>, tensor<16x8xi8>) outs(%c : tensor<4x8xi32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}
func.func @i64(%a: tensor<4x16xi64>, %b: tensor<16x8xi64>, %c: tensor<4x8xi64>) -> tensor<4x8xi64> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x16xi64>, tensor<16x8xi64>) outs(%c : tensor<4x8xi64>) -> tensor<4x8xi64>
  return %0 : tensor<4x8xi64>
}
// Booleans: elementwise xor.
func.func @i1(%a: tensor<4x8xi1>, %b: tensor<4x8xi1>) -> tensor<4x8xi1> {
  %e = tensor.empty() : tensor<4x8xi1>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xi1>, tensor<4x8xi1>) outs(%e : tensor<4x8xi1>) {
  ^bb0(%x: i1, %y: i1, %o: i1):
    %r = arith.xori %x, %y : i1
    linalg.yield %r : i1
  } -> tensor<4x8xi1>
  return %0 : tensor<4x8xi1>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %ops : !transform.any_op
    transform.yield
  }
}
