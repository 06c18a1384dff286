// Entry points with trailing arguments, as in the transform tutorial (Ch1):
// upstream binds them with --transform-interpreter=debug-bind-trailing-args=
// OP,OP; Loom with --bind-trailing-args OP,OP. Without it, the error says
// what to pass (exit 2) instead of failing in the interpreter.
//
// RUN: loom run %s --bind-trailing-args linalg.matmul,linalg.add --iters 1 | FileCheck %s
// RUN: %{exit-code} loom run %s --iters 1 | FileCheck %s --check-prefix=UNBOUND
// RUN: %{exit-code} loom run %s --bind-trailing-args linalg.matmul --iters 1 | FileCheck %s --check-prefix=SHORT

// CHECK: check {{ *}}result 0: passed
// UNBOUND: bound-arguments.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the entry point takes 2 argument(s) after the payload root
// UNBOUND: loom run: error: @__transform_main takes 2 argument(s) after the payload root: bind them with --bind-trailing-args, an op name per argument
// UNBOUND: exit code: 2
// SHORT: loom run: error: --bind-trailing-args gives 1 binding(s) but @__transform_main takes 2 argument(s) after the payload root
// SHORT: exit code: 2

func.func @fc_relu(%lhs: tensor<32x64xf32>, %rhs: tensor<64x32xf32>,
                   %bias: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = linalg.matmul ins(%lhs, %rhs : tensor<32x64xf32>, tensor<64x32xf32>)
                      outs(%acc : tensor<32x32xf32>) -> tensor<32x32xf32>
  %add = linalg.add ins(%mm, %bias : tensor<32x32xf32>, tensor<32x32xf32>)
                    outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %add : tensor<32x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly},
      %matmul: !transform.op<"linalg.matmul"> {transform.consumed},
      %add: !transform.op<"linalg.add"> {transform.consumed}) {
    // Tile the add, and fuse the matmul into its loops.
    %tiled, %loop = transform.structured.tile_using_forall %add tile_sizes [8, 16]
      : (!transform.op<"linalg.add">) -> (!transform.any_op, !transform.any_op)
    %fused, %in = transform.structured.fuse_into_containing_op %matmul into %loop
      : (!transform.op<"linalg.matmul">, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
