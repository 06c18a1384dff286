// A convolution with a bias and a ReLU, scheduled the way Halide would
// write it: the ReLU's output in tiles of one row, four columns and sixteen
// channels (scf.forall), the bias, the convolution and its fill computed
// inside each tile (fuse_into_containing_op), the convolution's window rows
// one at a time so that it decomposes to 1-D, then vectorized. Only upstream
// transform ops; the result is checked against the plain payload.
//
// RUN: loom run %s --iters 1 | FileCheck %s
// RUN: loom run %s --iters 1 --threads 2 | FileCheck %s
// RUN: loom-opt %s --transform-interpreter | FileCheck %s --check-prefix=IR

// CHECK: check {{ *}}result 0: passed
// IR-LABEL: func.func @conv_bias_relu
// IR-NOT: linalg.conv_2d_nhwc_hwcf
// IR: scf.forall
// IR: vector.contract
// IR: return

func.func @conv_bias_relu(%input: tensor<1x18x18x16xf32>, %filter: tensor<3x3x16x32xf32>,
                          %bias: tensor<32xf32>) -> tensor<1x16x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%input, %filter : tensor<1x18x18x16xf32>, tensor<3x3x16x32xf32>)
    outs(%acc : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %biased = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, f) -> (n, h, w, f)>, affine_map<(n, h, w, f) -> (f)>,
                       affine_map<(n, h, w, f) -> (n, h, w, f)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %bias : tensor<1x16x16x32xf32>, tensor<32xf32>) outs(%e : tensor<1x16x16x32xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x32xf32>
  %relu = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, f) -> (n, h, w, f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased : tensor<1x16x16x32xf32>) outs(%e : tensor<1x16x16x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x32xf32>
  return %relu : tensor<1x16x16x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %generics = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %bias, %relu = transform.split_handle %generics : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %fill = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    // Output tiles: compute everything the tile needs inside it.
    %tiled, %forall = transform.structured.tile_using_forall %relu tile_sizes [1, 1, 4, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %bias_in, %forall_1 = transform.structured.fuse_into_containing_op %bias into %forall
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv_in, %forall_2 = transform.structured.fuse_into_containing_op %conv into %forall_1
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_in, %forall_3 = transform.structured.fuse_into_containing_op %fill into %forall_2
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // One window row at a time: a 1-D convolution, which vectorizes.
    %conv_row, %loop = transform.structured.tile_using_for %conv_in tile_sizes [0, 0, 0, 0, 1, 0, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv_1d = transform.structured.decompose %conv_row : (!transform.any_op) -> !transform.any_op
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %vectorized = transform.structured.vectorize_children_and_apply_patterns %func
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
