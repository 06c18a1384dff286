// Schedule for an f32 linalg.matmul C += A * B on an AVX-512 CPU.
//
//   1. Pack B into [N/32][K][32] panels, so the micro-kernel streams B
//      contiguously (row-major B rows are 4 KiB apart: every row maps to the
//      same L1 set). Packing along N also reshapes C to [M][N/32][32], which
//      is lowered to a plain expand_shape/collapse_shape (no copy).
//   2. Thread tile: scf.forall over 64 x 256 tiles of C (one OpenMP task each
//      with --threads > 1).
//   3. Cache tile: K blocks of 256 (the B panel of a thread tile is 256 KiB,
//      it stays in L2); the block is the knob "k_block".
//   4. Register tile: 8 rows x 32 columns of C = 16 zmm accumulators, k step 1,
//      lowered to broadcast-A x B-vector FMAs with the tile kept in registers
//      across the K block (schedules/lib/vector.mlir).
//
// Sizes must be multiples of the tiles: M of 64, N of 256, K of k_block.
// Needs --schedule-lib schedules/lib/vector.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_vector_to_fma(
      %func: !transform.any_op {transform.readonly})

  // Packs the N dimension of the matmul by 32 and returns the packed compute
  // op and the pack of B.
  transform.named_sequence @pack_b(%matmul: !transform.any_op {transform.consumed})
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">) {
    %packed = transform.structured.pack %matmul packed_sizes = [0, 32, 0]
      : (!transform.any_op) -> !transform.op<"linalg.generic">
    %pack_b = transform.get_producer_of_operand %packed[1]
      : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.pack">
    %compute, %pack_b_t, %empty = transform.structured.pack_transpose %pack_b
        with_compute_op(%packed) outer_perm = [1, 0]
      : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">)
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">,
          !transform.any_op)
    // C packed along N without a transpose is a reshape: lower it to one.
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
    transform.yield %compute, %pack_b_t
      : !transform.op<"linalg.generic">, !transform.op<"linalg.pack">
  }

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %compute, %pack_b = transform.include @pack_b failures(propagate) (%matmul)
      : (!transform.any_op)
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">)

    // Loops of the packed op: (m, n / 32, k, n % 32).
    %thread_tile, %forall = transform.structured.tile_using_forall %compute
        tile_sizes [64, 8]
      : (!transform.op<"linalg.generic">) -> (!transform.any_op, !transform.any_op)
    // A tunable (loom run --knob k_block=128; "knobs" in a bench suite).
    %k = transform.tune.knob<"k_block"> = 256 from options = [64, 128, 256, 512]
      -> !transform.param<i64>
    %k_block, %k_loop = transform.structured.tile_using_for %thread_tile
        tile_sizes [0, 0, %k, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %register_tile, %m_loop, %n_loop = transform.structured.tile_using_for %k_block
        tile_sizes [8, 1, 0, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %step, %k_step_loop = transform.structured.tile_using_for %register_tile
        tile_sizes [0, 0, 1, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %step : !transform.any_op

    // Pack B with 8 x 32 vector copies.
    %pack_tile, %pack_loops:2 = transform.structured.tile_using_for %pack_b
        tile_sizes [1, 8]
      : (!transform.op<"linalg.pack">)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %pack_tile : !transform.any_op

    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_vector_to_fma failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }
}
