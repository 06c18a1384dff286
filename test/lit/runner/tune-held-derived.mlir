// A held knob whose loom.host_default reads a swept knob follows it in every
// candidate, as it does when a record without it is applied: here tile_n is
// derived as tile_m, and the schedule fails unless the two are equal. Held
// at one value (tile_n = 4 in every candidate), the candidate tile_m = 8
// failed to compile.
//
// RUN: rm -f %t.jsonl %t.json
// RUN: loom tune %s --min-time 0.01 --db %t.jsonl --save-record %t.json 2>&1 \
// RUN:   | FileCheck %s
// RUN: %{json-get} %t.json records.0.knobs | FileCheck %s --check-prefix=RECORD \
// RUN:   --implicit-check-not=tile_n

// CHECK: tile_m=4: ok
// CHECK-NOT: tile_n=
// CHECK: tile_m=8: ok
// CHECK: 2 candidates of 4 points: 2 evaluated now, 0 from the database, 0 invalid
// RECORD: tile_m

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
    %tile_m = transform.tune.knob<"tile_m"> = 4 from options = [4, 8] -> !transform.param<i64>
    %tile_n = transform.tune.knob<"tile_n"> = 4 from options = [4, 8]
        {loom.sweep = false, loom.host_default = "tile_m"} -> !transform.param<i64>
    transform.match.param.cmpi eq %tile_n, %tile_m : !transform.param<i64>
    %tiled, %loops:2 = transform.structured.tile_using_for %add tile_sizes [%tile_m, %tile_n]
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
