// A schedule embedded in the payload is used when there is no --schedule;
// --entry-point picks another sequence; --schedule replaces the embedded one
// (with a warning); --no-schedule runs the plain lowering.
//
// RUN: loom run %s --iters 1 --dump-ir %t.main | FileCheck %s --check-prefix=MAIN
// RUN: FileCheck %s --check-prefix=MAIN-IR < %t.main/1-scheduled.mlir
// RUN: loom run %s --iters 1 --entry-point tile_only --dump-ir %t.tile | FileCheck %s --check-prefix=TILE
// RUN: FileCheck %s --check-prefix=TILE-IR < %t.tile/1-scheduled.mlir
// RUN: loom run %s --iters 1 --schedule %{inputs}/vectorize-all.mlir 2>&1 | FileCheck %s --check-prefix=OVERRIDE
// RUN: loom run %s --iters 1 --no-schedule | FileCheck %s --check-prefix=NONE

// MAIN: loom run {{.*}}embedded-schedule.mlir @scale  (schedule: embedded, @__transform_main)
// MAIN: check       arg 1: passed
// MAIN-IR: vector.transfer_read
// MAIN-IR-NOT: transform.named_sequence

// TILE: (schedule: embedded, @tile_only)
// TILE-IR: scf.for
// TILE-IR-NOT: vector.

// OVERRIDE: embedded-schedule.mlir:{{[0-9]+}}:1: warning: the payload embeds a schedule; using {{.*}}vectorize-all.mlir instead
// OVERRIDE: check       arg 1: passed
// NONE: loom run {{.*}} @scale  (no schedule)

func.func @scale(%x: tensor<64xf32>, %out: memref<64xf32>) {
  %two = arith.constant 2.0 : f32
  %init = bufferization.to_tensor %out restrict writable : memref<64xf32> to tensor<64xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %two : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %op : !transform.any_op
    transform.yield
  }
  transform.named_sequence @tile_only(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %op tile_sizes [16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
