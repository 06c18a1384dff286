// The default schedule: works on any linalg op (and any function of them),
// never fails, and vectorizes what the vectorizer supports.
//
//   loom run kernel.mlir --schedule schedules/lib/default.mlir
//
// or from another schedule, with --schedule-lib schedules/lib/default.mlir:
//
//   transform.named_sequence @loom_default(%root: !transform.any_op {transform.readonly})
//   ...
//   transform.include @loom_default failures(propagate) (%root)
//       : (!transform.any_op) -> ()
//
// Steps (docs/ops.md has the coverage of every linalg op):
//   1. Ops that tiling and vectorization know nothing about become
//      structured ops: linalg.softmax (decompose_interface), the winograd
//      transforms, linalg.pack and linalg.unpack (pad, reshape, transpose).
//   2. Every linalg op is tiled to scf.forall (threads) and scf.for (vector
//      tiles) with sizes chosen from its loops (transform.loom.auto_tile).
//      Loops whose last tile is partial are peeled: the main loop has
//      static tiles (no masks), the remainder loop the partial one.
//   3. 2-D convolutions and pooling, now with unit window loops but the last,
//      become 1-D convolutions (transform.structured.decompose).
//   4. Every linalg op is vectorized with vector sizes from the bounds of its
//      loops, masked where a tile is partial or a size is dynamic
//      (transform.loom.vectorize); ops the vectorizer does not support stay
//      tiled loops, with a remark (loom run --explain shows them).
//   5. Clean up: loop-invariant accumulator reads and writes leave the
//      reduction loops; contractions become outer products and FMAs; the
//      lanes of a vector reduced along its last dimension are combined by
//      halves (transform.apply_patterns.loom.reduction_tree: log2(n) vector
//      steps instead of n - 1 dependent scalar ones; float sums are
//      associated differently than in the plain lowering, within the
//      check's tolerance); canonicalization.
// A step that does not apply to an op leaves it as it was: the schedule
// never fails on a valid payload.
module attributes {transform.with_named_sequence} {

  // Private: when this file is a library (--schedule-lib), the schedule that
  // includes it has its own entry point.
  transform.named_sequence private @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    transform.include @loom_default failures(propagate) (%root)
      : (!transform.any_op) -> ()
    transform.yield
  }

  transform.named_sequence @loom_default(
      %root: !transform.any_op {transform.readonly}) {
    // 1. Decompose (an op that cannot be is left to the lowering).
    %aggregates = transform.structured.match ops{["linalg.softmax"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %aggregates : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      transform.include @loom_decompose_aggregate failures(suppress) (%op)
        : (!transform.any_op) -> ()
    }
    %winograd = transform.structured.match
        ops{["linalg.winograd_filter_transform",
             "linalg.winograd_input_transform",
             "linalg.winograd_output_transform"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %winograd : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      transform.include @loom_decompose_winograd failures(suppress) (%op)
        : (!transform.any_op) -> ()
    }
    %packs = transform.structured.match ops{["linalg.pack"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %packs : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      transform.include @loom_lower_pack failures(suppress) (%op)
        : (!transform.any_op) -> ()
    }
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %unpacks : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      transform.include @loom_lower_unpack failures(suppress) (%op)
        : (!transform.any_op) -> ()
    }

    // 2. Tile.
    %ops = transform.structured.match interface{LinalgOp} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @loom_default_finish failures(propagate) (%root)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // Steps 2 (peeling) to 5 of the default schedule, for payloads that are
  // already tiled: a schedule that tiles (and fuses) in its own way can
  // finish with this (schedules/matmul_bias_relu/schedule.mlir does).
  transform.named_sequence @loom_default_finish(
      %root: !transform.any_op {transform.readonly}) {
    // Partial tiles (sizes that are not multiples of the tiles) go to
    // remainder loops, so that the main loops have static tiles and need no
    // masks.
    %for_tiles = transform.structured.match ops{["scf.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %for_tiles : !transform.any_op {
    ^bb0(%loop: !transform.any_op):
      transform.include @loom_peel failures(suppress) (%loop)
        : (!transform.any_op) -> ()
    }
    %peeled_funcs = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %peeled_funcs {
      transform.apply_patterns.linalg.tiling_canonicalization
      transform.apply_patterns.canonicalization
    } : !transform.any_op

    // 3. Convolutions to 1-D.
    %tiled_ops = transform.structured.match interface{LinalgOp} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %tiled_ops : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      transform.include @loom_decompose_convolution failures(suppress) (%op)
        : (!transform.any_op) -> ()
    }

    // 4. Vectorize.
    %vectorizable = transform.structured.match interface{LinalgOp} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.loom.vectorize %vectorizable best_effort
      : !transform.any_op

    // 5. Clean up.
    %funcs = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.linalg.tiling_canonicalization
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    %for_loops = transform.structured.match ops{["scf.for"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %for_loops : !transform.any_op
    // Contractions (matmul tiles, 1-D convolutions over channels) become
    // outer products, then FMAs; reductions along a vector's last dimension
    // (row sums, dot products, matvec) go by halves.
    transform.apply_patterns to %funcs {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.loom.reduction_tree
    } : !transform.any_op
    transform.apply_cse to %funcs : !transform.any_op
    transform.yield
  }

  // The steps that may fail on an op: each in a sequence of its own, which
  // the caller includes with failures(suppress).
  transform.named_sequence @loom_decompose_aggregate(
      %op: !transform.any_op {transform.consumed}) {
    %d = transform.structured.decompose_interface %op
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  transform.named_sequence @loom_decompose_winograd(
      %op: !transform.any_op {transform.consumed}) {
    %d = transform.structured.decompose_winograd_op %op
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  transform.named_sequence @loom_lower_pack(
      %op: !transform.any_op {transform.readonly}) {
    %pack = transform.cast %op : !transform.any_op to !transform.op<"linalg.pack">
    %pad, %expand, %transpose = transform.structured.lower_pack %pack
      : (!transform.op<"linalg.pack">)
      -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">,
          !transform.op<"linalg.transpose">)
    transform.yield
  }

  transform.named_sequence @loom_lower_unpack(
      %op: !transform.any_op {transform.readonly}) {
    %unpack = transform.cast %op
      : !transform.any_op to !transform.op<"linalg.unpack">
    %empty, %transpose, %collapse, %slice = transform.structured.lower_unpack %unpack
      : (!transform.op<"linalg.unpack">)
      -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">,
          !transform.op<"tensor.collapse_shape">,
          !transform.op<"tensor.extract_slice">)
    transform.yield
  }

  transform.named_sequence @loom_peel(
      %loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  transform.named_sequence @loom_decompose_convolution(
      %op: !transform.any_op {transform.consumed}) {
    %d = transform.structured.decompose %op
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
