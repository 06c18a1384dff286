// A schedule library whose @tile_and_vectorize the schedule of
// schedule-errors.mlir includes, and whose @helper clashes with one the
// clashing schedule defines.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile_and_vectorize(%op: !transform.any_op {transform.consumed}) {
    %tiled, %loop = transform.structured.tile_using_for %op tile_sizes [7]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Tiles of 7 over 64 leave a partial tile: vectorizing without a vector
    // size fails here.
    transform.structured.vectorize %tiled : !transform.any_op
    transform.yield
  }
  transform.named_sequence @helper(%op: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}
