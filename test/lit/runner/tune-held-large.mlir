// Knobs held at their defaults (loom.sweep = false) do not count in the
// numbers loom tune gives points: twenty held knobs of 10 options (1e20
// points with them, past 64 bits) and two swept ones. The sweep starts
// with the defaults, every candidate keeps the held knobs at theirs, and a
// --constraint on a swept knob holds; swept too, the knobs make more points
// than loom tune can number, and it says so.
//
// RUN: rm -f %t.jsonl
// RUN: loom tune %s --list-space | FileCheck %s --check-prefix=LIST
// LIST: more than 1.8e19 points
// LIST-NEXT: 6 with the knobs held at their defaults
//
// RUN: loom tune %s --budget 3 --min-time 0.01 --db %t.jsonl --constraint 'tile_n <= 16' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TUNE --implicit-check-not=tile_n=32
// TUNE: [1/3] tile_m=8 tile_n=16: ok
// TUNE: 4 candidates of more than 1.8e19 points: 3 evaluated now
//
// RUN: %{exit-code} loom tune %s --budget 1 --db %t.jsonl --sweep h0 --sweep h1 --sweep h2 \
// RUN:   --sweep h3 --sweep h4 --sweep h5 --sweep h6 --sweep h7 --sweep h8 --sweep h9 --sweep h10 \
// RUN:   --sweep h11 --sweep h12 --sweep h13 --sweep h14 --sweep h15 --sweep h16 --sweep h17 \
// RUN:   --sweep h18 --sweep h19 | FileCheck %s --check-prefix=SWEPT
// SWEPT: loom tune: error: the swept knobs make more than 1.8e19 points, more than loom tune can number: hold some at their defaults (loom.sweep = false in the schedule) or write fewer options
// SWEPT: exit code: 2

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
    %tile_m = transform.tune.knob<"tile_m"> = 8 from options = [4, 8] -> !transform.param<i64>
    %tile_n = transform.tune.knob<"tile_n"> = 16 from options = [8, 16, 32] -> !transform.param<i64>
    %h0 = transform.tune.knob<"h0"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h1 = transform.tune.knob<"h1"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h2 = transform.tune.knob<"h2"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h3 = transform.tune.knob<"h3"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h4 = transform.tune.knob<"h4"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h5 = transform.tune.knob<"h5"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h6 = transform.tune.knob<"h6"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h7 = transform.tune.knob<"h7"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h8 = transform.tune.knob<"h8"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h9 = transform.tune.knob<"h9"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h10 = transform.tune.knob<"h10"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h11 = transform.tune.knob<"h11"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h12 = transform.tune.knob<"h12"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h13 = transform.tune.knob<"h13"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h14 = transform.tune.knob<"h14"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h15 = transform.tune.knob<"h15"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h16 = transform.tune.knob<"h16"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h17 = transform.tune.knob<"h17"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h18 = transform.tune.knob<"h18"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %h19 = transform.tune.knob<"h19"> = 7 from options = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] {loom.sweep = false} -> !transform.param<i64>
    %tiled, %loops:2 = transform.structured.tile_using_for %add tile_sizes [%tile_m, %tile_n]
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
