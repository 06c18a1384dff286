// A knob whose op does not run when the schedule is applied to the payload
// (with the defaults) is held at its default by loom tune: it belongs to a
// path the payload does not take, and sweeping it would compile the same
// kernel again. Here each path's knob is inside the body of a
// transform.foreach over its ops: for a payload of an add, the matmul
// path's tile_k is not read (--list-space marks it "(not read)", a sweep
// covers tile_m and tile_a only, --sweep tile_k sweeps it anyway); for a
// matmul, the add path's tile_a is not read instead. (The convolution
// schedule, which merges the matmul schedule for its 1x1 convolutions, is
// the case this is for: docs/tuning.md.)
//
// RUN: rm -f %t.jsonl %t-matmul.mlir
// RUN: loom tune %s --list-space | FileCheck %s --check-prefix=LIST
// RUN: loom tune %s --min-time 0.01 --db %t.jsonl 2>&1 | FileCheck %s --check-prefix=TUNE
// RUN: loom tune %s --list-space --sweep tile_k | FileCheck %s --check-prefix=SWEPT
// RUN: sed -e 's/linalg.add ins/linalg.matmul ins/' %s > %t-matmul.mlir
// RUN: loom tune %t-matmul.mlir --list-space | FileCheck %s --check-prefix=MATMUL

// LIST: tile_m knob 2 [4, 8] 4 {{.*}}tune-unread.mlir:{{[0-9]+}}:15
// LIST-NEXT: tile_a knob 2 [8, 16] 16 {{.*}}tune-unread.mlir:{{[0-9]+}}:17
// LIST-NEXT: tile_k knob 3 [4, 8, 16] 8 (not read) {{.*}}tune-unread.mlir:{{[0-9]+}}:17
// LIST-NEXT: 12 points
// LIST-NEXT: 4 with the knobs held at their defaults ({{.*}}): tile_k

// TUNE: 4 candidates of 12 points

// SWEPT: tile_k knob 3 [4, 8, 16] 8 {{.*}}tune-unread.mlir
// SWEPT-NEXT: 12 points
// SWEPT-NOT: held

// MATMUL: tile_m knob 2 [4, 8] 4 {{.*}}
// MATMUL-NEXT: tile_a knob 2 [8, 16] 16 (not read) {{.*}}
// MATMUL-NEXT: tile_k knob 3 [4, 8, 16] 8 {{.*}}matmul.mlir
// MATMUL: 6 with the knobs held at their defaults ({{.*}}): tile_a

func.func @kernel(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.add ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>)
                  outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %tile_m = transform.tune.knob<"tile_m"> = 4 from options = [4, 8] -> !transform.param<i64>
    %adds = transform.structured.match ops{["linalg.add"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %adds : !transform.any_op {
    ^bb0(%add: !transform.any_op):
      %tile_a = transform.tune.knob<"tile_a"> = 16 from options = [8, 16] -> !transform.param<i64>
      %a_tiled, %a_loops:2 = transform.structured.tile_using_for %add tile_sizes [%tile_m, %tile_a]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    }
    %matmuls = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %matmuls : !transform.any_op {
    ^bb0(%matmul: !transform.any_op):
      %tile_k = transform.tune.knob<"tile_k"> = 8 from options = [4, 8, 16] -> !transform.param<i64>
      %k_tiled, %k_loops:2 = transform.structured.tile_using_for %matmul tile_sizes [%tile_m, 0, %tile_k]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}
