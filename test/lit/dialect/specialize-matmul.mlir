// transform.loom.specialize_matmul turns a generic computing a matmul, A or
// B transposed or not, into a linalg.matmul with the generic's maps;
// transform.loom.match.matmul_generic matches the generics it takes.
// (Upstream's transform.structured.specialize, LLVM 22, builds the
// transposed ones with the default maps: IR that does not verify.)
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics | FileCheck %s

// Specialized: the plain matmul (default maps), B transposed, A
// transposed. Left: C transposed, a product that is not added, an
// elementwise op, two reductions.
// CHECK-DAG:   #[[$MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[$NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[$KM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG:   #[[$KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[$MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @kinds(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<4x6xf32>, %[[B:[a-z0-9]+]]: tensor<6x8xf32>, %[[BT:[a-z0-9]+]]: tensor<8x6xf32>, %[[AT:[a-z0-9]+]]: tensor<6x4xf32>
// CHECK:         %[[P:.*]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(
// CHECK:         %[[TB:.*]] = linalg.matmul indexing_maps = [#[[$MK]], #[[$NK]], #[[$MN]]] ins(%[[A]], %[[BT]] : {{.*}}) outs(
// CHECK:         %[[TA:.*]] = linalg.matmul indexing_maps = [#[[$KM]], #[[$KN]], #[[$MN]]] ins(%[[AT]], %[[B]] : {{.*}}) outs(
// CHECK-NOT:     linalg.matmul
// CHECK:         return %[[P]], %[[TB]], %[[TA]]
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#mn = affine_map<(m, n, k) -> (m, n)>
#nm = affine_map<(m, n, k) -> (n, m)>
#id = affine_map<(m, n, k) -> (m, n, k)>
#m = affine_map<(m, n, k) -> (m)>
#t = {iterator_types = ["parallel", "parallel", "reduction"]}
func.func @kinds(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %bt: tensor<8x6xf32>,
                 %at: tensor<6x4xf32>, %c: tensor<4x8xf32>, %ct: tensor<8x4xf32>,
                 %x: tensor<4x8x6xf32>, %r: tensor<4xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>,
        tensor<4x8xf32>, tensor<4x8x6xf32>, tensor<4xf32>) {
  %plain = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %tb = linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bt : tensor<4x6xf32>, tensor<8x6xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %ta = linalg.generic {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%at, %b : tensor<6x4xf32>, tensor<6x8xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %tc = linalg.generic {indexing_maps = [#mk, #kn, #nm], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>) outs(%ct : tensor<8x4xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %max = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.maximumf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %ew = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x8x6xf32>) outs(%x : tensor<4x8x6xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %u, %u : f32
    linalg.yield %s : f32
  } -> tensor<4x8x6xf32>
  %sum = linalg.generic {indexing_maps = [#id, #m], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x8x6xf32>) outs(%r : tensor<4xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %u, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %plain, %tb, %ta, %tc, %max, %ew, %sum
    : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>,
      tensor<4x8xf32>, tensor<4x8x6xf32>, tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @matmul_generic(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.loom.match.matmul_generic %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %generics = transform.collect_matching @matmul_generic in %func : (!transform.any_op) -> !transform.any_op
    %matmuls = transform.loom.specialize_matmul %generics : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %matmuls : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{3 : i64}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

// A target that is not such a generic: a silenceable failure naming why.
func.func @transposed_c(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %ct: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-note @below {{this op}}
  %tc = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>,
                                         affine_map<(m, n, k) -> (n, m)>],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>) outs(%ct : tensor<8x4xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %tc : tensor<8x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %generic = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects a generic computing a matmul: an operand not indexed as A (m, k), B (k, n) and C (m, n), A or B transposed}}
    %matmul = transform.loom.specialize_matmul %generic : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
