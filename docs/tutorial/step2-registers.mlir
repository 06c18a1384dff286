// Tutorial step 2 (docs/getting-started.md): step 1, then keep the tile of C
// in registers across the k loop and lower the contraction to FMAs.
module attributes {transform.with_named_sequence} {
  // Defined in schedules/lib/vector.mlir (pass it with --schedule-lib).
  transform.named_sequence @loom_vector_to_fma(
      %func: !transform.any_op {transform.readonly})

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tile, %loops:3 = transform.structured.tile_using_for %matmul
        tile_sizes [8, 32, 1]
      : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op
    // Keep the 8 x 32 tile of C in registers across the k loop, use FMAs.
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_vector_to_fma failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }
}
