// Reusable named sequences for the vector stage of a schedule.
//
// Use from a schedule with a declaration and transform.include, and pass this
// file to loom with --schedule-lib schedules/lib/vector.mlir:
//
//   transform.named_sequence @loom_vector_to_fma(
//       %func: !transform.any_op {transform.readonly})
//   ...
//   transform.include @loom_vector_to_fma failures(propagate) (%func)
//       : (!transform.any_op) -> ()
module attributes {transform.with_named_sequence} {

  // After vectorization of a contraction tiled to k = 1 inside an scf.for
  // over k: keep the accumulator tile in registers across that loop and lower
  // the contraction to broadcasts and FMAs.
  //   1. Put vector contractions in canonical form and drop unit dims.
  //   2. Hoist the transfer_read/transfer_write pair of the accumulator out of
  //      every scf.for whose iterations touch the same subset (the accumulator
  //      becomes a loop-carried vector).
  //   3. Lower vector.contract to outer products, then to vector.fma.
  transform.named_sequence @loom_vector_to_fma(
      %func: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %func {
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    // Loops are matched again here: handles returned by tiling do not survive
    // the pattern applications above.
    %loops = transform.structured.match ops{["scf.for"]} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %loops : !transform.any_op
    // No canonicalization after this point: it would rebuild the accumulator
    // tile element by element (vector.from_elements).
    transform.apply_patterns to %func {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.yield
  }
}
