// Tutorial step 1 (docs/getting-started.md): tile C into 8 x 32 tiles, k by
// k, and vectorize each tile.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // 8 x 32 tiles of C, one k at a time.
    %tile, %loops:3 = transform.structured.tile_using_for %matmul
        tile_sizes [8, 32, 1]
      : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op
    transform.yield
  }
}
