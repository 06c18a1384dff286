// Schedule for an f32 linalg.matmul C += A * B on an AVX-512 CPU, for any
// static shape.
//
//   1. Pack B into [N/32][K][32] panels, so the micro-kernel streams B
//      contiguously (row-major B rows are 4 KiB apart: every row maps to the
//      same L1 set). Packing along N also reshapes C to [M][N/32][32], which
//      is lowered to a plain expand_shape/collapse_shape (no copy) when 32
//      divides N; otherwise B and C are padded with zeros to a multiple of 32.
//   2. Thread tile: scf.forall over 64 x 256 tiles of C (one OpenMP task each
//      with --threads > 1).
//   3. Cache tile: K blocks of 256 (the B panel of a thread tile is 256 KiB,
//      it stays in L2); the block is the knob "k_block".
//   4. Register tile: 8 rows x 32 columns of C = 16 zmm accumulators, k step 1,
//      lowered to broadcast-A x B-vector FMAs with the tile kept in registers
//      across the K block (schedules/lib/vector.mlir).
//
// Shapes that are not multiples of the tiles keep the fast path for the full
// tiles: the rows left over in a thread tile (M not a multiple of 8) are
// peeled into a loop of 1 x 32 tiles, partial K blocks and thread tiles only
// shorten loops, and the last K rows of B's packing are peeled too; no tile
// needs a mask. test/lit/schedules/shape-grid.test runs it over odd, skinny,
// tall and tiny shapes.
//
// The steps are the sequence @loom_matmul_blocked, which other schedules
// include; its knobs take their defaults from the host (docs/performance.md).
//
// Needs --schedule-lib schedules/lib/vector.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_vector_to_fma(
      %func: !transform.any_op {transform.readonly})
  // The entry point is private so that other schedules can take this file
  // as a library (schedules/matmul_bias_relu/schedule.mlir includes
  // @loom_matmul_blocked).
  transform.named_sequence private @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_matmul_blocked failures(propagate) (%matmul)
      : (!transform.any_op) -> ()
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_vector_to_fma failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // Packs the N dimension of the matmul by n_r (16 or 32) and returns the
  // packed compute op and the pack of B (structured.pack takes no param
  // sizes, hence one sequence per size).
  transform.named_sequence @pack_b_16(%matmul: !transform.op<"linalg.matmul"> {transform.consumed})
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">) {
    %packed = transform.structured.pack %matmul packed_sizes = [0, 16, 0]
      : (!transform.op<"linalg.matmul">) -> !transform.op<"linalg.generic">
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

  transform.named_sequence @pack_b_32(%matmul: !transform.op<"linalg.matmul"> {transform.consumed})
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">) {
    %packed = transform.structured.pack %matmul packed_sizes = [0, 32, 0]
      : (!transform.op<"linalg.matmul">) -> !transform.op<"linalg.generic">
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

  // Splits the last, partial iteration off a loop (fails, and the caller
  // suppresses it, when the step divides the range).
  transform.named_sequence @peel_last(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // Splits a loop over 8-row tiles into full tiles and a remainder loop,
  // whose partial tile is tiled again to single rows (static 1 x 32 tiles).
  // Fails (the caller suppresses it) when the rows are a multiple of 8.
  transform.named_sequence @peel_rows(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.foreach %rest : !transform.any_op {
    ^bb0(%rest_loop: !transform.any_op):
      %rest_tile = transform.structured.match ops{["linalg.generic"]} in %rest_loop
        : (!transform.any_op) -> !transform.any_op
      %rows, %row_loop = transform.structured.tile_using_for %rest_tile
          tile_sizes [1, 0, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }

  // Packs B, tiles the matmul to threads, K blocks and register tiles, peels
  // partial tiles and vectorizes the tiles (the packing of B too). The
  // contractions are left as vector.contract for @loom_vector_to_fma.
  // (Its argument is readonly and the cast of it consumed: the uses inside
  // tune.alternatives regions are not seen as consuming the argument.)
  transform.named_sequence @loom_matmul_blocked(
      %target: !transform.any_op {transform.readonly}) {
    %func = transform.get_parent_op %target {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
    %matmul = transform.cast %target : !transform.any_op to !transform.op<"linalg.matmul">
    // The blocking, derived from this machine (docs/performance.md): each
    // knob's loom.host_default is an expression over the host's vector
    // width and registers, cache sizes and the knobs before it; loom run
    // --knob, a tuned record (schedules/records.json) or loom tune may
    // choose another option. The values written (Zen 5's) are what tools
    // that do not know the host use (mlir-opt, loom-opt).
    //   n_r: columns of the register tile, two vectors (region 0: 16
    //        columns, region 1: 32);
    %compute, %pack_b = transform.tune.alternatives<"n_r"> selected_region = 1
        attributes {loom.host_default = "vector_bytes / 64"}
        -> !transform.op<"linalg.generic">, !transform.op<"linalg.pack"> {
      %c, %p = transform.include @pack_b_16 failures(propagate) (%matmul)
        : (!transform.op<"linalg.matmul">)
        -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">)
      transform.yield %c, %p : !transform.op<"linalg.generic">, !transform.op<"linalg.pack">
    }, {
      %c, %p = transform.include @pack_b_32 failures(propagate) (%matmul)
        : (!transform.op<"linalg.matmul">)
        -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">)
      transform.yield %c, %p : !transform.op<"linalg.generic">, !transform.op<"linalg.pack">
    }
    //   m_r: rows of the register tile: m_r x 2 accumulators, the two
    //        vectors of B and a broadcast of A fit in the registers (6 rows
    //        with 16 registers); with 32, 8 rows rather than 14 (measured
    //        on Zen 5: 14 rows of A that is not packed, each in its own
    //        cache line, run 6% slower);
    %m_r = transform.tune.knob<"m_r"> = 8 from options = [1, 2, 4, 6, 8, 12, 14]
        {loom.host_default = "(vector_registers - 3) / 2 - 6 * (vector_registers > 16)"} -> !transform.param<i64>
    //   k_block: the k_block x n_r panel of B that one register tile
    //            streams stays in a third of L1;
    %k = transform.tune.knob<"k_block"> = 256 from options = [64, 128, 256, 512]
        {loom.host_default = "l1d_bytes / (3 * vector_bytes)"} -> !transform.param<i64>
    //   m_c: rows of a thread tile, 8 register tiles;
    %m_c = transform.tune.knob<"m_c"> = 64 from options = [16, 24, 32, 48, 64, 96, 112, 128]
        {loom.host_default = "8 * m_r"} -> !transform.param<i64>
    //   n_panels: columns of a thread tile in panels of n_r, so that the
    //             k_block x columns block of B takes a quarter of L2.
    %n_panels = transform.tune.knob<"n_panels"> = 8 from options = [1, 2, 4, 8, 16, 32]
        {loom.host_default = "l2_bytes / (8 * k_block * vector_bytes)"} -> !transform.param<i64>

    // Loops of the packed op: (m, n / n_r, k, n % n_r).
    %thread_tile, %forall = transform.structured.tile_using_forall %compute
        tile_sizes [%m_c, %n_panels]
      : (!transform.op<"linalg.generic">, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    %k_block, %k_loop = transform.structured.tile_using_for %thread_tile
        tile_sizes [0, 0, %k, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %register_tile, %m_loop, %n_loop = transform.structured.tile_using_for %k_block
        tile_sizes [%m_r, 1, 0, 0]
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // Rows that are not a multiple of m_r (the last row tile of a thread
    // tile) go to a remainder loop of 1-row tiles; the main loop keeps full
    // register tiles.
    transform.include @peel_rows failures(suppress) (%m_loop)
      : (!transform.any_op) -> ()
    // (The forall may be gone by now: canonicalization folds a loop of one
    // iteration; the function holds the tiles either way.)
    %tiles = transform.structured.match ops{["linalg.generic"]} in %func
      : (!transform.any_op) -> !transform.any_op
    %steps, %k_step_loops = transform.structured.tile_using_for %tiles
        tile_sizes [0, 0, 1, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // Pack B with 8 x n_r vector copies, its panels split among threads (the
    // last K rows in a remainder loop).
    %pack_panel, %pack_forall = transform.structured.tile_using_forall %pack_b
        tile_sizes [1]
      : (!transform.op<"linalg.pack">) -> (!transform.any_op, !transform.any_op)
    %pack_tile, %pack_loop = transform.structured.tile_using_for %pack_panel
        tile_sizes [0, 8]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @peel_last failures(suppress) (%pack_loop)
      : (!transform.any_op) -> ()
    transform.apply_patterns to %func {
      transform.apply_patterns.linalg.tiling_canonicalization
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    // Full tiles are vectorized as they are; partial ones with masks.
    %vector_tiles = transform.structured.match ops{["linalg.generic", "linalg.pack"]} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.loom.vectorize %vector_tiles best_effort : !transform.any_op

    transform.yield
  }
}
