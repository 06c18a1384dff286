// An out-of-bounds store that does not crash goes unseen by the check (the
// reference does it too); --check-bounds compiles both with upstream's
// runtime verification and stops at the first violation, with its location
// (exit code 6, a record).
//
// RUN: loom run %s --func outside --iters 1 | FileCheck %s --check-prefix=UNSEEN
// RUN: %{exit-code} loom run %s --func outside --iters 1 --check-bounds --json %t.json | FileCheck %s
// RUN: %{json-get} %t.json status exit_code options.check_bounds | FileCheck %s --check-prefix=JSON
// A kernel that stays in bounds runs as usual under the checks.
// RUN: loom run %s --func inside --iters 1 --check-bounds | FileCheck %s --check-prefix=INSIDE

// UNSEEN: check {{ *}}arg 0: passed
// CHECK: loom run: error: the reference kernel failed a runtime check (--check-bounds): out-of-bounds access at {{.*}}check-bounds.mlir:{{[0-9]+}}:3 (memref.store %cst, %arg0[%c5] : memref<4xf32>)
// CHECK: exit code: 6
// JSON: status = "runtime-check"
// JSON: exit_code = 6
// JSON: options.check_bounds = true
// INSIDE: check {{ *}}arg 0: passed

func.func @outside(%a: memref<4xf32>) {
  %c5 = arith.constant 5 : index
  %v = arith.constant 1.0 : f32
  // A store at index 5 of a memref<4xf32>.
  memref.store %v, %a[%c5] : memref<4xf32>
  return
}

func.func @inside(%a: memref<4xf32>) {
  %c3 = arith.constant 3 : index
  %v = arith.constant 1.0 : f32
  memref.store %v, %a[%c3] : memref<4xf32>
  return
}
