// transform.apply_patterns.loom.reciprocal_division divides by a broadcast
// divisor once, then multiplies; other divisions are left alone.
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @by_row_sum(
// CHECK-SAME:      %[[X:.*]]: vector<1x64xf32>, %[[S:.*]]: vector<1xf32>)
// CHECK:         %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<1xf32>
// CHECK:         %[[R:.*]] = arith.divf %[[ONE]], %[[S]] : vector<1xf32>
// CHECK:         %[[B:.*]] = vector.broadcast %[[R]] : vector<1xf32> to vector<1x64xf32>
// CHECK:         %[[Q:.*]] = arith.mulf %[[X]], %[[B]] : vector<1x64xf32>
// CHECK:         return %[[Q]]
func.func @by_row_sum(%x: vector<1x64xf32>, %s: vector<1xf32>) -> vector<1x64xf32> {
  %b = vector.broadcast %s : vector<1xf32> to vector<1x64xf32>
  %q = arith.divf %x, %b : vector<1x64xf32>
  return %q : vector<1x64xf32>
}

// A scalar divisor; the fast-math flags carry over.
// CHECK-LABEL: func.func @by_scalar(
// CHECK-SAME:      %[[X:.*]]: vector<16xf64>, %[[S:.*]]: f64)
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK:         %[[R:.*]] = arith.divf %[[ONE]], %[[S]] fastmath<nnan> : f64
// CHECK:         %[[B:.*]] = vector.broadcast %[[R]] : f64 to vector<16xf64>
// CHECK:         arith.mulf %[[X]], %[[B]] fastmath<nnan> : vector<16xf64>
func.func @by_scalar(%x: vector<16xf64>, %s: f64) -> vector<16xf64> {
  %b = vector.broadcast %s : f64 to vector<16xf64>
  %q = arith.divf %x, %b fastmath<nnan> : vector<16xf64>
  return %q : vector<16xf64>
}

// The sums of four rows, each spread along its row (a broadcast then a
// transpose): one division per row, the reciprocals spread the same way.
// CHECK-LABEL: func.func @by_row_sums(
// CHECK-SAME:      %[[X:.*]]: vector<4x64xf32>, %[[S:.*]]: vector<4xf32>)
// CHECK:         %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK:         %[[R:.*]] = arith.divf %[[ONE]], %[[S]] : vector<4xf32>
// CHECK:         %[[B:.*]] = vector.broadcast %[[R]] : vector<4xf32> to vector<64x4xf32>
// CHECK:         %[[T:.*]] = vector.transpose %[[B]], [1, 0] : vector<64x4xf32> to vector<4x64xf32>
// CHECK:         %[[Q:.*]] = arith.mulf %[[X]], %[[T]] : vector<4x64xf32>
// CHECK:         return %[[Q]]
func.func @by_row_sums(%x: vector<4x64xf32>, %s: vector<4xf32>) -> vector<4x64xf32> {
  %b = vector.broadcast %s : vector<4xf32> to vector<64x4xf32>
  %t = vector.transpose %b, [1, 0] : vector<64x4xf32> to vector<4x64xf32>
  %q = arith.divf %x, %t : vector<4x64xf32>
  return %q : vector<4x64xf32>
}

// Not a broadcast divisor, or a broadcast dividend: unchanged.
// CHECK-LABEL: func.func @elementwise(
// CHECK:         arith.divf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:         arith.divf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:         arith.divf %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     arith.mulf
func.func @elementwise(%x: vector<16xf32>, %y: vector<16xf32>, %s: f32,
                       %z: vector<16x4xf32>) -> vector<16xf32> {
  %q = arith.divf %x, %y : vector<16xf32>
  %b = vector.broadcast %s : f32 to vector<16xf32>
  %r = arith.divf %b, %q : vector<16xf32>
  // A transpose of something else than a broadcast.
  %y2 = vector.broadcast %r : vector<16xf32> to vector<4x16xf32>
  %u = vector.transpose %z, [1, 0] : vector<16x4xf32> to vector<4x16xf32>
  %d = arith.divf %y2, %u : vector<4x16xf32>
  %e = vector.extract %d[0] : vector<16xf32> from vector<4x16xf32>
  return %e : vector<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reciprocal_division
    } : !transform.any_op
    transform.yield
  }
}
