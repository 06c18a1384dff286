// transform.loom.transpose_matmul_b gives a linalg.matmul whose B is
// transposed (indexing_maps, B (n, k)) its B in the plain order: a
// linalg.transpose into a new (k, n) tensor feeds a matmul with B's plain
// map (A keeps its own, transposed or not). A matmul whose B is not
// transposed is returned as it is, and no transpose is made for it.
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics | FileCheck %s

// CHECK-DAG:   #[[$KM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG:   #[[$KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[$MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @kinds(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<4x6xf32>, %[[B:[a-z0-9]+]]: tensor<6x8xf32>, %[[BT:[a-z0-9]+]]: tensor<8x6xf32>, %[[AT:[a-z0-9]+]]: tensor<6x4xf32>, %[[C:[a-z0-9]+]]: tensor<4x8xf32>
// CHECK:         %[[PLAIN:.*]] = linalg.matmul {plain} ins(%[[A]], %[[B]] :
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<6x8xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[BT]] : tensor<8x6xf32>) outs(%[[E]] : tensor<6x8xf32>) permutation = [1, 0]
// CHECK:         %[[TB:.*]] = linalg.matmul {plain} ins(%[[A]], %[[T]] : tensor<4x6xf32>, tensor<6x8xf32>) outs(%[[C]]
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<6x8xf32>
// CHECK:         %[[T2:.*]] = linalg.transpose ins(%[[BT]] : tensor<8x6xf32>) outs(%[[E2]] : tensor<6x8xf32>) permutation = [1, 0]
// CHECK:         %[[TAB:.*]] = linalg.matmul indexing_maps = [#[[$KM]], #[[$KN]], #[[$MN]]] {plain} ins(%[[AT]], %[[T2]] :
// CHECK:         %[[TA:.*]] = linalg.matmul indexing_maps = [#[[$KM]], #[[$KN]], #[[$MN]]] {plain} ins(%[[AT]], %[[B]] :
// CHECK-NOT:     linalg.transpose
// CHECK:         return %[[PLAIN]], %[[TB]], %[[TAB]], %[[TA]]
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @kinds(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %bt: tensor<8x6xf32>,
                 %at: tensor<6x4xf32>, %c: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>)
      outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.matmul indexing_maps = [#mk, #nk, #mn]
      ins(%a, %bt : tensor<4x6xf32>, tensor<8x6xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.matmul indexing_maps = [#km, #nk, #mn]
      ins(%at, %bt : tensor<6x4xf32>, tensor<8x6xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.matmul indexing_maps = [#km, #kn, #mn]
      ins(%at, %b : tensor<6x4xf32>, tensor<6x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %matmuls = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %plain, %transposes = transform.loom.transpose_matmul_b %matmuls
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Every matmul, the new ones and those left.
    transform.annotate %plain "plain" : !transform.any_op
    %n = transform.num_associations %transposes : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{2 : i64}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

func.func @not_a_matmul(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-note @below {{this op}}
  %0 = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects a linalg.matmul on tensors}}
    %plain, %transposes = transform.loom.transpose_matmul_b %add
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// transform.loom.match.transposed_b matches the matmuls whose B is
// transposed, whatever A: not the plain one, nor one with only A
// transposed, nor another op.
// CHECK-LABEL: func.func @match(
// CHECK:         linalg.matmul ins(
// CHECK-NOT:     transposed_b
// CHECK:         linalg.matmul indexing_maps = {{.*}} {transposed_b}
// CHECK:         linalg.matmul indexing_maps = {{.*}} {transposed_b}
// CHECK:         linalg.matmul indexing_maps = [{{[^]]*}}] ins(
// CHECK-NOT:     transposed_b
// CHECK:         return
func.func @match(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %bt: tensor<8x6xf32>,
                 %at: tensor<6x4xf32>, %c: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>)
      outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %bt : tensor<4x6xf32>, tensor<8x6xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%at, %bt : tensor<6x4xf32>, tensor<8x6xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%at, %b : tensor<6x4xf32>, tensor<6x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = linalg.add ins(%c, %c : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %2, %3, %4 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @transposed(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.loom.match.transposed_b %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @mark(%op: !transform.any_op {transform.readonly}) {
    transform.annotate %op "transposed_b" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %updated = transform.foreach_match in %func @transposed -> @mark : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
