// A schedule that changes what the kernel computes is caught by the
// reference check: exit code 1, the first wrong element, no timing. Here the
// schedule pads the reduction dimension of a matmul with 1.0 instead of 0.0,
// which adds 2 x 1 x 1 to every element.
//
// RUN: %{exit-code} loom run %s --init ones | FileCheck %s
// RUN: loom run %s --init ones --json %t.json > /dev/null 2>&1 || true
// RUN: %{json-get} %t.json status exit_code check.status \
// RUN:   check.outputs.0.mismatches check.outputs.0.first_mismatch timing \
// RUN:   | FileCheck %s --check-prefix=JSON
// The same schedule with the neutral padding value passes.
// RUN: sed 's/padding_values = \[1.0 : f32, 1.0 : f32/padding_values = [0.0 : f32, 0.0 : f32/' %s > %t.mlir
// RUN: loom run %t.mlir --iters 1 | FileCheck %s --check-prefix=FIXED

// CHECK:      check       result 0: FAILED: 16 of 16 elements differ; first at [0, 0]: got 9, expected 7; max abs err 2.00e+00
// CHECK-NOT:  time/call
// CHECK:      loom run: error: the scheduled kernel's output differs from the reference
// CHECK:      exit code: 1

// JSON: status = "mismatch"
// JSON: exit_code = 1
// JSON: check.status = "failed"
// JSON: check.outputs.0.mismatches = 16
// JSON: check.outputs.0.first_mismatch = {"expected": 7.0, "got": 9.0, "index": [0, 0]}
// JSON: timing = null

// FIXED: check       result 0: passed

func.func @matmul(%a: tensor<4x6xf32>, %b: tensor<6x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xf32>, tensor<6x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %padded, %pad, %copy = transform.structured.pad %mm pad_to_multiple_of [4, 4, 8] {
        padding_dimensions = [0, 1, 2],
        padding_values = [1.0 : f32, 1.0 : f32, 0.0 : f32]}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
