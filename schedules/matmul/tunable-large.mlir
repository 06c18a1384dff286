// The matmul schedule of schedule.mlir with more of its choices open, for
// loom tune (2304 points): thread tile, K block, register tile rows, K
// unroll, whether B is packed into panels, and the width of the pieces the
// packing copies. The larger space of docs/tuning.md's strategy comparison.
//
//   build/bin/loom tune schedules/matmul/matmul_256.mlir \
//     --schedule schedules/matmul/tunable-large.mlir --schedule-lib schedules/lib/vector.mlir \
//     --strategy evolutionary --budget 60 --out best.mlir
//
// Sizes must be multiples of the tiles: with M = N = K = 256 every point is
// legal; points that do not compile or are wrong are recorded as invalid.
// Needs --schedule-lib schedules/lib/vector.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_vector_to_fma(
      %func: !transform.any_op {transform.readonly})

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // Rows of C per thread tile, and columns in panels of 32.
    %tile_m = transform.tune.knob<"thread_m"> options = [32, 64, 128]
      -> !transform.param<i64>
    %tile_n = transform.tune.knob<"thread_panels"> options = [2, 4, 8]
      -> !transform.param<i64>
    %k = transform.tune.knob<"k_block"> options = [32, 64, 128, 256]
      -> !transform.param<i64>
    // Rows of the register tile: 32 columns x rows zmm accumulators.
    %reg_m = transform.tune.knob<"register_m"> options = [2, 4, 8, 16]
      -> !transform.param<i64>
    %k_step = transform.tune.knob<"k_unroll"> options = [1, 2]
      -> !transform.param<i64>
    // Columns of B copied at a time when packing (with pack_b = 0, unused).
    %pack_width = transform.tune.knob<"pack_width"> options = [4, 8, 16, 32]
      -> !transform.param<i64>

    transform.tune.alternatives<"pack_b"> {
      // B packed into [N/32][K][32] panels: loops (m, n / 32, k, n % 32).
      %packed = transform.structured.pack %matmul packed_sizes = [0, 32, 0]
        : (!transform.any_op) -> !transform.op<"linalg.generic">
      %pack_b = transform.get_producer_of_operand %packed[1]
        : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.pack">
      %compute, %pack_b_t, %empty = transform.structured.pack_transpose %pack_b
          with_compute_op(%packed) outer_perm = [1, 0]
        : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">)
        -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">,
            !transform.any_op)
      %pack_c = transform.get_producer_of_operand %compute[2]
        : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.pack">
      %unpack_c = transform.get_consumers_of_result %compute[0]
        : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.unpack">
      %pad, %expand, %transpose = transform.structured.lower_pack %pack_c
        : (!transform.op<"linalg.pack">)
        -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">,
            !transform.op<"linalg.transpose">)
      %empty_c, %transpose_c, %collapse, %slice = transform.structured.lower_unpack %unpack_c
        : (!transform.op<"linalg.unpack">)
        -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">,
            !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)

      %thread_tile, %forall = transform.structured.tile_using_forall %compute
          tile_sizes [%tile_m, %tile_n]
        : (!transform.op<"linalg.generic">, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
      %k_block, %k_loop = transform.structured.tile_using_for %thread_tile
          tile_sizes [0, 0, %k, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      %register_tile, %m_loop, %n_loop = transform.structured.tile_using_for %k_block
          tile_sizes [%reg_m, 1, 0, 0]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %step, %k_step_loop = transform.structured.tile_using_for %register_tile
          tile_sizes [0, 0, %k_step, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      transform.structured.vectorize %step : !transform.any_op
      %pack_tile, %pack_loops:2 = transform.structured.tile_using_for %pack_b_t
          tile_sizes [1, %pack_width]
        : (!transform.op<"linalg.pack">, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.structured.vectorize %pack_tile : !transform.any_op
      transform.yield
    }, {
      // B as it is: loops (m, n, k); the register tile reads rows of B.
      %columns = transform.param.constant 32 : i64 -> !transform.param<i64>
      %thread_tile, %forall = transform.structured.tile_using_forall %matmul
          tile_sizes [%tile_m, 128]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      %k_block, %k_loop = transform.structured.tile_using_for %thread_tile
          tile_sizes [0, 0, %k]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      %register_tile, %m_loop, %n_loop = transform.structured.tile_using_for %k_block
          tile_sizes [%reg_m, %columns, 0]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %step, %k_step_loop = transform.structured.tile_using_for %register_tile
          tile_sizes [0, 0, %k_step]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      transform.structured.vectorize %step : !transform.any_op
      transform.yield
    }

    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_vector_to_fma failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }
}
