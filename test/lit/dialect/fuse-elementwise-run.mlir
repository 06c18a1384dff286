// Every kind of fusion transform.loom.fuse_elementwise does, run by
// `loom run` and checked against the unfused payload (the reference), with
// the fusion decisions in the JSON record (schedule.fusion).
//
// RUN: rm -rf %t && split-file %s %t
// RUN: loom run %t/transpose.mlir --schedule %t/schedule.mlir --entry-point fuse --iters 1 --json %t/transpose.json | FileCheck %s --check-prefix=REPORT
// RUN: %{json-get} %t/transpose.json status check.status schedule.fusion | FileCheck %s --check-prefix=TRANSPOSE
// RUN: loom run %t/permuted.mlir --schedule %t/schedule.mlir --entry-point fuse --iters 1 --json %t/permuted.json > /dev/null
// RUN: %{json-get} %t/permuted.json check.status schedule.fusion.0.outcome | FileCheck %s --check-prefix=FUSED
// RUN: loom run %t/broadcast.mlir --schedule %t/schedule.mlir --entry-point rematerialize --iters 1 --json %t/broadcast.json > /dev/null
// RUN: %{json-get} %t/broadcast.json check.status schedule.fusion.0.outcome | FileCheck %s --check-prefix=FUSED
// RUN: loom run %t/row-sum.mlir --schedule %t/schedule.mlir --entry-point fuse --iters 1 --json %t/row-sum.json > /dev/null
// RUN: %{json-get} %t/row-sum.json check.status schedule.fusion.0.outcome | FileCheck %s --check-prefix=FUSED
// RUN: loom run %t/init.mlir --schedule %t/schedule.mlir --entry-point fuse --iters 1 --json %t/init.json > /dev/null
// RUN: %{json-get} %t/init.json check.status schedule.fusion.0.outcome schedule.fusion.0.producer_result_kept | FileCheck %s --check-prefix=KEPT
// RUN: loom run %t/multi-use.mlir --schedule %t/schedule.mlir --entry-point multi_use --iters 1 --json %t/multi-use.json > /dev/null
// RUN: %{json-get} %t/multi-use.json check.status schedule.fusion.0.outcome schedule.fusion.0.producer_result_kept | FileCheck %s --check-prefix=KEPT
// RUN: loom run %t/multi-use.mlir --schedule %t/schedule.mlir --entry-point rematerialize --iters 1 --json %t/remat.json > /dev/null
// RUN: %{json-get} %t/remat.json check.status schedule.fusion.0.outcome schedule.fusion.1.outcome | FileCheck %s --check-prefix=REMAT
// RUN: loom run %t/multi-use.mlir --schedule %t/schedule.mlir --entry-point fuse --iters 1 --json %t/refused.json > /dev/null
// RUN: %{json-get} %t/refused.json check.status schedule.fusion | FileCheck %s --check-prefix=REFUSED
// RUN: %{exit-code} loom run %t/transpose.mlir --schedule %t/schedule.mlir --entry-point fuse_then_fail --json %t/failed.json | FileCheck %s --check-prefix=FAILED
// RUN: %{json-get} %t/failed.json status schedule.fusion.0.outcome | FileCheck %s --check-prefix=FAILED-JSON
// RUN: loom run %t/named.mlir --schedule %t/schedule.mlir --entry-point generalize --iters 1 --json %t/named.json > /dev/null
// RUN: %{json-get} %t/named.json check.status schedule.fusion.0.outcome schedule.fusion.1.outcome | FileCheck %s --check-prefix=CHAIN

// REPORT: check result 0: passed
// REPORT: fusion 1 pair(s) fused, 0 not (schedule.fusion in --json; explain on the op prints why)

// TRANSPOSE: status = "ok"
// TRANSPOSE: check.status = "passed"
// TRANSPOSE: schedule.fusion = [{"condition": null, "condition_name": "", "consumer": "{{.*}}transpose.mlir:10:8", "message": "fused the producer linalg.generic at transpose.mlir:3:8 (operand #0); condition 8 (producer result): the fused op drops the producer's result", "operand": 0, "outcome": "fused", "producer": "{{.*}}transpose.mlir:3:8", "producer_result_kept": false, "transform": "{{.*}}schedule.mlir:4:10"}]

// FUSED: check.status = "passed"
// FUSED: schedule.fusion.0.outcome = "fused"

// KEPT: check.status = "passed"
// KEPT: schedule.fusion.0.outcome = "fused"
// KEPT: schedule.fusion.0.producer_result_kept = true

// REMAT: check.status = "passed"
// REMAT: schedule.fusion.0.outcome = "rematerialized"
// REMAT: schedule.fusion.1.outcome = "fused"

// The record says why nothing was fused, by default, for a multi-use producer.
// REFUSED: check.status = "passed"
// REFUSED: schedule.fusion = [{"condition": null, "condition_name": "", {{.*}} "outcome": "policy", {{.*}}}, {"condition": null, {{.*}} "outcome": "policy", {{.*}}}]

// A schedule that fails after fusing still records what was fused.
// FAILED: schedule.mlir:{{[0-9]+}}:10: error: expects linalg.generic ops or ops that contain them (such as func.func); got tensor.empty
// FAILED: exit code: 3
// FAILED-JSON: status = "compile-failure"
// FAILED-JSON: schedule.fusion.0.outcome = "fused"

// CHAIN: check.status = "passed"
// CHAIN: schedule.fusion.0.outcome = "fused"
// CHAIN: schedule.fusion.1.outcome = "fused"

//--- transpose.mlir
func.func @transpose_producer(%a: tensor<24x16xf32>, %b: tensor<16x24xf32>) -> tensor<16x24xf32> {
  %e = tensor.empty() : tensor<16x24xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<24x16xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16x24xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%t, %b : tensor<16x24xf32>, tensor<16x24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.addf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<16x24xf32>
  return %r : tensor<16x24xf32>
}

//--- permuted.mlir
func.func @permuted_3d_producer(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %e = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d0, d1)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 2 : index
    %k = arith.muli %i, %j : index
    %ii = arith.index_cast %k : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %y = arith.addf %x, %fi : f32
    linalg.yield %y : f32
  } -> tensor<4x2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t : tensor<4x2x3xf32>) outs(%e : tensor<4x2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

//--- broadcast.mlir
func.func @broadcast_consumer(%v: tensor<24xf32>, %m: tensor<16x24xf32>) -> tensor<16x24xf32> {
  %e1 = tensor.empty() : tensor<24xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v : tensor<24xf32>) outs(%e1 : tensor<24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<24xf32>
  %e = tensor.empty() : tensor<16x24xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t, %m : tensor<24xf32>, tensor<16x24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.mulf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<16x24xf32>
  return %r : tensor<16x24xf32>
}

//--- row-sum.mlir
func.func @row_sum_of_exp(%a: tensor<16x24xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16x24xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<16x24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16x24xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<16x24xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

//--- init.mlir
func.func @producer_reads_init(%a: tensor<64xf32>, %acc: tensor<64xf32>) -> tensor<64xf32> {
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%acc : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

//--- multi-use.mlir
func.func @multi_use(%a: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r1, %r2 : tensor<64xf32>, tensor<64xf32>
}

//--- named.mlir
func.func @named_chain(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %0 = linalg.exp ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %1 = linalg.mul ins(%0, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %2 = linalg.abs ins(%1 : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %2 : tensor<64xf32>
}

//--- schedule.mlir
module attributes {transform.with_named_sequence} {
  transform.named_sequence @fuse(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @multi_use(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f allow_multi_use : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @rematerialize(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f rematerialize = 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @generalize(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f generalize : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @fuse_then_fail(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.loom.fuse_elementwise %f : (!transform.any_op) -> !transform.any_op
    %empty = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.loom.fuse_elementwise %empty : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
