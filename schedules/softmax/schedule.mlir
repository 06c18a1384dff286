// Softmax over rows, one row at a time, in three passes over the row like
// the C reference (schedules/softmax/reference.c):
//
//   1. linalg.softmax becomes its four structured ops: a max reduction, an
//      exp(x - max) map, a sum reduction and a division.
//   2. The division is tiled by rows (scf.forall: rows are split among
//      threads), and the sum, the exp map, the max and the fills are fused
//      into each row. The exp map feeds both the sum and the division; the
//      two slices of it they read are merged (cse) before it is fused, so
//      exp is computed once per element.
//   3. The division overwrites the exponentials in the output row
//      (transform.apply_patterns.loom.reuse_producer_destination): without
//      it, bufferization copies the row for one of the two ops.
//   4. The reductions are tiled along the row
//      (transform.structured.tile_reduction_using_for): partial maxima and
//      sums in a vector of 64 lanes per row (four AVX-512 registers, so
//      four independent chains of max or add), one horizontal reduction per
//      row at the end. The exp map is tiled by 64 columns; the division is
//      vectorized over the whole row.
//   5. Vectorization and clean-up as in the default schedule; exp becomes
//      a polynomial on vectors
//      (transform.apply_patterns.loom.math_polynomial_approximation) and the
//      division by the row's sum a multiplication by its reciprocal
//      (transform.apply_patterns.loom.reciprocal_division). The horizontal
//      reductions of the 64 partial lanes go by halves
//      (transform.apply_patterns.loom.reduction_tree): 6 vector steps
//      instead of 63 dependent scalar ones.
//
// Needs --schedule-lib schedules/lib/default.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_default_finish(
      %root: !transform.any_op {transform.readonly})

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %softmax = transform.structured.match ops{["linalg.softmax"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %div = transform.structured.decompose_interface %softmax
      : (!transform.any_op) -> !transform.any_op
    %generics = transform.structured.match ops{["linalg.generic"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %max, %exp, %sum, %div_again = transform.split_handle %generics
      : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op

    // 2. One row per scf.forall iteration.
    %row_div, %rows = transform.structured.tile_using_forall %div
      tile_sizes [1, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %row_sum, %rows_1 = transform.structured.fuse_into_containing_op %sum into %rows
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_cse to %func : !transform.any_op
    %row_exp, %rows_2 = transform.structured.fuse_into_containing_op %exp into %rows_1
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %row_max, %rows_3 = transform.structured.fuse_into_containing_op %max into %rows_2
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fills = transform.structured.match ops{["linalg.fill"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %row_fills, %rows_4 = transform.structured.fuse_into_containing_op %fills into %rows_3
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %func : !transform.any_op

    // 3. The division writes over the exponentials.
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reuse_producer_destination
    } : !transform.any_op

    // 4. Partial reductions along the row; exp in steps of 64 columns.
    %max_init, %max_partial, %max_merge, %max_loop =
      transform.structured.tile_reduction_using_for %row_max
      by tile_sizes = [0, 64] : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %sum_init, %sum_partial, %sum_merge, %sum_loop =
      transform.structured.tile_reduction_using_for %row_sum
      by tile_sizes = [0, 64] : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %exp_tile, %exp_loop = transform.structured.tile_using_for %row_exp
      tile_sizes [0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 5. Vectorize, clean up; polynomial exp, one division per row, the
    //    partial lanes reduced by halves.
    transform.include @loom_default_finish failures(propagate) (%root)
      : (!transform.any_op) -> ()
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.math_polynomial_approximation
      transform.apply_patterns.loom.reciprocal_division
      transform.apply_patterns.loom.reduction_tree
    } : !transform.any_op
    transform.yield
  }
}
