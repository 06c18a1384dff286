// relu(A * B + bias), any static shape, each such chain of the function
// (an output that is an epilogue of a matmul whose accumulator a fill
// zeroes; the other ops are left as they are), in one of two ways (the
// tunable "blocking"; the default is 1):
//
//   0. Fused: scf.forall over blocks of 256 x 256 of the result (the rows are
//      the knob "block_rows"); the matmul and the fill that zeroes its
//      accumulator are fused into the loop, so each thread computes its
//      block of A * B and applies the epilogue while the block is still in
//      cache. Inside, every op is tiled as the default schedule does
//      (transform.loom.auto_tile serial), then peeled, vectorized and
//      lowered to FMAs (@loom_default_finish of schedules/lib/default.mlir).
//   1. Blocked: the fill and the epilogue are tiled and vectorized on their
//      own (transform.loom.auto_tile, partial tiles masked), the matmul is blocked with B packed as in
//      schedules/matmul/schedule.mlir (its @loom_matmul_blocked, blocking from
//      the host). The epilogue reads
//      the result of the matmul back once, which costs less than the matmul
//      loses unpacked on large matrices.
//
// Needs --schedule-lib for schedules/lib/default.mlir,
// schedules/matmul/schedule.mlir and schedules/lib/vector.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_default_finish(
      %root: !transform.any_op {transform.readonly})
  transform.named_sequence @loom_matmul_blocked(
      %matmul: !transform.any_op {transform.readonly})
  transform.named_sequence @loom_vector_to_fma_marked(
      %func: !transform.any_op {transform.readonly})

  // An output written by a linalg.generic (the epilogue) whose first
  // operand is a linalg.matmul whose accumulator a linalg.fill zeroes.
  transform.named_sequence @epilogue_chain(
      %store: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    transform.match.operation_name %store ["bufferization.materialize_in_destination"]
      : !transform.any_op
    %epilogue = transform.get_producer_of_operand %store[0]
      : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %epilogue ["linalg.generic"] : !transform.any_op
    %matmul = transform.get_producer_of_operand %epilogue[0]
      : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %matmul ["linalg.matmul"] : !transform.any_op
    %fill = transform.get_producer_of_operand %matmul[2]
      : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %fill ["linalg.fill"] : !transform.any_op
    transform.yield %epilogue, %matmul, %fill
      : !transform.any_op, !transform.any_op, !transform.any_op
  }

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    // Each output of the function that is an epilogue of a matmul whose
    // accumulator a fill zeroes (a function may have several); other ops
    // are left as they are (an output of another kind made the schedule
    // fail: "could not find a producer for operand number: 0").
    %epilogues, %matmuls, %fills = transform.collect_matching @epilogue_chain in %root
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // Two ways, the tunable "blocking" (a tuned record picks one per shape;
    // docs/performance.md); every matmul of the function is tiled before
    // any is finished, so that finishing one does not take another whole.
    %funcs = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.tune.alternatives<"blocking"> selected_region = 1 {
      // 0: the epilogue's thread blocks with the matmul and the fill fused
      //    into them, tiled like the default schedule (best for small
      //    matrices, where the whole problem is cache-resident).
      %rows = transform.tune.knob<"block_rows"> = 256 from options = [64, 128, 256]
        -> !transform.param<i64>
      transform.foreach %epilogues, %matmuls, %fills
          : !transform.any_op, !transform.any_op, !transform.any_op {
      ^bb0(%epilogue: !transform.any_op, %matmul: !transform.any_op,
           %fill: !transform.any_op):
        %block, %forall = transform.structured.tile_using_forall %epilogue
            tile_sizes [%rows, 256]
          : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
        %fused_matmul, %forall_2 = transform.structured.fuse_into_containing_op
            %matmul into %forall
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
        %fused_fill, %forall_3 = transform.structured.fuse_into_containing_op
            %fill into %forall_2
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
        %ops = transform.structured.match interface{LinalgOp} in %forall_3
          : (!transform.any_op) -> !transform.any_op
        %tiled, %loops = transform.loom.auto_tile %ops serial
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      }
      transform.include @loom_default_finish failures(propagate) (%root)
        : (!transform.any_op) -> ()
      transform.yield
    }, {
      // 1: the fills and the epilogues tiled and vectorized on their own,
      //    the matmuls blocked like schedules/matmul/schedule.mlir (B
      //    packed, blocking from the host); each epilogue reads its
      //    matmul's result back once.
      %others = transform.merge_handles %fills, %epilogues : !transform.any_op
      %tiled, %loops = transform.loom.auto_tile %others
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.loom.vectorize %tiled best_effort : !transform.any_op
      transform.foreach %matmuls : !transform.any_op {
      ^bb0(%matmul: !transform.any_op):
        transform.include @loom_matmul_blocked failures(propagate) (%matmul)
          : (!transform.any_op) -> ()
      }
      // (The accumulators hoisted out of the matmul's loops over k only, as
      // schedules/matmul/schedule.mlir does: the fill and the epilogue have
      // none.)
      transform.include @loom_vector_to_fma_marked failures(propagate) (%funcs)
        : (!transform.any_op) -> ()
      transform.yield
    }
    transform.yield
  }
}
