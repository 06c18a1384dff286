// Where a schedule failed is said every time: the error of a transform op
// may point only at the payload op it was applied to (vectorize: "Attempted
// to vectorize, but failed"), so loom names the transform op and its
// file:line:col, also inside a sequence the schedule includes; --explain
// lists the ops of included sequences under their include. A library that
// defines a sequence the schedule defines too is named with both places.
//
// RUN: %{exit-code} loom run %s --schedule-lib %S/Inputs/library.mlir | FileCheck %s
// RUN: %{exit-code} loom run %s --schedule-lib %S/Inputs/library.mlir --explain | FileCheck %s --check-prefix=EXPLAIN
// RUN: %{exit-code} loom run %s --schedule %S/Inputs/clashing-schedule.mlir --schedule-lib %S/Inputs/library.mlir | FileCheck %s --check-prefix=CLASH

// CHECK: error: Attempted to vectorize, but failed
// CHECK: loom run: error: the schedule failed to apply: transform.structured.vectorize at {{.*}}library.mlir:10:5 failed (see the error above)
// CHECK: exit code: 3
// EXPLAIN: schedule-errors.mlir:{{[0-9]+}}:{{[0-9]+}} {{ *}}transform.structured.match {{ *}}succeeded
// EXPLAIN-NEXT: schedule-errors.mlir:{{[0-9]+}}:{{[0-9]+}} {{ *}}transform.include {{ *}}failed
// EXPLAIN-NEXT: library.mlir:6:{{[0-9]+}} {{ *}}transform.structured.tile_using_for {{ *}}succeeded
// EXPLAIN-NEXT: library.mlir:10:5 {{ *}}transform.structured.vectorize {{ *}}failed {{.*}}the schedule stopped here
// CLASH: loom run: error: cannot merge the schedule library '{{.*}}library.mlir' into the schedule: @helper is defined both in the schedule ({{.*}}clashing-schedule.mlir:2:3) and in the schedule library ({{.*}}library.mlir:13:3); rename one, or declare it without a body in the schedule
// CLASH: exit code: 2

func.func @relu(%a: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile_and_vectorize(%op: !transform.any_op {transform.consumed})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @tile_and_vectorize failures(propagate) (%g) : (!transform.any_op) -> ()
    transform.yield
  }
}
