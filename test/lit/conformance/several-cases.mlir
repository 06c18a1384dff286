// Several test cases in one file, separated as mlir-opt --split-input-file
// separates them: each case is its own run and record, a case that fails is
// named with its lines (here the third does not parse), and the exit code is
// the worst one. --chunk N runs one case alone.
//
// RUN: %{exit-code} loom run %s --split-input-file --iters 1 --json %t.json | FileCheck %s
// RUN: %{python} -c "import json; print([(r['options']['chunk'], r['status']) for r in json.load(open('%t.json'))])" | FileCheck %s --check-prefix=JSON
// RUN: loom run %s --chunk 2 --iters 1 | FileCheck %s --check-prefix=ONE

// CHECK: == test case 1 of 3 (lines 1-{{[0-9]+}})
// CHECK: check {{ *}}result 0: passed
// CHECK: == test case 2 of 3
// CHECK: check {{ *}}result 0: passed
// CHECK: == test case 3 of 3 (lines [[#FIRST:]]-{{[0-9]+}})
// CHECK: several-cases.mlir:[[#FIRST+2]]:8: error: custom op 'linalg.bogus' is unknown
// CHECK: loom run: error: test case 3 of 3 (lines {{[0-9]+}}-{{[0-9]+}}): cannot parse the payload
// CHECK: loom run: 3 of 3 test cases ran: 1 invalid-input, 2 ok
// CHECK: exit code: 2
// JSON: [(1, 'ok'), (2, 'ok'), (3, 'invalid-input')]
// ONE: loom run {{.*}}several-cases.mlir (test case 2) @sub

func.func @add(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @sub(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.sub ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @broken(%a: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.bogus %a
}
