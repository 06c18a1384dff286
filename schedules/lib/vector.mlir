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
    transform.include @loom_vector_canonical_contract failures(propagate) (%func)
      : (!transform.any_op) -> ()
    // Loops are matched again here: handles returned by tiling do not survive
    // the pattern applications above.
    %loops = transform.structured.match ops{["scf.for"]} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %loops : !transform.any_op
    transform.include @loom_vector_lower_fma failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // The same, with step 2 only in the loops a schedule marked with the unit
  // attribute loom.hoist_subsets (the loops over k of its register tiles).
  // Hoisting in every loop also takes the slices of C that a loop's body
  // splits (the rows of whole register tiles and the rows left over, each
  // an op since transform.loom.split_full_tiles) out of the loops around the
  // register tiles, as iter_args of one loop that alias each other, and
  // bufferization then copies one of them to a new buffer and back (on Zen
  // 5, 201 x 1024 x 512: 189 GFLOP/s with the copies, 200 without; 298
  // against 349 on two threads).
  transform.named_sequence @loom_vector_to_fma_marked(
      %func: !transform.any_op {transform.readonly}) {
    transform.include @loom_vector_canonical_contract failures(propagate) (%func)
      : (!transform.any_op) -> ()
    %loops = transform.structured.match ops{["scf.for"]}
        attributes {loom.hoist_subsets} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %loops : !transform.any_op
    transform.include @loom_vector_lower_fma failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // Step 1 of @loom_vector_to_fma. Then vectors whose last size is not a
  // power of two (a register tile of 8 x 48: three AVX-512 registers a
  // row) are split into rows of pieces that are (16), before the
  // accumulators are hoisted: LLVM legalizes a vector<48xf32> element by
  // element (8 x 4096 x 256: 5.7 GFLOP/s), and split by columns the tile
  // keeps 8 broadcasts live and spills (docs/performance.md, "Three
  // vectors a row").
  transform.named_sequence @loom_vector_canonical_contract(
      %func: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %func {
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.unroll_vectors lanes = 8
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }

  // Step 3 of @loom_vector_to_fma. No canonicalization after the hoisting:
  // it would rebuild the accumulator tile element by element
  // (vector.from_elements).
  transform.named_sequence @loom_vector_lower_fma(
      %func: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %func {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_16x16"
    } : !transform.any_op
    transform.yield
  }
}
