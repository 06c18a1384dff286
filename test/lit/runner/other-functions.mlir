// loom run schedules, lowers and compiles only the chosen function and the
// functions it calls: @broken (an op LLVM cannot express) does not stop
// @caller, and @callee is kept.
//
// RUN: loom run %s --func caller --iters 1 --warmup 0 --dump-ir %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t/2-bufferized.mlir
// RUN: %{exit-code} loom run %s --func broken --iters 1 --warmup 0 \
// RUN:   | FileCheck %s --check-prefix=BROKEN

// CHECK: check       result 0: passed
// IR-NOT: @broken
// IR: func.func private @callee
// IR: func.func @caller
// IR-NOT: @broken

// BROKEN: 'vector.scan' is left after lowering to the LLVM dialect
// BROKEN: exit code: 3

func.func private @callee(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @caller(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @broken(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %t[%c0], %pad : tensor<4xf32>, vector<4xf32>
  %init = arith.constant dense<0.0> : vector<f32>
  %0:2 = vector.scan <add>, %a, %init {inclusive = true, reduction_dim = 0}
    : vector<4xf32>, vector<f32>
  %r = vector.transfer_write %0#0, %t[%c0] : vector<4xf32>, tensor<4xf32>
  return %r : tensor<4xf32>
}
