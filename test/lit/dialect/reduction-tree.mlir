// transform.apply_patterns.loom.reduction_tree reduces the last dimension of
// a vector by halves; other reductions are left alone. The softmax schedule
// runs it and checks its result (test/lit/schedules/softmax.mlir).
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s

// The partial maxima of a row: 4 -> 2 -> 1 lanes, then the accumulator.
// CHECK-LABEL: func.func @row_max(
// CHECK-SAME:      %[[V:.*]]: vector<2x4xf32>, %[[ACC:.*]]: vector<2xf32>)
// CHECK:         %[[L1:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}
// CHECK:         %[[H1:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0, 2], sizes = [2, 2], strides = [1, 1]}
// CHECK:         %[[M1:.*]] = arith.maxnumf %[[L1]], %[[H1]] : vector<2x2xf32>
// CHECK:         %[[L2:.*]] = vector.extract_strided_slice %[[M1]] {offsets = [0, 0], sizes = [2, 1], strides = [1, 1]}
// CHECK:         %[[H2:.*]] = vector.extract_strided_slice %[[M1]] {offsets = [0, 1], sizes = [2, 1], strides = [1, 1]}
// CHECK:         %[[M2:.*]] = arith.maxnumf %[[L2]], %[[H2]] : vector<2x1xf32>
// CHECK:         %[[C:.*]] = vector.shape_cast %[[M2]] : vector<2x1xf32> to vector<2xf32>
// CHECK:         %[[R:.*]] = arith.maxnumf %[[C]], %[[ACC]] : vector<2xf32>
// CHECK:         return %[[R]]
func.func @row_max(%v: vector<2x4xf32>, %acc: vector<2xf32>) -> vector<2xf32> {
  %r = vector.multi_reduction <maxnumf>, %v, %acc [1] : vector<2x4xf32> to vector<2xf32>
  return %r : vector<2xf32>
}

// A 1-D sum with an accumulator (multi_reduction to a scalar, and
// vector.reduction with its fast-math flags).
// CHECK-LABEL: func.func @sums(
// CHECK-SAME:      %[[V:.*]]: vector<4xf32>, %[[ACC:.*]]: f32)
// CHECK:         %[[L1:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [2], strides = [1]}
// CHECK:         %[[H1:.*]] = vector.extract_strided_slice %[[V]] {offsets = [2], sizes = [2], strides = [1]}
// CHECK:         %[[S1:.*]] = arith.addf %[[L1]], %[[H1]] : vector<2xf32>
// CHECK:         arith.addf {{.*}} : vector<1xf32>
// CHECK:         %[[E:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK:         %[[A:.*]] = arith.addf %[[E]], %[[ACC]] : f32
// CHECK:         arith.addf {{.*}} fastmath<nnan> : vector<2xf32>
// CHECK:         arith.addf {{.*}} fastmath<nnan> : vector<1xf32>
// CHECK:         %[[E2:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK:         %[[B:.*]] = arith.addf %[[E2]], %[[A]] fastmath<nnan> : f32
// CHECK:         return %[[B]]
func.func @sums(%v: vector<4xf32>, %acc: f32) -> f32 {
  %a = vector.multi_reduction <add>, %v, %acc [0] : vector<4xf32> to f32
  %b = vector.reduction <add>, %v, %a fastmath<nnan> : vector<4xf32> into f32
  return %b : f32
}

// Integer kinds: the same steps with the kind's op.
// CHECK-LABEL: func.func @integers(
// CHECK:         arith.maxsi {{.*}} : vector<4xi32>
// CHECK:         arith.maxsi {{.*}} : vector<2xi32>
// CHECK:         arith.maxsi {{.*}} : vector<1xi32>
// CHECK:         arith.muli {{.*}} : vector<1xi32>
// CHECK-NOT:     vector.reduction
func.func @integers(%v: vector<8xi32>, %w: vector<2xi32>) -> (i32, i32) {
  %a = vector.reduction <maxsi>, %v : vector<8xi32> into i32
  %b = vector.reduction <mul>, %w : vector<2xi32> into i32
  return %a, %b : i32, i32
}

// A size that is not a power of two: 6 = 4 + 2, the last 2 lanes are
// combined with the first 2 and put back in the first 4, which then go by
// halves. The same for a 1-D vector.reduction of 7 = 4 + 3.
// CHECK-LABEL: func.func @not_a_power_of_two(
// CHECK-SAME:      %[[A:.*]]: vector<2x6xf32>, %[[W:.*]]: vector<7xf32>, %[[ACC:.*]]: vector<2xf32>)
// CHECK:         %[[LOW:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}
// CHECK:         %[[TAIL:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0, 4], sizes = [2, 2], strides = [1, 1]}
// CHECK:         %[[FOLD:.*]] = arith.maxnumf %[[LOW]], %[[TAIL]] : vector<2x2xf32>
// CHECK:         %[[HEAD:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0, 0], sizes = [2, 4], strides = [1, 1]}
// CHECK:         %[[FOUR:.*]] = vector.insert_strided_slice %[[FOLD]], %[[HEAD]] {offsets = [0, 0], strides = [1, 1]} : vector<2x2xf32> into vector<2x4xf32>
// (The low half of the first 4 lanes is the folded pair: it folds away.)
// CHECK:         %[[HIGH:.*]] = vector.extract_strided_slice %[[FOUR]] {offsets = [0, 2], sizes = [2, 2], strides = [1, 1]}
// CHECK:         arith.maxnumf %[[FOLD]], %[[HIGH]] : vector<2x2xf32>
// CHECK:         arith.maxnumf {{.*}} : vector<2x1xf32>
// CHECK:         vector.extract_strided_slice %[[W]] {offsets = [0], sizes = [3], strides = [1]}
// CHECK:         vector.extract_strided_slice %[[W]] {offsets = [4], sizes = [3], strides = [1]}
// CHECK:         arith.addf {{.*}} : vector<3xf32>
// CHECK:         vector.insert_strided_slice {{.*}} : vector<3xf32> into vector<4xf32>
// CHECK:         arith.addf {{.*}} : vector<1xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK-NOT:     vector.reduction
// CHECK:         return
func.func @not_a_power_of_two(%a: vector<2x6xf32>, %w: vector<7xf32>,
                              %acc: vector<2xf32>) -> (vector<2xf32>, f32) {
  %0 = vector.multi_reduction <maxnumf>, %a, %acc [1] : vector<2x6xf32> to vector<2xf32>
  %1 = vector.reduction <add>, %w : vector<7xf32> into f32
  return %0, %1 : vector<2xf32>, f32
}

// Another dimension reduced, a scalable vector, a masked reduction, a
// single element: unchanged.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     vector.extract_strided_slice
// CHECK:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [0] : vector<2x4xf32> to vector<4xf32>
// CHECK:         vector.reduction <add>, %{{.*}} : vector<[4]xf32> into f32
// CHECK:         vector.mask %{{.*}} { vector.reduction <add>, %{{.*}} : vector<4xf32> into f32 }
// CHECK:         vector.reduction <add>, %{{.*}} : vector<1xf32> into f32
// CHECK-NOT:     vector.extract_strided_slice
func.func @left_alone(%b: vector<2x4xf32>, %s: vector<[4]xf32>,
                      %v: vector<4xf32>, %m: vector<4xi1>, %one: vector<1xf32>,
                      %acc4: vector<4xf32>) -> (vector<4xf32>, f32, f32, f32) {
  %1 = vector.multi_reduction <add>, %b, %acc4 [0] : vector<2x4xf32> to vector<4xf32>
  %2 = vector.reduction <add>, %s : vector<[4]xf32> into f32
  %3 = vector.mask %m { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  %4 = vector.reduction <add>, %one : vector<1xf32> into f32
  return %1, %2, %3, %4 : vector<4xf32>, f32, f32, f32
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reduction_tree
    } : !transform.any_op
    transform.yield
  }
}
