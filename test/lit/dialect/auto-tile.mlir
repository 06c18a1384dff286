// transform.loom.auto_tile picks tile sizes from an op's loops;
// transform.loom.vectorize takes vector sizes from the tiled loops' bounds.
//
// RUN: loom-opt %s --split-input-file --transform-interpreter --canonicalize \
// RUN:   --verify-diagnostics | FileCheck %s

// A contraction: threads over row blocks, then 8 x 32 register tiles, one
// step of the reduction at a time (no cache blocks: K and N are under 256).
// 100 columns are not a multiple of 32: the last tile is partial and its
// vectors are masked.
// CHECK-LABEL: func.func @matmul(
// CHECK:         scf.forall (%{{.*}}) = (0) to (64) step (16)
// CHECK:           scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK:             scf.for %{{.*}} = %c0 to %c100 step %c32
// CHECK:               scf.for %{{.*}} = %c0 to %c48 step %c1
// CHECK:                 vector.create_mask
// CHECK:                 vector.mask %{{.*}} { vector.transfer_read {{.*}} vector<8x32x1xf32>
// CHECK-NOT:     = linalg.matmul
func.func @matmul(%a: tensor<64x48xf32>, %b: tensor<48x100xf32>,
                  %c: tensor<64x100xf32>) -> tensor<64x100xf32> {
  // expected-remark @below {{vectorized linalg.matmul with vector sizes [8, 32, 1]}}
  %0 = linalg.matmul ins(%a, %b : tensor<64x48xf32>, tensor<48x100xf32>)
                     outs(%c : tensor<64x100xf32>) -> tensor<64x100xf32>
  return %0 : tensor<64x100xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-remark @below {{loops: 4}}
    transform.loom.trace "loops" of %loops : !transform.any_op
    transform.loom.vectorize %tiled explain : !transform.any_op
    transform.yield
  }
}

// -----

// Dynamic sizes: the tiles are bounded, so the vectors are too (masked).
// The row reduction vectorizes along the rows of the output (16) and 16
// steps of the reduction.
// A large contraction also gets cache blocks of 256 columns and 256 steps
// of the reduction between the thread tile and the register tile.
// CHECK-LABEL: func.func @matmul_blocked(
// CHECK:         scf.forall (%{{.*}}) = (0) to (512) step (128)
// CHECK:           scf.for %{{.*}} = %c0 to %c1024 step %c256
// CHECK:             scf.for %{{.*}} = %c0 to %c768 step %c256
// CHECK:               scf.for %{{.*}} step %c8
// CHECK:                 scf.for %{{.*}} step %c32
// CHECK:                   scf.for %{{.*}} step %c1
func.func @matmul_blocked(%a: tensor<512x768xf32>, %b: tensor<768x1024xf32>,
                          %c: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<512x768xf32>, tensor<768x1024xf32>)
                     outs(%c : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %0 : tensor<512x1024xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @reduce_rows(
// CHECK:         scf.forall
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               vector.mask %{{.*}} { vector.multi_reduction <add>, %{{.*}} [1] : vector<16x16xf32> to vector<16xf32>
func.func @reduce_rows(%a: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @below {{vectorized linalg.reduce with vector sizes [16, 16]}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<?x?xf32>)
                     outs(%init : tensor<?xf32>) dimensions = [1]
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.loom.vectorize %tiled explain : !transform.any_op
    transform.yield
  }
}

// -----

// A convolution keeps its last window loop whole and tiles the others and
// the output rows to 1, which transform.structured.decompose turns into a
// 1-D convolution.
// CHECK-LABEL: func.func @conv(
// CHECK:         scf.forall
// CHECK-COUNT-3:   scf.for
// CHECK:         linalg.conv_1d_nwc_wcf {{.*}} tensor<1x10x4xf32>, tensor<3x4x32xf32>
func.func @conv(%in: tensor<1x10x18x4xf32>, %f: tensor<3x3x4x32xf32>,
                %out: tensor<1x8x16x32xf32>) -> tensor<1x8x16x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x18x4xf32>, tensor<3x3x4x32xf32>)
                                outs(%out : tensor<1x8x16x32xf32>) -> tensor<1x8x16x32xf32>
  return %0 : tensor<1x8x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv1d = transform.structured.decompose %tiled
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Ops the vectorizer must not take: without best_effort the transform fails
// and says why; with it, a remark says why and the op stays as it was.
func.func @select(%c: tensor<8x16xi1>, %a: tensor<8x16xf32>, %b: tensor<8x16xf32>,
                  %o: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{linalg.select: it has operands of 1-bit elements, which vector loads would read as packed bits (memrefs store one byte per element)}}
  %0 = linalg.select ins(%c, %a, %b : tensor<8x16xi1>, tensor<8x16xf32>, tensor<8x16xf32>)
                     outs(%o : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.select"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{could not vectorize 1 op(s)}}
    transform.loom.vectorize %ops : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @select_best_effort(
// CHECK:         linalg.select
func.func @select_best_effort(%c: tensor<8x16xi1>, %a: tensor<8x16xf32>,
                              %b: tensor<8x16xf32>, %o: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-remark @below {{not vectorized: linalg.select: it has operands of 1-bit elements}}
  %0 = linalg.select ins(%c, %a, %b : tensor<8x16xi1>, tensor<8x16xf32>, tensor<8x16xf32>)
                     outs(%o : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.select"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.loom.vectorize %ops best_effort : !transform.any_op
    transform.yield
  }
}

// -----

// A loop without a constant bound (not tiled) cannot become a vector.
func.func @untiled(%a: tensor<?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @below {{not vectorized: linalg.exp: loop 0 has no constant upper bound (tile it)}}
  %0 = linalg.exp ins(%a : tensor<?xf32>) outs(%o : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.exp"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.loom.vectorize %ops best_effort : !transform.any_op
    transform.yield
  }
}

// -----

// An op without the TilingInterface is passed through with a remark.
func.func @not_tileable(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-remark @below {{not tiled: tensor.empty has no TilingInterface}}
  %0 = tensor.empty() : tensor<8xf32>
  return %0 : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["tensor.empty"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-remark @below {{counts: 1, 0}}
    transform.loom.trace "counts" of %tiled, %loops : !transform.any_op, !transform.any_op
    transform.yield
  }
}
