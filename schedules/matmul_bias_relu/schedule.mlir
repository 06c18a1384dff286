// relu(A * B + bias) with the epilogue fused at the thread tile:
//
//   1. scf.forall over blocks of 256 x 256 of the result (the rows are the
//      knob "block_rows"; 256 keeps the B block of the cache level reused by
//      256 rows); the matmul and the
//      fill that zeroes its accumulator are fused into the loop, so each
//      thread computes its block of A * B and applies the epilogue while the
//      block is still in cache: no full-size intermediate is written and
//      read back.
//   2. Inside, every op is tiled as the default schedule does, without
//      another thread level (transform.loom.auto_tile serial): the matmul in
//      256 x 256 cache blocks of 8 x 32 register tiles with K steps of 1, the
//      epilogue in 1 x 64 vectors.
//   3. The rest of the default schedule: peeling, vectorization, FMAs
//      (@loom_default_finish of schedules/lib/default.mlir).
//
// Needs --schedule-lib schedules/lib/default.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_default_finish(
      %root: !transform.any_op {transform.readonly})

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %store = transform.structured.match
        ops{["bufferization.materialize_in_destination"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %epilogue = transform.get_producer_of_operand %store[0]
      : (!transform.any_op) -> !transform.any_op
    %matmul = transform.get_producer_of_operand %epilogue[0]
      : (!transform.any_op) -> !transform.any_op
    %fill = transform.get_producer_of_operand %matmul[2]
      : (!transform.any_op) -> !transform.any_op

    %rows = transform.tune.knob<"block_rows"> = 256 from options = [64, 128, 256]
      -> !transform.param<i64>
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
    transform.include @loom_default_finish failures(propagate) (%root)
      : (!transform.any_op) -> ()
    transform.yield
  }
}
