// Tile-and-fuse schedule for a chain of three elementwise linalg.generic
// ops, each the first operand of the next (as max((a + b) * c, 0) of
// elementwise.mlir), whose last op is written to the function's output with
// bufferization.materialize_in_destination; of any shape. A chain of
// another length is fused by fused.mlir (Loom's fusion op, any chain; here
// the schedule stops where it looks for the missing producer).
//
//   1. The last op writes straight into the output
//      (transform.bufferization.eliminate_empty_tensors), and each op of the
//      chain is flattened to one dimension
//      (transform.structured.flatten_elementwise): its operands are
//      contiguous, so a row's length no longer sets the vectors' (rows of 3
//      columns ran at half the speed of oneDNN one row at a time).
//   2. Thread tile: scf.forall over blocks of 65536 elements of the last op
//      (256 KiB of each operand); its producers are fused into the loop, so
//      each block is computed start to finish by one thread.
//   3. Vector tile: inside the block, tile the last op by 64 and fuse the
//      producers again (transform.structured.fuse), so intermediates live in
//      registers and never reach memory. The elements past the last whole
//      vector of a block are peeled into a loop of their own, so that the
//      full tiles have a static size.
//   4. Vectorize everything (vector<64xf32>: four zmm registers per value;
//      the peeled elements masked, transform.loom.vectorize).
//   5. Mark the function for streaming stores (loom-nontemporal-stores):
//      the output is written once and not read again, so its stores go
//      around the caches instead of reading every line first (one fewer
//      pass over 64 MiB; the function's arguments must be 64-byte aligned).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.bufferization.eliminate_empty_tensors %func : !transform.any_op
    %store = transform.structured.match
        ops{["bufferization.materialize_in_destination"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %last_op = transform.get_producer_of_operand %store[0]
      : (!transform.any_op) -> !transform.any_op
    %middle_op = transform.get_producer_of_operand %last_op[0]
      : (!transform.any_op) -> !transform.any_op
    %first_op = transform.get_producer_of_operand %middle_op[0]
      : (!transform.any_op) -> !transform.any_op
    %first = transform.structured.flatten_elementwise %first_op
      : (!transform.any_op) -> !transform.any_op
    %middle = transform.structured.flatten_elementwise %middle_op
      : (!transform.any_op) -> !transform.any_op
    %last = transform.structured.flatten_elementwise %last_op
      : (!transform.any_op) -> !transform.any_op
    // The reshapes between the flattened ops cancel.
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op

    %last_block, %forall = transform.structured.tile_using_forall %last
        tile_sizes [65536]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %producers = transform.merge_handles %middle, %first : !transform.any_op
    %fused, %forall_fused = transform.structured.fuse_into_containing_op
        %producers into %forall
      : (!transform.any_op, !transform.any_op)
      -> (!transform.any_op, !transform.any_op)

    %last_vector, %vectors = transform.structured.fuse %last_block
        tile_sizes [64] {apply_cleanup}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Nothing to peel when 64 divides the block.
    %vectors_for = transform.cast %vectors : !transform.any_op to !transform.op<"scf.for">
    transform.sequence %vectors_for : !transform.op<"scf.for"> failures(suppress) {
    ^bb0(%loop: !transform.op<"scf.for">):
      %main, %rest = transform.loop.peel %loop {fail_if_already_divisible = true}
        : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    }
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op

    %generics = transform.structured.match ops{["linalg.generic"]} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.loom.vectorize %generics : !transform.any_op
    %vectorized = transform.structured.vectorize_children_and_apply_patterns %func
      : (!transform.any_op) -> !transform.any_op
    transform.annotate %vectorized "loom.nontemporal_stores" : !transform.any_op
    transform.yield
  }
}
