// transform.loom.fuse_elementwise: each legality condition (docs/fusion.md)
// with a case that passes it and one that fails it, the options, the
// explanation remarks and the op's failure modes. Condition 2 cannot fail in
// verified IR (linalg ops with results have pure tensor semantics); the unit
// test FuseElementwiseTest checks it on a hand-built op.
//
// RUN: loom-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// Condition 6 holds for a transpose producer: its input's map becomes
// (d1, d0) in the fused op.

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$TR:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @transpose_producer(
// CHECK-SAME: %[[A:.+]]: tensor<8x4xf32>, %[[B:.+]]: tensor<4x8xf32>
// CHECK: %[[R:.+]] = linalg.generic {indexing_maps = [#[[$TR]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<8x4xf32>, tensor<4x8xf32>)
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @transpose_producer(%a: tensor<8x4xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  // expected-remark @below {{(operand #0); condition 8 (producer result): the fused op drops the producer's result}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%t, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.addf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A permuted 3-D producer (d0, d1, d2) -> (d2, d0, d1): the fused map of its
// input is id o inverse((d2, d0, d1)) o id = (d1, d2, d0), and linalg.index
// in its body follows the same permutation.

// CHECK-DAG: #[[$ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$PERM:.+]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
// CHECK-DAG: #[[$D1:.+]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @permuted_3d_producer(
// CHECK: linalg.generic {indexing_maps = [#[[$PERM]], #[[$ID3]]]
// CHECK: %[[I0:.+]] = linalg.index 0 : index
// CHECK-NEXT: %[[I1:.+]] = linalg.index 1 : index
// CHECK-NEXT: %[[I2:.+]] = linalg.index 2 : index
// CHECK-NEXT: affine.apply #[[$D1]](%[[I0]], %[[I1]], %[[I2]])
// CHECK: math.exp
// CHECK-NOT: linalg.generic
func.func @permuted_3d_producer(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %e = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d0, d1)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %y = arith.addf %x, %fi : f32
    linalg.yield %y : f32
  } -> tensor<4x2x3xf32>
  // expected-remark @below {{fused the producer}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t : tensor<4x2x3xf32>) outs(%e : tensor<4x2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 1: a named producer is not fused ...

// CHECK-LABEL: func.func @named_producer(
// CHECK: linalg.exp
// CHECK: linalg.generic
func.func @named_producer(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.exp ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  // expected-remark @below {{(operand #0): condition 1 (generic ops) fails: the producer is linalg.exp, not linalg.generic; generalize it first (transform.structured.generalize, or the generalize option)}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// ... and is with `generalize`, which makes it a linalg.generic first.

// CHECK-LABEL: func.func @named_producer_generalized(
// CHECK-NOT: linalg.exp
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
func.func @named_producer_generalized(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.exp ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  // expected-remark @below {{fused the producer linalg.generic}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f generalize explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 1 for the consumer: a contraction stays named, and generalizing
// it would not help.

// CHECK-LABEL: func.func @named_consumer(
// CHECK: linalg.generic
// CHECK: linalg.matmul
func.func @named_consumer(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  // expected-remark @below {{condition 1 (generic ops) fails: the consumer is linalg.matmul, not linalg.generic; generalizing would not help: it has reduction loops}}
  %r = linalg.matmul ins(%t, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f generalize explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 3: a reduction producer is not fused into its elementwise
// consumer.

// CHECK-LABEL: func.func @reduction_producer(
// CHECK-COUNT-2: linalg.generic
func.func @reduction_producer(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  // expected-remark @below {{condition 3 (parallel producer) fails: producer loop d1 is a reduction: a consumer iteration would need the whole reduction, not one element}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%sum : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.sqrt %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 4: the producer's result is the consumer's init, not an input.

// CHECK-LABEL: func.func @init_operand(
// CHECK-COUNT-2: linalg.generic
func.func @init_operand(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{condition 4 (input operand) fails: the producer's result is the consumer's init (outs) operand, which holds the value the consumer updates; only inputs are fused}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b : tensor<16xf32>) outs(%t : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 5: the producer has more loops (2) than its result has
// dimensions (1), so the consumer's index cannot name a producer iteration.

// CHECK-LABEL: func.func @loop_count(
// CHECK-COUNT-2: linalg.generic
func.func @loop_count(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %last = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  // expected-remark @below {{condition 5 (loop count) fails: the consumer reads the result with (d0) -> (d0) (1 indices) but the producer has 2 loops}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%last : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.sqrt %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A broadcast consumer passes condition 5 (it reads the 1-D result with one
// index, and the producer has one loop) but fusing would recompute the
// producer once per row: not done by default ...

// CHECK-LABEL: func.func @broadcast_consumer(
// CHECK-COUNT-2: linalg.generic
func.func @broadcast_consumer(%v: tensor<8xf32>, %m: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e1 = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{(operand #0): the consumer reads the producer's result with (d0, d1) -> (d1), which visits each element for several iterations: fusing would recompute the producer's body (1 ops) for each of them; set rematerialize to 1 or more to accept that}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t, %m : tensor<8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.mulf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// ... and done when the schedule accepts recomputing a body that small.

// CHECK-DAG: #[[$BCAST:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_consumer_rematerialized(
// CHECK: linalg.generic {indexing_maps = [#[[$BCAST]],
// CHECK: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
func.func @broadcast_consumer_rematerialized(%v: tensor<8xf32>, %m: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e1 = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{fused the producer}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t, %m : tensor<8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.mulf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f rematerialize = 1 explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 6: a producer that writes through (d0 + d1, d0) covers only part
// of its 7x4 result; the rest holds its init values, which the consumer
// reads.

// CHECK-LABEL: func.func @skewed_producer(
// CHECK-COUNT-2: linalg.generic
func.func @skewed_producer(%a: tensor<4x4xf32>, %init: tensor<7x4xf32>) -> tensor<7x4xf32> {
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 + d1, d0)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x4xf32>) outs(%init : tensor<7x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<7x4xf32>
  %e = tensor.empty() : tensor<7x4xf32>
  // expected-remark @below {{condition 6 (permutation producer map) fails: the producer writes its result through (d0, d1) -> (d0 + d1, d0), which is not a permutation: the image of the producer's iteration box is not the whole result tensor, so elements the producer never writes (which hold its init values) would be recomputed from iterations outside its domain}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<7x4xf32>) outs(%e : tensor<7x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<7x4xf32>
  return %r : tensor<7x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 7 holds: the row sum still has an operand indexed by both loops
// after the producer (exp of the same shape) is fused into it.

// CHECK-LABEL: func.func @reduction_consumer_covered(
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
func.func @reduction_consumer_covered(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  // expected-remark @below {{fused the producer}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 7 fails: the producer broadcasts a column, so after fusion no
// operand of the row sum would be indexed by its reduction loop d1.

// CHECK-LABEL: func.func @reduction_consumer_uncovered(
// CHECK-COUNT-2: linalg.generic
func.func @reduction_consumer_uncovered(%v: tensor<4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  // expected-remark @below {{condition 7 (reduction coverage) fails: the consumer has reduction loops and after fusion no operand would index loop d1, so its size would be lost}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A producer with two users: by default it is not fused (fusing would either
// keep its result alive or recompute it; the schedule chooses) ...

// CHECK-LABEL: func.func @multi_use_default(
// CHECK-COUNT-3: linalg.generic
func.func @multi_use_default(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{(operand #0): the producer's result has 1 other user(s): set allow_multi_use to keep it alive as an extra result of the fused op, or rematerialize to 1 or more to recompute it (its body has 1 ops) in every consumer}}
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{the producer's result has 1 other user(s)}}
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r1, %r2 : tensor<16xf32>, tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// ... with allow_multi_use the first consumer computes it and returns it as
// an extra result (condition 8), which the second consumer reads; that pair
// fuses in turn (keeping the first consumer's result, which is returned),
// and the exp result, now unused, is dropped ...

// CHECK-LABEL: func.func @multi_use_kept(
// CHECK: %[[F:.+]]:2 = linalg.generic
// CHECK: %[[E:.+]] = math.exp
// CHECK-NEXT: %[[M:.+]] = arith.mulf %[[E]], %[[E]]
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[E]], %[[E]]
// CHECK-NEXT: linalg.yield %[[M]], %[[S]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[F]]#0, %[[F]]#1
func.func @multi_use_kept(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{(operand #0); condition 8 (producer result): the fused op keeps the producer's result for its 1 other user(s)}}
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{condition 8 (producer result): the fused op keeps the producer's result for its 1 other user(s)}}
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r1, %r2 : tensor<16xf32>, tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f allow_multi_use explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// ... and with rematerialize each consumer recomputes the exp: no
// intermediate tensor is stored.

// CHECK-LABEL: func.func @multi_use_rematerialized(
// CHECK: %[[R1:.+]] = linalg.generic
// CHECK: math.exp
// CHECK-NEXT: arith.mulf
// CHECK: %[[R2:.+]] = linalg.generic
// CHECK: math.exp
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return %[[R1]], %[[R2]]
func.func @multi_use_rematerialized(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{(operand #0) here (rematerialize: its body has 1 ops); the producer stays for its other users; condition 8 (producer result): the fused op drops the producer's result}}
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{(operand #0); condition 8 (producer result): the fused op drops the producer's result}}
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r1, %r2 : tensor<16xf32>, tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f rematerialize = 1 explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A body with more ops than rematerialize allows is not recomputed.

// CHECK-LABEL: func.func @multi_use_too_big(
// CHECK-COUNT-3: linalg.generic
func.func @multi_use_too_big(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    %z = math.log %y : f32
    linalg.yield %z : f32
  } -> tensor<16xf32>
  // expected-remark @below {{or rematerialize to 2 or more to recompute it (its body has 2 ops) in every consumer}}
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{the producer's result has 1 other user(s)}}
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r1, %r2 : tensor<16xf32>, tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f rematerialize = 1 explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Condition 8 for a single-use producer whose body reads its init (an
// accumulation): the fused op keeps that init as an output.

// CHECK-LABEL: func.func @producer_reads_init(
// CHECK: %[[F:.+]]:2 = linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return %[[F]]#1
func.func @producer_reads_init(%a: tensor<16xf32>, %acc: tensor<16xf32>) -> tensor<16xf32> {
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%acc : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  // expected-remark @below {{condition 8 (producer result): the fused op keeps the producer's result because its body reads its init}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A chain of three fuses into one op, repeatedly; max_fusions = 1 stops
// after the first pair and says so for the other.

// CHECK-LABEL: func.func @bounded_chain(
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
func.func @bounded_chain(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{(operand #0); condition 8}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%0 : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{(operand #0): legal, but the bound of 1 fusion(s) was reached}}
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%1 : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.sqrt %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %2 : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f max_fusions = 1 explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A handle to generic ops: only pairs inside the handle fuse, and the result
// handle holds the ops after fusion (the fused op, and the op left out).

// CHECK-LABEL: func.func @op_handle(
// CHECK: math.exp
// CHECK-NEXT: arith.mulf
// CHECK: linalg.generic
// CHECK: math.sqrt
func.func @op_handle(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{result 0}}
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%0 : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{result 1}}
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%1 : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.sqrt %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %2 : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %generics = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %first, %second, %third = transform.split_handle %generics : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %pair = transform.merge_handles %first, %second : !transform.any_op
    %r = transform.loom.fuse_elementwise %pair : (!transform.any_op) -> !transform.any_op
    %both = transform.merge_handles %r, %third : !transform.any_op
    %r0, %r1 = transform.split_handle %both : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %r0, "result 0" : !transform.any_op
    transform.debug.emit_remark_at %r1, "result 1" : !transform.any_op
    transform.yield
  }
}

// -----

// An empty handle is not an error: nothing happens.

// CHECK-LABEL: func.func @empty_handle(
// CHECK: linalg.generic
func.func @empty_handle(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %none = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %none explain : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A handle to an op that is neither a linalg op nor holds any: a silenceable
// failure.

func.func @not_payload(%a: tensor<16xf32>) -> tensor<16xf32> {
  // expected-note @below {{target op}}
  %e = tensor.empty() : tensor<16xf32>
  return %e : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %empty = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects linalg.generic ops or ops that contain them (such as func.func); got tensor.empty}}
    %r = transform.loom.fuse_elementwise %empty : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A handle to a named linalg op without `generalize`: a silenceable failure
// that says what to do.

func.func @named_target(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  // expected-note @below {{target op}}
  %0 = linalg.exp ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %exp = transform.structured.match ops{["linalg.exp"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects linalg.generic ops or ops that contain them; got linalg.exp (generalize it first or set the generalize option)}}
    %r = transform.loom.fuse_elementwise %exp : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'rematerialize' failed to satisfy constraint}}
    %r = transform.loom.fuse_elementwise %f rematerialize = -1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
