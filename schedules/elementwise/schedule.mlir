// Tile-and-fuse schedule for a chain of elementwise linalg.generic ops whose
// last op is written to the function's output with
// bufferization.materialize_in_destination.
//
//   1. Thread tile: scf.forall over blocks of 16 rows of the last op; its
//      producers are fused into the loop, so each block is computed start to
//      finish by one thread.
//   2. Vector tile: inside the block, tile the last op by 1 x 64 and fuse the
//      producers again (transform.structured.fuse), so intermediates live in
//      registers and never reach memory.
//   3. Vectorize everything (vector<1x64xf32>: four zmm registers per value).
//   4. Mark the function for streaming stores (loom-nontemporal-stores):
//      the output is written once and not read again, so its stores go
//      around the caches instead of reading every line first (one fewer
//      pass over 64 MiB; the function's arguments must be 64-byte aligned).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %store = transform.structured.match
        ops{["bufferization.materialize_in_destination"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %last = transform.get_producer_of_operand %store[0]
      : (!transform.any_op) -> !transform.any_op
    %middle = transform.get_producer_of_operand %last[0]
      : (!transform.any_op) -> !transform.any_op
    %first = transform.get_producer_of_operand %middle[0]
      : (!transform.any_op) -> !transform.any_op

    %last_block, %forall = transform.structured.tile_using_forall %last
        tile_sizes [16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %producers = transform.merge_handles %middle, %first : !transform.any_op
    %fused, %forall_fused = transform.structured.fuse_into_containing_op
        %producers into %forall
      : (!transform.any_op, !transform.any_op)
      -> (!transform.any_op, !transform.any_op)

    %last_vector, %rows, %columns = transform.structured.fuse %last_block
        tile_sizes [1, 64] {apply_cleanup}
      : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)

    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %vectorized = transform.structured.vectorize_children_and_apply_patterns %func
      : (!transform.any_op) -> !transform.any_op
    transform.annotate %vectorized "loom.nontemporal_stores" : !transform.any_op
    transform.yield
  }
}
