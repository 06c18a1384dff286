// loom tune --list-space reads the space from the schedule: every
// transform.tune.knob with its options and every transform.tune.alternatives
// (nested ones too) with its regions; --constraint prunes it.
//
// RUN: rm -f %t.jsonl
// RUN: loom tune %s --list-space | FileCheck %s
// RUN: loom tune %s --list-space --constraint 'tile_m * tile_n <= 256' --constraint 'how == 0 || order == "outer"' | FileCheck %s --check-prefix=PRUNED
// RUN: %{exit-code} loom tune %s --list-space --constraint 'tile_k <= 4' | FileCheck %s --check-prefix=UNKNOWN
// RUN: loom tune %{schedules}/elementwise/elementwise_1024.mlir --schedule %{schedules}/elementwise/fused.mlir --list-space | FileCheck %s --check-prefix=NONE
// A schedule without knobs is tuned as its single point.
// RUN: loom tune %{schedules}/elementwise/elementwise_1024.mlir --schedule %{schedules}/elementwise/fused.mlir --min-time 0.01 --db %t.jsonl 2>&1 | FileCheck %s --check-prefix=SINGLE

// CHECK: knob kind options values default at
// CHECK-NEXT: tile_m knob 3 [4, 8, 16] - {{.*}}tune-space.mlir:{{[0-9]+}}:15
// CHECK-NEXT: tile_n knob 2 [8, 32] - {{.*}}tune-space.mlir:{{[0-9]+}}:15
// CHECK-NEXT: order knob 2 ["outer", "inner"] - {{.*}}tune-space.mlir:{{[0-9]+}}:14
// CHECK-NEXT: how alternatives 2 regions [0, 1] - {{.*}}tune-space.mlir:{{[0-9]+}}:5
// CHECK-NEXT: unroll alternatives 2 regions [0, 1] - {{.*}}tune-space.mlir:{{[0-9]+}}:7
// CHECK-NEXT: 48 points
// CHECK-NOT: satisfy

// 3 x 2 pairs with tile_m * tile_n <= 256: (4, 8), (4, 32), (8, 8), (8, 32),
// (16, 8): 5; how/order: 3 of 4; unroll: 2. 5 x 3 x 2 = 30. Alone, the
// first removes 1 pair of 6 (8 of 48 points), the second 1 of 4 (12).
// PRUNED: 48 points
// PRUNED-NEXT: --constraint 'tile_m * tile_n <= 256': removes 8
// PRUNED-NEXT: --constraint 'how == 0 || order == "outer"': removes 12
// PRUNED-NEXT: 30 of them satisfy every constraint

// UNKNOWN: loom tune: error: --constraint 'tile_k <= 4': unknown knob 'tile_k' (the schedule's knobs: tile_m, tile_n, order, how, unroll) at column 1
// UNKNOWN: exit code: 2

// NONE: the schedule has no tune.knob or tune.alternatives: the space is the schedule alone (1 point)
// SINGLE: the schedule has no tune.knob or tune.alternatives: tuning its single point
// SINGLE: 1 candidates of 1 points: 1 evaluated now, 0 from the database, 0 invalid
// SINGLE: 1 (the schedule as written)

func.func @add(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %empty = tensor.empty() : tensor<16x32xf32>
  %0 = linalg.add ins(%a, %b : tensor<16x32xf32>, tensor<16x32xf32>)
                  outs(%empty : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tile_m = transform.tune.knob<"tile_m"> options = [4, 8, 16] -> !transform.param<i64>
    %tile_n = transform.tune.knob<"tile_n"> options = [8, 32] -> !transform.param<i64>
    %order = transform.tune.knob<"order"> options = ["outer", "inner"] -> !transform.any_param
    transform.tune.alternatives<"how"> {
      %tiled, %l0, %l1 = transform.structured.tile_using_for %add tile_sizes [%tile_m, %tile_n]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.tune.alternatives<"unroll"> {
        transform.yield
      }, {
        transform.yield
      }
      transform.yield
    }, {
      transform.yield
    }
    transform.yield
  }
}
