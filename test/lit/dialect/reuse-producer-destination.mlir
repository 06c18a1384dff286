// transform.apply_patterns.loom.reuse_producer_destination: an all-parallel
// op that does not read its destination writes over an input that was
// computed into that same destination, and (a linalg.generic) reads that
// input through its destination. Then one-shot bufferization works in place
// (no allocation, no copy), also when the op is tiled afterwards (each tile
// reads the slice of the loop's destination it overwrites: the tile's
// write-back is a copy onto itself, which canonicalization removes); before
// the rewrite it copies.
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s
// RUN: loom-opt %s --transform-interpreter \
// RUN:   --one-shot-bufferize=bufferize-function-boundaries --cse --canonicalize \
// RUN:   | FileCheck %s --check-prefix=BUF
// RUN: loom-opt %s --one-shot-bufferize=bufferize-function-boundaries \
// RUN:   | FileCheck %s --check-prefix=COPY

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#row2 = affine_map<(d0, d1) -> (d1)>

// The two last ops of a decomposed softmax.
// CHECK-LABEL: func.func @exp_then_divide(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xf32>, %[[S:.*]]: tensor<4xf32>, %[[D:.*]]: tensor<4x8xf32>)
// CHECK:         %[[E:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4x8xf32>) outs(%[[D]] : tensor<4x8xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[S]] : tensor<4xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK-NEXT:    ^bb0(%[[SUM:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT:      arith.divf %[[OUT]], %[[SUM]] : f32
// BUF-LABEL: func.func @exp_then_divide(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return
// COPY-LABEL: func.func @exp_then_divide(
// COPY:        memref.alloc
func.func @exp_then_divide(%x: tensor<4x8xf32>, %s: tensor<4xf32>,
                           %d: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%d : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %q = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %s : tensor<4x8xf32>, tensor<4xf32>) outs(%d : tensor<4x8xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %v = arith.divf %in, %sum : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %q : tensor<4x8xf32>
}

// The same, the division tiled by rows after the rewrite (as
// schedules/softmax/schedule.mlir tiles a softmax over columns): each tile
// reads and writes the slice of the loop's destination, in place. (With the
// division still reading the exponentials as an input, each tile read the
// tensor from before the loop, and bufferization copied it whole.)
// CHECK-LABEL: func.func @exp_then_divide_tiled(
// CHECK:         scf.for
// CHECK:           linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}} : tensor<2x8xf32>)
// BUF-LABEL: func.func @exp_then_divide_tiled(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return
func.func @exp_then_divide_tiled(%x: tensor<4x8xf32>, %s: tensor<8xf32>,
                                 %d: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%d : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %q = linalg.generic {indexing_maps = [#id, #row2, #id], iterator_types = ["parallel", "parallel"], tiled}
      ins(%e, %s : tensor<4x8xf32>, tensor<8xf32>) outs(%d : tensor<4x8xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %v = arith.divf %in, %sum : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %q : tensor<4x8xf32>
}

// Left alone: the op reads its destination (an accumulation), the producer
// wrote another destination, the op is a reduction.
// CHECK-LABEL: func.func @left_alone(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xf32>, %[[D:.*]]: tensor<4x8xf32>, %[[D2:.*]]: tensor<4x8xf32>, %[[R:.*]]: tensor<4xf32>)
// CHECK:         %[[E:.*]] = linalg.generic {{.*}} outs(%[[D]] : tensor<4x8xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[E]] : tensor<4x8xf32>) outs(%[[D]] : tensor<4x8xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[E]] : tensor<4x8xf32>) outs(%[[D2]] : tensor<4x8xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[E]] : tensor<4x8xf32>) outs(%[[R]] : tensor<4xf32>)
func.func @left_alone(%x: tensor<4x8xf32>, %d: tensor<4x8xf32>, %d2: tensor<4x8xf32>,
                      %r: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) {
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%d : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %acc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e : tensor<4x8xf32>) outs(%d : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %out : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %other = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e : tensor<4x8xf32>) outs(%d2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<4x8xf32>) outs(%r : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %out : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %acc, %other, %sum : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reuse_producer_destination
    } : !transform.any_op
    %tiled = transform.structured.match attributes{tiled} in %root
      : (!transform.any_op) -> !transform.any_op
    %tile, %loop = transform.structured.tile_using_for %tiled tile_sizes [2, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
