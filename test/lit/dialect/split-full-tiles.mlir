// transform.loom.split_full_tiles splits an op where the whole tiles of a
// loop end: the full part and the rest, each an op of the same kind on
// slices. The matmul schedule splits N this way
// (test/lit/schedules/matmul-split.mlir).
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --verify-diagnostics | FileCheck %s

// 777 columns in tiles of 32: 768 + 9.
// CHECK-LABEL: func.func @odd(
// CHECK-SAME:      %[[A:.*]]: tensor<33x55xf32>, %[[B:.*]]: tensor<55x777xf32>, %[[C:.*]]: tensor<33x777xf32>)
// CHECK:         %[[A1:.*]] = tensor.extract_slice %[[A]][0, 0] [33, 55] [1, 1]
// CHECK:         %[[B1:.*]] = tensor.extract_slice %[[B]][0, 0] [55, 768] [1, 1]
// CHECK:         %[[C1:.*]] = tensor.extract_slice %[[C]][0, 0] [33, 768] [1, 1]
// CHECK:         %[[FULL:.*]] = linalg.matmul ins(%[[A1]], %[[B1]] : tensor<33x55xf32>, tensor<55x768xf32>) outs(%[[C1]] : tensor<33x768xf32>)
// CHECK:         %[[INS:.*]] = tensor.insert_slice %[[FULL]] into %[[C]][0, 0] [33, 768] [1, 1]
// CHECK:         %[[A2:.*]] = tensor.extract_slice %[[A]][0, 0] [33, 55] [1, 1]
// CHECK:         %[[B2:.*]] = tensor.extract_slice %[[B]][0, 768] [55, 9] [1, 1]
// CHECK:         %[[C2:.*]] = tensor.extract_slice %[[INS]][0, 768] [33, 9] [1, 1]
// CHECK:         %[[REST:.*]] = linalg.matmul ins(%[[A2]], %[[B2]] : tensor<33x55xf32>, tensor<55x9xf32>) outs(%[[C2]] : tensor<33x9xf32>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[REST]] into %[[INS]][0, 768] [33, 9] [1, 1]
// CHECK:         return %[[R]]
func.func @odd(%a: tensor<33x55xf32>, %b: tensor<55x777xf32>, %c: tensor<33x777xf32>) -> tensor<33x777xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<33x55xf32>, tensor<55x777xf32>) outs(%c : tensor<33x777xf32>) -> tensor<33x777xf32>
  return %r : tensor<33x777xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 1 tile_size = 32
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-remark @below {{parts: 1, 1}}
    transform.loom.trace "parts" of %full, %rest : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

// A loop the tile size divides is not split (the op is the full part), nor
// is one shorter than a tile (the op is the rest); M is split in tiles of 8.
// CHECK-LABEL: func.func @whole_and_short(
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x8xf32>, tensor<8x64xf32>)
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<5x8xf32>, tensor<8x9xf32>)
func.func @whole_and_short(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>, %c: tensor<16x64xf32>,
                           %d: tensor<5x8xf32>, %e: tensor<8x9xf32>, %f: tensor<5x9xf32>)
    -> (tensor<16x64xf32>, tensor<5x9xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  %s = linalg.matmul ins(%d, %e : tensor<5x8xf32>, tensor<8x9xf32>) outs(%f : tensor<5x9xf32>) -> tensor<5x9xf32>
  return %r, %s : tensor<16x64xf32>, tensor<5x9xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 0 tile_size = 8
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-remark @below {{parts: 1, 1}}
    transform.loom.trace "parts" of %full, %rest : !transform.any_op, !transform.any_op
    %full_n = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-remark @below {{after: 2}}
    transform.loom.trace "after" of %full_n : !transform.any_op
    transform.yield
  }
}

// -----

// A dynamic loop is split at (size floordiv 16) * 16, computed at run time.
// CHECK:       #[[SPLIT:.*]] = affine_map<()[s0] -> ((s0 floordiv 16) * 16)>
// CHECK-LABEL: func.func @dynamic(
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %c1
// CHECK:         affine.apply #[[SPLIT]]()[%[[N]]]
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x?xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x?xf32>)
func.func @dynamic(%a: tensor<8x8xf32>, %b: tensor<8x?xf32>, %c: tensor<8x?xf32>) -> tensor<8x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x?xf32>) outs(%c : tensor<8x?xf32>) -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 1 tile_size = 16
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-remark @below {{parts: 1, 1}}
    transform.loom.trace "parts" of %full, %rest : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

// A loop the op does not have.
func.func @bad(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{this op has 3 loops}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{dimension 3 is out of range}}
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 3 tile_size = 4
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An op without the TilingInterface.
func.func @not_tileable() {
  // expected-note @below {{this func.return}}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ret = transform.structured.match ops{["func.return"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot split an op without the TilingInterface}}
    %full, %rest = transform.loom.split_full_tiles %ret dimension = 0 tile_size = 4
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The tile size from a parameter (a knob of the schedule): 33 rows in tiles
// of 8 are 32 + 1.
// CHECK-LABEL: func.func @param(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<32x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x8xf32>, tensor<8x16xf32>)
func.func @param(%a: tensor<33x8xf32>, %b: tensor<8x16xf32>, %c: tensor<33x16xf32>) -> tensor<33x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<33x8xf32>, tensor<8x16xf32>) outs(%c : tensor<33x16xf32>) -> tensor<33x16xf32>
  return %r : tensor<33x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %eight = transform.param.constant 8 : i64 -> !transform.param<i64>
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 0 tile_size = %eight
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    // The parameter is only read.
    // expected-remark @below {{parts: 1, 1, 1}}
    transform.loom.trace "parts" of %full, %rest, %eight : !transform.any_op, !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

func.func @zero(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    // expected-error @below {{expects the tile size parameter to be one positive integer}}
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 0 tile_size = %zero
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// join_rest: a rest of at most that many iterations joins the last whole
// tile. 49 rows in tiles of 8 with join_rest 3 are 40 + 9; 44 rows are 40 +
// 4 (a rest of 4 stays); 9 rows are one op, the rest (its only whole tile
// joined the row left over); 48 rows are not split.
// CHECK-LABEL: func.func @join(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<40x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<9x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<40x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<9x8xf32>, tensor<8x16xf32>)
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<48x8xf32>, tensor<8x16xf32>)
func.func @join(%a: tensor<49x8xf32>, %b: tensor<8x16xf32>, %c: tensor<49x16xf32>,
                %d: tensor<44x8xf32>, %e: tensor<44x16xf32>,
                %f: tensor<9x8xf32>, %g: tensor<9x16xf32>,
                %h: tensor<48x8xf32>, %i: tensor<48x16xf32>)
    -> (tensor<49x16xf32>, tensor<44x16xf32>, tensor<9x16xf32>, tensor<48x16xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<49x8xf32>, tensor<8x16xf32>) outs(%c : tensor<49x16xf32>) -> tensor<49x16xf32>
  %s = linalg.matmul ins(%d, %b : tensor<44x8xf32>, tensor<8x16xf32>) outs(%e : tensor<44x16xf32>) -> tensor<44x16xf32>
  %t = linalg.matmul ins(%f, %b : tensor<9x8xf32>, tensor<8x16xf32>) outs(%g : tensor<9x16xf32>) -> tensor<9x16xf32>
  %u = linalg.matmul ins(%h, %b : tensor<48x8xf32>, tensor<8x16xf32>) outs(%i : tensor<48x16xf32>) -> tensor<48x16xf32>
  return %r, %s, %t, %u : tensor<49x16xf32>, tensor<44x16xf32>, tensor<9x16xf32>, tensor<48x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %eight = transform.param.constant 8 : i64 -> !transform.param<i64>
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 0 tile_size = %eight join_rest = %three
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    // 49: 40 + 9, 44: 40 + 4, 9: rest only, 48: full only.
    // expected-remark @below {{parts: 3, 3}}
    transform.loom.trace "parts" of %full, %rest : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

// balance_rest: a rest of more than join_rest and at most balance_rest
// iterations and the last whole tile become two tiles of nearly the same
// size, the larger first, both in the rest. 14 rows in tiles of 6 are 6 + 4
// + 4; 15 are 6 + 5 + 4; 13 are 6 + 7 (the row left over joins); 17 are 6 +
// 6 + 5 (a rest of 5 is more than balance_rest); 8 are 4 + 4 (no whole tile
// before them); 4 are not split (shorter than a tile).
// CHECK-LABEL: func.func @balance(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<5x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<7x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<12x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<5x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK:         return
func.func @balance(%b: tensor<8x16xf32>,
                   %a14: tensor<14x8xf32>, %c14: tensor<14x16xf32>,
                   %a15: tensor<15x8xf32>, %c15: tensor<15x16xf32>,
                   %a13: tensor<13x8xf32>, %c13: tensor<13x16xf32>,
                   %a17: tensor<17x8xf32>, %c17: tensor<17x16xf32>,
                   %a8: tensor<8x8xf32>, %c8: tensor<8x16xf32>,
                   %a4: tensor<4x8xf32>, %c4: tensor<4x16xf32>)
    -> (tensor<14x16xf32>, tensor<15x16xf32>, tensor<13x16xf32>, tensor<17x16xf32>,
        tensor<8x16xf32>, tensor<4x16xf32>) {
  %r14 = linalg.matmul ins(%a14, %b : tensor<14x8xf32>, tensor<8x16xf32>) outs(%c14 : tensor<14x16xf32>) -> tensor<14x16xf32>
  %r15 = linalg.matmul ins(%a15, %b : tensor<15x8xf32>, tensor<8x16xf32>) outs(%c15 : tensor<15x16xf32>) -> tensor<15x16xf32>
  %r13 = linalg.matmul ins(%a13, %b : tensor<13x8xf32>, tensor<8x16xf32>) outs(%c13 : tensor<13x16xf32>) -> tensor<13x16xf32>
  %r17 = linalg.matmul ins(%a17, %b : tensor<17x8xf32>, tensor<8x16xf32>) outs(%c17 : tensor<17x16xf32>) -> tensor<17x16xf32>
  %r8 = linalg.matmul ins(%a8, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%c8 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r4 = linalg.matmul ins(%a4, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c4 : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r14, %r15, %r13, %r17, %r8, %r4
      : tensor<14x16xf32>, tensor<15x16xf32>, tensor<13x16xf32>, tensor<17x16xf32>,
        tensor<8x16xf32>, tensor<4x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %six = transform.param.constant 6 : i64 -> !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 0 tile_size = %six
        join_rest = %one balance_rest = %four
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    // Full: 6 (of 14), 6 (of 15), 6 (of 13), 12 (of 17); rest: 4 + 4, 5 + 4,
    // 7, 5, 4 + 4, 4.
    // expected-remark @below {{parts: 4, 9}}
    transform.loom.trace "parts" of %full, %rest : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

func.func @negative_balance(%a: tensor<9x8xf32>, %b: tensor<8x8xf32>, %c: tensor<9x8xf32>) -> tensor<9x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<9x8xf32>, tensor<8x8xf32>) outs(%c : tensor<9x8xf32>) -> tensor<9x8xf32>
  return %r : tensor<9x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %minus = transform.param.constant -2 : i64 -> !transform.param<i64>
    // expected-error @below {{expects balance_rest to be one non-negative integer}}
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 0 tile_size = 8 balance_rest = %minus
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @negative_join(%a: tensor<9x8xf32>, %b: tensor<8x8xf32>, %c: tensor<9x8xf32>) -> tensor<9x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<9x8xf32>, tensor<8x8xf32>) outs(%c : tensor<9x8xf32>) -> tensor<9x8xf32>
  return %r : tensor<9x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %minus = transform.param.constant -1 : i64 -> !transform.param<i64>
    // expected-error @below {{expects join_rest to be one non-negative integer}}
    %full, %rest = transform.loom.split_full_tiles %mm dimension = 0 tile_size = 8 join_rest = %minus
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
