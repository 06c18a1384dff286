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
//   3. Once every batch's matmul (of every batch_matmul of the function)
//      is a linalg.matmul, each is blocked by @loom_matmul_blocked of
//      schedules/matmul/schedule.mlir: B packed, cache tiles, K blocks,
//      register tiles, blocking from the host (its knobs), then
//      @loom_vector_to_fma of schedules/lib/vector.mlir. Other ops of the
//      function get the default schedule's tiles.
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

  // A generic of three loops (m, n, k) whose body multiplies and adds: a
  // batch's matmul, its unit batch dimension folded away, A or B
  // transposed or not. (With M or N of 1 folded away too, a matrix-vector
  // product of two loops: not this.)
  transform.named_sequence @matmul_generic(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.loom.match.matmul_generic %op : !transform.any_op
    transform.yield %op : !transform.any_op
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
    // leaves no loop, hence the function.) Every batch's matmul becomes a
    // linalg.matmul before any is blocked: blocking one canonicalizes the
    // function, which may replace the generics in it (a named op stays),
    // and a loop over generics then held a replaced one (the interpreter
    // crashed on two batch_matmuls, or one and an elementwise op).
    %generics = transform.collect_matching @matmul_generic in %func
      : (!transform.any_op) -> !transform.any_op
    // (Not transform.structured.specialize: in LLVM 22 it drops the
    // transpose of a batch_matmul's indexing_maps.)
    %specialized = transform.loom.specialize_matmul %generics
      : (!transform.any_op) -> !transform.any_op
    %matmuls = transform.structured.match ops{["linalg.matmul"]} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %matmuls : !transform.any_op {
    ^bb0(%matmul: !transform.any_op):
      transform.include @loom_matmul_blocked failures(propagate) (%matmul)
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
