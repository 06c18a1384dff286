// Upstream-style integration tests (mlir/test/Integration/Dialect/Linalg/CPU):
// a `main` without arguments or results that prints its result with
// printMemrefF32, several cases per file, schedules embedded in each case.
// Loom compares what the scheduled `main` prints with what the plain one
// prints (numbers within tolerance, text exactly), so a case is checked
// even though it returns nothing; a function that prints is run once, not
// timed.
//
// RUN: loom run %s --split-input-file --json %t.json 2>&1 | FileCheck %s
// RUN: %{python} -c "import json; r = json.load(open('%t.json')); print([x['check']['status'] for x in r], [x['timing'] for x in r], [x['timing_note'] is not None for x in r])" | FileCheck %s --check-prefix=JSON

// CHECK: == test case 1 of 2 (lines 1-{{[0-9]+}})
// CHECK: check {{ *}}printed output: passed
// CHECK: time/call {{ *}}not timed: the function prints
// CHECK: printed by the scheduled kernel (5 lines):
// CHECK-NEXT: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[\[}}10, 10, 10, 10],
// CHECK: == test case 2 of 2
// CHECK: check {{ *}}printed output: passed
// CHECK: ( 3, 5, 7, 9 )
// CHECK: loom run: 2 of 2 test cases ran: 2 ok
// JSON: ['passed', 'passed'] [None, None] [True, True]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %a = arith.constant dense<1.0> : tensor<4x8xf32>
  %b = arith.constant dense<1.25> : tensor<8x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>)
                     outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  %u = tensor.cast %r : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loops:3 = transform.structured.tile_using_for %mm tile_sizes [2, 2, 4]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tiled : !transform.any_op
    transform.yield
  }
}

// -----

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[2.0, 3.0, 4.0, 5.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %r[%c0], %pad : tensor<4xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %add : !transform.any_op
    transform.yield
  }
}
