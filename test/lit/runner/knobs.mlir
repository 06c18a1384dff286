// transform.tune knobs and alternatives get their values from --knob; the
// record keeps what was asked and what every tunable resolved to. Wrong names
// and values are input errors (exit 2) that list what the schedule offers.
//
// RUN: loom run %s --knob tile=4 --knob how=1 --iters 1 --json %t.json > /dev/null
// RUN: %{json-get} %t.json status options.knobs schedule.knobs | FileCheck %s
// RUN: %{exit-code} loom run %s --knob tile=4 | FileCheck %s --check-prefix=UNRESOLVED
// RUN: %{exit-code} loom run %s --knob tile=5 --knob how=0 | FileCheck %s --check-prefix=OPTION
// RUN: %{exit-code} loom run %s --knob tiles=4 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %{exit-code} loom run %s --knob how=2 --knob tile=4 | FileCheck %s --check-prefix=REGION
// RUN: %{exit-code} loom run %s --knob tile | FileCheck %s --check-prefix=SYNTAX
// RUN: %{exit-code} loom run %s --no-schedule --knob tile=4 | FileCheck %s --check-prefix=NOSCHEDULE

// CHECK: status = "ok"
// CHECK: options.knobs = {"how": "1", "tile": "4"}
// The knob written with a value in the file is recorded too.
// CHECK: schedule.knobs = {"how": "1", "order": "1", "tile": "4"}

// UNRESOLVED: loom run: error: the schedule has tunables without a value: 'how' ({{.*}}knobs.mlir:[[#@LINE+28]]:5, regions [0, 1]); give each one with --knob NAME=VALUE (or "knobs" in a suite)
// UNRESOLVED: exit code: 2
// OPTION: loom run: error: knob 'tile' ({{.*}}knobs.mlir:[[#@LINE+22]]:13, options [2, 4, 8]) has no option '5'
// OPTION: exit code: 2
// UNKNOWN: loom run: error: unknown knob 'tiles'; the schedule's tunables: 'tile' ({{.*}}, options [2, 4, 8]), 'order' ({{.*}}, options [0, 1]), 'how' ({{.*}}, regions [0, 1])
// UNKNOWN: exit code: 2
// REGION: loom run: error: alternatives 'how' ({{.*}}, regions [0, 1]) has no region '2'
// REGION: exit code: 2
// SYNTAX: loom run: error: --knob expects name=value (e.g. tile_m=32), got 'tile'
// SYNTAX: exit code: 2
// NOSCHEDULE: loom run: error: --knob needs a schedule: pass --schedule or embed one in the payload
// NOSCHEDULE: exit code: 2

func.func @add(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %empty = tensor.empty() : tensor<16x16xf32>
  %0 = linalg.add ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>)
                  outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tile = transform.tune.knob<"tile"> options = [2, 4, 8] -> !transform.param<i64>
    %order = transform.tune.knob<"order"> = 1 from options = [0, 1] -> !transform.param<i64>
    %tiled, %loop = transform.structured.tile_using_for %add tile_sizes [%tile, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.tune.alternatives<"how"> {
      transform.yield
    }, {
      transform.structured.vectorize %tiled : !transform.any_op
      transform.yield
    }
    transform.yield
  }
}
