// --explain says what each top-level op of the schedule did: its status, how
// many payload ops its handles held, whether it matched nothing, whether a
// failure inside it was suppressed, where the schedule stopped. The record
// holds the same (schedule.trace) and the remarks emitted (schedule.remarks).
//
// RUN: loom run %s --iters 1 --explain --json %t.json | FileCheck %s
// RUN: %{json-get} %t.json schedule.trace.1 schedule.trace.5 schedule.remarks | FileCheck %s --check-prefix=JSON
// RUN: %{exit-code} loom run %s --entry-point stops_early --explain | FileCheck %s --check-prefix=FAILED

// CHECK: schedule 1 of 6 top-level transform op(s) had an empty handle (--explain says which)
// CHECK: what the schedule did (embedded, @__transform_main):
// CHECK-NEXT: at op status handles in out note
// CHECK-NEXT: explain.mlir:{{[0-9]+}}:10 transform.structured.match succeeded 1 1
// CHECK-NEXT: explain.mlir:[[#MATCH:]]:13 transform.structured.match succeeded 1 0
// CHECK-NEXT: explain.mlir:{{[0-9]+}}:5 transform.structured.vectorize succeeded 0 - matched nothing: an operand handle is empty
// CHECK-NEXT: explain.mlir:{{[0-9]+}}:5 transform.debug.emit_remark_at succeeded 1 -
// CHECK-NEXT: explain.mlir:{{[0-9]+}}:13 transform.structured.match succeeded 1 1
// CHECK-NEXT: explain.mlir:{{[0-9]+}}:5 transform.alternatives suppressed 1 - 1 failure(s) inside were suppressed
// CHECK-NEXT: remarks and warnings:
// CHECK-NEXT: explain.mlir:[[#GENERIC:]]:8: remark: the generic

// JSON: schedule.trace.1 = {"depth": 0, "loc": "{{.*}}explain.mlir:{{[0-9]+}}:13", "op": "transform.structured.match", "operands": [1], "results": [0], "status": "succeeded", "suppressed_failures": 0}
// JSON: schedule.trace.5 = {"depth": 0, "loc": "{{.*}}", "op": "transform.alternatives", "operands": [1], "results": [], "status": "suppressed", "suppressed_failures": 1}
// JSON: schedule.remarks = ["{{.*}}explain.mlir:{{[0-9]+}}:8: remark: the generic"]

// FAILED: error: expects linalg.generic ops or ops that contain them (such as func.func); got tensor.empty
// FAILED: what the schedule did (embedded, @stops_early):
// FAILED-NEXT: at op status handles in out note
// FAILED-NEXT: transform.structured.match succeeded 1 1
// FAILED-NEXT: transform.loom.fuse_elementwise failed 1 the schedule stopped here (see the error)
// FAILED-NEXT: transform.structured.match not reached
// FAILED: exit code: 3

func.func @relu(%a: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // A typo'd op name: the match succeeds with nothing, and so does the
    // vectorize that uses it, doing nothing.
    %none = transform.structured.match ops{["linalg.matmull"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %none : !transform.any_op
    transform.debug.emit_remark_at %g, "the generic" : !transform.any_op
    // The first alternative fails; the second (doing nothing) is used.
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.alternatives %func : !transform.any_op {
    ^bb0(%inner: !transform.any_op):
      %empty = transform.structured.match ops{["tensor.empty"]} in %inner : (!transform.any_op) -> !transform.any_op
      %f = transform.loom.fuse_elementwise %empty : (!transform.any_op) -> !transform.any_op
    }, {
    ^bb0(%inner: !transform.any_op):
    }
    transform.yield
  }

  transform.named_sequence @stops_early(%root: !transform.any_op {transform.readonly}) {
    %empty = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.loom.fuse_elementwise %empty : (!transform.any_op) -> !transform.any_op
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
