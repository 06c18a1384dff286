// Schedule for an f32 linalg.batch_matmul C += A * B, any static shape: each
// batch is a matmul blocked like schedules/matmul/schedule.mlir.
//
//   1. scf.forall over the batch, one matmul per iteration (with
//      --threads > 1, batches are split among threads; the matmul's own
//      split among threads then runs inside one thread).
//   2. The 1 x M x N x K batch_matmul of an iteration becomes a
//      linalg.matmul with upstream ops only: generalize, fold the unit batch
//      dimension (fold_unit_extent_dims_via_slices), specialize. (With M or
//      N of 1 that is a matrix-vector product, tiled and vectorized as the
//      default schedule does.)
//   3. @loom_matmul_blocked of schedules/matmul/schedule.mlir: B packed,
//      cache tiles, K blocks, register tiles, blocking from the host (its
//      knobs), then @loom_vector_to_fma of schedules/lib/vector.mlir.
//
// Needs --schedule-lib schedules/matmul/schedule.mlir --schedule-lib
// schedules/lib/vector.mlir.
//
//   build/bin/loom run schedules/batch_matmul/batch_matmul.mlir \
//     --schedule schedules/batch_matmul/schedule.mlir \
//     --schedule-lib schedules/matmul/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_vector_to_fma(
      %func: !transform.any_op {transform.readonly})
  transform.named_sequence @loom_matmul_blocked(
      %matmul: !transform.any_op {transform.readonly})

  // A generic that is a matmul, blocked; fails (the caller suppresses it)
  // for one that is not.
  transform.named_sequence @block_matmul(%generic: !transform.any_op {transform.consumed}) {
    %matmul = transform.structured.specialize %generic
      : (!transform.any_op) -> !transform.any_op
    // Fails unless specialize made a linalg.matmul.
    %named = transform.cast %matmul : !transform.any_op to !transform.op<"linalg.matmul">
    transform.include @loom_matmul_blocked failures(propagate) (%matmul)
      : (!transform.any_op) -> ()
    transform.yield
  }

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %batch_matmul = transform.structured.match ops{["linalg.batch_matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %one, %batches = transform.structured.tile_using_forall %batch_matmul
        tile_sizes [1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %generic = transform.structured.generalize %one
      : (!transform.any_op) -> !transform.any_op
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    // (Matched again: the patterns replaced the generic; a batch of one
    // leaves no loop, hence the function.)
    %generics = transform.structured.match ops{["linalg.generic"]} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %generics : !transform.any_op {
    ^bb0(%one_matmul: !transform.any_op):
      transform.include @block_matmul failures(suppress) (%one_matmul)
        : (!transform.any_op) -> ()
    }
    // What is not a matmul (M or N of 1 folded away too: a matrix-vector
    // product) is tiled and vectorized as the default schedule does.
    %rest = transform.structured.match ops{["linalg.generic"]} in %func
      : (!transform.any_op) -> !transform.any_op
    %rest_tiles, %rest_loops = transform.loom.auto_tile %rest serial
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.loom.vectorize %rest_tiles best_effort : !transform.any_op
    transform.include @loom_vector_to_fma failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }
}
