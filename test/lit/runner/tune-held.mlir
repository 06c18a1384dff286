// A knob marked loom.sweep = false is held at its default by loom tune
// (the knobs of a schedule's rarer paths: schedules/matmul/schedule.mlir):
// --list-space marks it and counts the points without it; a sweep covers
// the other knobs; --sweep NAME sweeps it too; an unknown name is an error.
// A saved record leaves a held knob out (its default, the host's, applies),
// and keeps it when --sweep tuned it.
//
// RUN: rm -f %t.jsonl %t-all.jsonl %t-held.json %t-swept.json
// RUN: loom tune %s --list-space | FileCheck %s --check-prefix=LIST
// RUN: loom tune %s --min-time 0.01 --db %t.jsonl --save-record %t-held.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HELD
// RUN: %{json-get} %t-held.json records.0.knobs | FileCheck %s --check-prefix=HELD-RECORD \
// RUN:   --implicit-check-not=tile_n
// RUN: loom tune %s --min-time 0.01 --db %t-all.jsonl --sweep tile_n --save-record %t-swept.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SWEPT
// RUN: %{json-get} %t-swept.json records.0.knobs | FileCheck %s --check-prefix=SWEPT-RECORD
// RUN: %{exit-code} loom tune %s --list-space --sweep tile_k | FileCheck %s --check-prefix=UNKNOWN

// LIST: tile_m knob 2 [4, 8] - {{.*}}tune-held.mlir:{{[0-9]+}}:15
// LIST-NEXT: tile_n knob 3 [8, 16, 32] 16 (held) {{.*}}tune-held.mlir:{{[0-9]+}}:15
// LIST-NEXT: 6 points
// LIST-NEXT: 2 with the knobs held at their defaults (loom.sweep = false, or not read by the schedule on this payload; --sweep KNOB sweeps one): tile_n

// HELD: 2 candidates of 6 points
// HELD-NOT: tile_n=8
// HELD-NOT: tile_n=32
// SWEPT: 6 candidates of 6 points
// HELD-RECORD: tile_m
// SWEPT-RECORD-DAG: tile_m
// SWEPT-RECORD-DAG: tile_n

// UNKNOWN: loom tune: error: --sweep: the schedule has no knob 'tile_k'; its knobs: tile_m, tile_n
// UNKNOWN: exit code: 2

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
    %tile_m = transform.tune.knob<"tile_m"> options = [4, 8] -> !transform.param<i64>
    %tile_n = transform.tune.knob<"tile_n"> = 16 from options = [8, 16, 32] {loom.sweep = false} -> !transform.param<i64>
    %tiled, %loops:2 = transform.structured.tile_using_for %add tile_sizes [%tile_m, %tile_n]
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
