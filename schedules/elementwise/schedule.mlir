// Schedule for elementwise code: a chain of linalg ops of parallel loops
// (linalg.generic, or named ops such as linalg.add and linalg.max) of any
// length and shape, as max((a + b) * c, 0) of elementwise.mlir; ops with a
// broadcast or transposed operand (a bias added to every row) and other ops
// in the function are scheduled too, more plainly.
//
//   1. Each result is written straight into its output
//      (transform.bufferization.eliminate_empty_tensors), and every chain
//      becomes one op (transform.loom.fuse_elementwise, generalizing named
//      ops; a producer with other users too is fused and its result kept):
//      intermediates live in registers and never reach memory.
//   2. An op whose operands are all indexed by the identity (same shape,
//      same order: transform.loom.match.identity_maps) is flattened to one
//      dimension (transform.structured.flatten_elementwise): its operands are
//      contiguous, so a row's length no longer sets the vectors' (rows of 3
//      columns ran at half the speed of oneDNN one row at a time). Then:
//      a. thread tile: scf.forall over blocks of 65536 elements (256 KiB of
//         each f32 operand), handed out to the threads in shrinking chunks
//         (loom.omp_schedule = "guided", loom-openmp-schedule): a thread on
//         a slower core does fewer blocks (on a 2-vCPU Zen 5 VM, the 16M
//         chain 13.2 GFLOP/s against 11.0 with OpenMP's static split);
//      b. vector tile: 64 elements inside the block; the elements past the
//         last whole vector of a block are peeled into a loop of their own,
//         so that the full tiles have a static size.
//   3. Any other op (a broadcast or transposed operand, a reduction, a
//      matmul) is tiled with sizes chosen from its loops
//      (transform.loom.auto_tile: threads, then vectors of the last
//      dimension).
//   4. Vectorize everything (vector<64xf32> on the flat path: four zmm
//      registers per value; partial tiles masked, transform.loom.vectorize);
//      an op the vectorizer does not take (a convolution) stays tiled
//      loops, with a remark.
//   5. Mark the function for streaming stores (loom-nontemporal-stores):
//      the output is written once and not read again, so its stores go
//      around the caches instead of reading every line first (one fewer
//      pass over 64 MiB; the function's arguments must be 64-byte aligned).
//
// fused.mlir is the same chain with 2-D tiles of rows, without flattening.
module attributes {transform.with_named_sequence} {
  // An op that flattens: parallel loops, every operand in the loops' order.
  transform.named_sequence @identity_elementwise(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.loom.match.identity_maps %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }

  // Any linalg op.
  transform.named_sequence @any_linalg(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.structured %op : !transform.any_op {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.yield
    }
    transform.yield %op : !transform.any_op
  }

  // Steps 2a and 2b.
  transform.named_sequence @flat_blocks(
      %op: !transform.any_op {transform.consumed}) {
    %flat = transform.structured.flatten_elementwise %op
      : (!transform.any_op) -> !transform.any_op
    %block, %forall = transform.structured.tile_using_forall %flat
        tile_sizes [65536]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %guided = transform.param.constant "guided" -> !transform.any_param
    transform.annotate %forall "loom.omp_schedule" = %guided
      : !transform.any_op, !transform.any_param
    %vector, %vectors = transform.structured.tile_using_for %block
        tile_sizes [64]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Nothing to peel when 64 divides the block.
    %vectors_for = transform.cast %vectors : !transform.any_op to !transform.op<"scf.for">
    transform.sequence %vectors_for : !transform.op<"scf.for"> failures(suppress) {
    ^bb0(%loop: !transform.op<"scf.for">):
      %main, %rest = transform.loop.peel %loop {fail_if_already_divisible = true}
        : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }

  // Step 3.
  transform.named_sequence @auto_tiles(
      %op: !transform.any_op {transform.consumed}) {
    %tiled, %loops = transform.loom.auto_tile %op
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.bufferization.eliminate_empty_tensors %func : !transform.any_op
    %ops = transform.loom.fuse_elementwise %func allow_multi_use generalize
      : (!transform.any_op) -> !transform.any_op
    %fused_func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %func_1 = transform.foreach_match in %fused_func
        @identity_elementwise -> @flat_blocks,
        @any_linalg -> @auto_tiles
      : (!transform.any_op) -> !transform.any_op
    // The reshapes between flattened ops and around the loops cancel.
    transform.apply_patterns to %func_1 {
      transform.apply_patterns.canonicalization
    } : !transform.any_op

    %linalg = transform.structured.match interface{LinalgOp} in %func_1
      : (!transform.any_op) -> !transform.any_op
    // (best_effort: an op the vectorizer does not support, a convolution
    // among the other ops, stays tiled loops with a remark, where it made
    // the schedule fail.)
    transform.loom.vectorize %linalg best_effort : !transform.any_op
    %vectorized = transform.structured.vectorize_children_and_apply_patterns %func_1
      : (!transform.any_op) -> !transform.any_op
    transform.annotate %vectorized "loom.nontemporal_stores" : !transform.any_op
    transform.yield
  }
}
