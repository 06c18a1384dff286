// loom-fuse-elementwise: the pass form of transform.loom.fuse_elementwise
// (same code; test/lit/dialect/fuse-elementwise.mlir checks every condition).
// Its options select the same policies.
//
// RUN: loom-opt %s --split-input-file --loom-fuse-elementwise | FileCheck %s --check-prefix=DEFAULT
// RUN: loom-opt %s --split-input-file --loom-fuse-elementwise="allow-multi-use" | FileCheck %s --check-prefix=MULTI
// RUN: loom-opt %s --split-input-file --loom-fuse-elementwise="rematerialize=1" | FileCheck %s --check-prefix=REMAT
// RUN: loom-opt %s --split-input-file --loom-fuse-elementwise="max-fusions=0" | FileCheck %s --check-prefix=NONE
// RUN: loom-opt %s --split-input-file --loom-fuse-elementwise="explain generalize" --verify-diagnostics | FileCheck %s --check-prefix=GENERALIZE

// %s has one user and fuses into %u by default; %t is also returned, so it
// fuses only when an option allows it: kept as an extra result of the fused
// op (allow-multi-use), or recomputed there while %t stays for the return
// (rematerialize).

// DEFAULT-LABEL: func.func @two_producers(
// DEFAULT: %[[T:.+]] = linalg.generic
// DEFAULT: math.exp
// DEFAULT: %[[U:.+]] = linalg.generic {{.*}} ins(%[[T]], %{{.+}} :
// DEFAULT: math.sqrt
// DEFAULT-NEXT: arith.mulf
// DEFAULT: return %[[U]], %[[T]]

// MULTI-LABEL: func.func @two_producers(
// MULTI: %[[F:.+]]:2 = linalg.generic
// MULTI-NOT: linalg.generic
// MULTI: return %[[F]]#1, %[[F]]#0

// REMAT-LABEL: func.func @two_producers(
// REMAT: %[[T:.+]] = linalg.generic
// REMAT: %[[U:.+]] = linalg.generic
// REMAT-DAG: math.exp
// REMAT-DAG: math.sqrt
// REMAT: arith.mulf
// REMAT: return %[[U]], %[[T]]

// NONE-LABEL: func.func @two_producers(
// NONE-COUNT-3: linalg.generic

// GENERALIZE-LABEL: func.func @two_producers(
func.func @two_producers(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.sqrt %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // expected-remark @below {{(operand #1); condition 8 (producer result): the fused op drops the producer's result}}
  // expected-remark @below {{(operand #0): the producer's result has 1 other user(s)}}
  %u = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t, %s : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.mulf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %u, %t : tensor<16xf32>, tensor<16xf32>
}

// -----

// Named elementwise ops fuse once generalized.

// DEFAULT-LABEL: func.func @named(
// DEFAULT: linalg.exp
// GENERALIZE-LABEL: func.func @named(
// GENERALIZE-NOT: linalg.exp
// GENERALIZE: math.exp
// GENERALIZE-NEXT: arith.mulf
func.func @named(%a: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %t = linalg.exp ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  // expected-remark @below {{(operand #0); condition 8 (producer result): the fused op drops the producer's result}}
  %u = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %u : tensor<16xf32>
}
