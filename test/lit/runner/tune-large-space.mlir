// loom tune walks at most 10M points. Options that a constraint on their
// knob alone rules out (a term of its top-level &&) are dropped before the
// points are counted, so --constraint can bring a large space under the
// limit; a constraint that relates two knobs cannot, and the error says so.
// Eight knobs of 10 options: 10^8 points.
//
// RUN: rm -f %t.jsonl
// RUN: %{exit-code} loom tune %s --budget 1 --db %t.jsonl | FileCheck %s --check-prefix=LARGE
// LARGE: loom tune: error: the space has 100000000 points; Loom sweeps at most 10000000 (add a --constraint that fixes or bounds a knob, such as 'tile == 32' or 'tile <= 64', or write fewer options)
// LARGE: exit code: 2
//
// RUN: %{exit-code} loom tune %s --budget 1 --db %t.jsonl --constraint 'k1 <= 5 && k2 * k3 == 1' | FileCheck %s --check-prefix=HALF
// HALF: loom tune: error: the space has 100000000 points (50000000 with the options the constraints on single knobs leave); Loom sweeps at most 10000000
// HALF: exit code: 2
//
// --list-space counts the same way: each constraint alone where the
// options it admits are at most 10M points, and all of them together.
// RUN: loom tune %s --list-space --constraint 'k1 == 1 && k2 == 1' --constraint 'k3 <= 3 && k4 + k5 > 2' | FileCheck %s --check-prefix=LIST
// LIST: 100000000 points
// LIST-NEXT: --constraint 'k1 == 1 && k2 == 1': removes 99000000
// LIST-NEXT: --constraint 'k3 <= 3 && k4 + k5 > 2': removes (too many)
// LIST-NEXT: 297000 of them satisfy every constraint
//
// A constraint that leaves a knob no option leaves no point.
// RUN: %{exit-code} loom tune %s --budget 1 --db %t.jsonl --constraint 'k1 > 100' | FileCheck %s --check-prefix=NONE
// NONE: loom tune: error: no point of the space satisfies every constraint (--constraint 'k1 > 100'); --list-space shows what each one removes
// NONE: exit code: 2
//
// 1 x 1 x 3 x 10^5 points are walked; the 3 x 10^5 that also satisfy
// k4 + k5 >= 0 (all) are the candidates.
// RUN: loom tune %s --budget 1 --min-time 0.01 --db %t.jsonl --constraint 'k1 == 1 && k2 == 1 && k3 <= 3' --constraint 'k4 + k5 >= 0' 2>&1 | FileCheck %s --check-prefix=FIXED
// FIXED: 300000 candidates of 100000000 points: 1 evaluated now

func.func @add(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %empty = tensor.empty() : tensor<16x32xf32>
  %0 = linalg.add ins(%a, %b : tensor<16x32xf32>, tensor<16x32xf32>)
                  outs(%empty : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k1 = transform.tune.knob<"k1"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    %k2 = transform.tune.knob<"k2"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    %k3 = transform.tune.knob<"k3"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    %k4 = transform.tune.knob<"k4"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    %k5 = transform.tune.knob<"k5"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    %k6 = transform.tune.knob<"k6"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    %k7 = transform.tune.knob<"k7"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    %k8 = transform.tune.knob<"k8"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] -> !transform.param<i64>
    transform.yield
  }
}
