// Schedule for an f32 linalg.matmul C += A * B on an AVX-512 CPU, for any
// static shape.
//
//   1. Pack B into [N/32][K][32] panels, so the micro-kernel streams B
//      contiguously (row-major B rows are 4 KiB apart: every row maps to the
//      same L1 set). Packing along N also reshapes C to [M][N/32][32], which
//      is lowered to a plain expand_shape/collapse_shape (no copy). When 32
//      does not divide N, the matmul is first split where its whole panels
//      end (transform.loom.split_full_tiles; 777 columns: 768 + 9): the rest
//      is packed in panels of 16, and only its few columns of B and C are
//      padded with zeros (C copied into a padded buffer and back).
//   2. Threads: scf.forall splits the rows of C into one part per thread
//      when the matmul has at least as many rows as columns (equal parts
//      rounded up to a multiple of the register tile's 8 rows: 1000 rows
//      are 504 + 496), its columns otherwise (equal parts of whole panels);
//      each thread then reads the whole of the smaller operand and its own
//      part of the larger one.
//   3. Cache tiles: each thread's part in blocks of 256 columns (scf.for),
//      each in K blocks of 256, each in tiles of 512 rows (GotoBLAS's
//      order): the 256 x 256 block of packed B stays in L2 and serves the
//      register tiles of all the rows of the part.
//   4. Where B is packed: for a matmul of many rows, all of B before the
//      loops (each panel packed once, split among threads); for one of at
//      most 2 x 512 rows (knob "pack_b_rows"), the K block of each column
//      block inside the K loop, so that packed B stays in L2 and is never
//      written to memory; the blocks of the next K block are then
//      prefetched into L2 while this one computes (knob "prefetch_bytes",
//      loom-prefetch-next-iteration). The packing reads 8 rows of up to
//      4 KiB of B at a time (a page: the hardware prefetchers stop at page
//      bounds); when a cache tile holds all the rows, the first register
//      tile of rows does it instead, as it reads B in place (knob
//      "pack_in_first", loom-pack-in-first-tile).
//   5. Register tile: 8 rows x 32 columns of C = 16 zmm accumulators, k step 1,
//      lowered to broadcast-A x B-vector FMAs with the tile kept in registers
//      across the K block (schedules/lib/vector.mlir). A is read in place;
//      when B is packed before the loops, the rows of A of the next
//      register tile are prefetched into L2 while this one computes (the
//      same knob).
//
// B is not packed for a matmul of few rows (at most 4 on AVX-512: knob
// "few_rows"), whose elements of B would be copied for as few uses, nor for
// one of up to 128 rows (knob "in_place_rows") whose N is not a page
// multiple (up to 24, "kib_in_place_rows", when N is a
// multiple of 256 and B streams from memory), or of up to 48 (128 on more
// than one thread: "page_in_place_rows") whose N is and whose B stays in
// cache: it reads B in place
// (@in_place_blocked). The threads split its columns; few rows: K blocks of
// 8 rows of B, each row streamed along N, register tiles of all the rows
// and 128 (1-2 rows) or 64 (3-4) columns; up to 12 rows: one register tile
// of all of them, 32 or 64 (5-6 rows) columns; more rows: cache tiles of
// 128 columns, K blocks of 1024 rows, 8 x 32 register tiles. (N is a page
// multiple when it is a multiple of 1024, or of 512 and at least 1024: rows
// of B a multiple of 4 KiB apart, or of 2 KiB and more than 4 KiB, fall on
// few cache sets: from memory, packing is faster there; from L3 they are
// prefetched a few steps ahead into L1. @page_cols.)
//
// Every matmul of the payload is blocked on its own; other ops are left as
// they are (test/lit/schedules/matmul-other-ops.mlir).
//
// Shapes that are not multiples of the tiles keep the fast path for the full
// tiles: the rows left over in a cache tile (M not a multiple of 8) are
// split off into one register tile of their rows when their number is
// static (a cache tile of all of M: 37 rows are 32 + a 5 x 32 tile), into a
// loop of single rows of 4 panels (1 x 128) when it is dynamic (a thread's
// part of the rows);
// partial cache tiles only shorten loops; a partial K block is peeled
// off where B is packed per K block (its sizes static, as the full
// blocks'), else it shortens the loops too; the last K rows of B's packing
// are copied one at a time; no tile needs a mask. test/lit/schedules/shape-grid.test runs it over odd, skinny,
// tall and tiny shapes.
//
// The steps are the sequence @loom_matmul_blocked, which other schedules
// include; its knobs take their defaults from the host (docs/performance.md).
//
// Needs --schedule-lib schedules/lib/vector.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_vector_to_fma_marked(
      %func: !transform.any_op {transform.readonly})
  // The entry point is private so that other schedules can take this file
  // as a library (schedules/matmul_bias_relu/schedule.mlir includes
  // @loom_matmul_blocked).
  transform.named_sequence private @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %matmul : !transform.any_op {
    ^bb0(%one_matmul: !transform.any_op):
      transform.include @loom_matmul_blocked failures(propagate) (%one_matmul)
        : (!transform.any_op) -> ()
    }
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_vector_to_fma_marked failures(propagate) (%func)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // Packs the N dimension of a matmul by n_r (16 or 32) and returns the
  // packed compute op, the pack of B and the matmul's rows and columns
  // (structured.pack takes no param sizes, hence one sequence per size).
  transform.named_sequence @pack_b_16(%part: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    %rows, %cols = transform.include @rows_and_cols_of failures(propagate) (%part)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %matmul = transform.cast %part : !transform.any_op to !transform.op<"linalg.matmul">
    %packed = transform.structured.pack %matmul packed_sizes = [0, 16, 0]
      : (!transform.op<"linalg.matmul">) -> !transform.op<"linalg.generic">
    %compute, %pack_b = transform.include @panels_of_b failures(propagate) (%packed)
      : (!transform.op<"linalg.generic">) -> (!transform.any_op, !transform.any_op)
    transform.yield %compute, %pack_b, %rows, %cols
      : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @pack_b_32(%part: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    %rows, %cols = transform.include @rows_and_cols_of failures(propagate) (%part)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %matmul = transform.cast %part : !transform.any_op to !transform.op<"linalg.matmul">
    %packed = transform.structured.pack %matmul packed_sizes = [0, 32, 0]
      : (!transform.op<"linalg.matmul">) -> !transform.op<"linalg.generic">
    %compute, %pack_b = transform.include @panels_of_b failures(propagate) (%packed)
      : (!transform.op<"linalg.generic">) -> (!transform.any_op, !transform.any_op)
    transform.yield %compute, %pack_b, %rows, %cols
      : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }

  // Of a matmul packed along N: B's pack becomes [N/n_r][K][n_r] panels
  // (outer dims transposed), and C's, packed without a transpose, is
  // lowered to a reshape (a pad and a copy only when n_r does not divide N).
  transform.named_sequence @panels_of_b(%packed: !transform.op<"linalg.generic"> {transform.consumed})
      -> (!transform.any_op, !transform.any_op) {
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
    %compute_any = transform.cast %compute : !transform.op<"linalg.generic"> to !transform.any_op
    %pack_b_any = transform.cast %pack_b_t : !transform.op<"linalg.pack"> to !transform.any_op
    transform.yield %compute_any, %pack_b_any : !transform.any_op, !transform.any_op
  }

  // Split a matmul where its whole panels of 16 (32) columns end, and pack
  // B of each part: the full part in panels of 16 (32), the rest (fewer
  // columns than a panel: 9 of 777) in panels of 16. Only the rest's C is
  // then padded, and copied into and out of a padded buffer, rather than
  // all of C (docs/performance.md, "Any shape"). Each part yields what
  // @pack_b_16 does; a part may be empty.
  transform.named_sequence @split_pack_b_16(%matmul: !transform.any_op {transform.consumed})
      -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    %full, %rest = transform.loom.split_full_tiles %matmul dimension = 1 tile_size = 16
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %parts = transform.merge_handles %full, %rest : !transform.any_op
    %c, %p, %m, %n = transform.foreach %parts : !transform.any_op
        -> !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64> {
    ^bb0(%part: !transform.any_op):
      %c1, %p1, %m1, %n1 = transform.include @pack_b_16 failures(propagate) (%part)
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>)
      transform.yield %c1, %p1, %m1, %n1 : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
    }
    transform.yield %c, %p, %m, %n : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @split_pack_b_32(%matmul: !transform.any_op {transform.consumed})
      -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    %full, %rest = transform.loom.split_full_tiles %matmul dimension = 1 tile_size = 32
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %c_full, %p_full, %m_full, %n_full = transform.foreach %full : !transform.any_op
        -> !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64> {
    ^bb0(%part: !transform.any_op):
      %c1, %p1, %m1, %n1 = transform.include @pack_b_32 failures(propagate) (%part)
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>)
      transform.yield %c1, %p1, %m1, %n1 : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
    }
    %c_rest, %p_rest, %m_rest, %n_rest = transform.foreach %rest : !transform.any_op
        -> !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64> {
    ^bb0(%part: !transform.any_op):
      %c1, %p1, %m1, %n1 = transform.include @pack_b_16 failures(propagate) (%part)
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>)
      transform.yield %c1, %p1, %m1, %n1 : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
    }
    %c = transform.merge_handles %c_full, %c_rest : !transform.any_op
    %p = transform.merge_handles %p_full, %p_rest : !transform.any_op
    %m = transform.merge_handles %m_full, %m_rest : !transform.param<i64>
    %n = transform.merge_handles %n_full, %n_rest : !transform.param<i64>
    transform.yield %c, %p, %m, %n : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }

  // Splits the last, partial iteration off a loop over 8-row copies of the
  // packing and copies its rows one at a time (static 1 x n_r copies, which
  // vectorize without masks even when the K block, and so the number of
  // rows left, is dynamic). Fails (the caller suppresses it) when the step
  // divides the range.
  transform.named_sequence @peel_pack_rows(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.foreach %rest : !transform.any_op {
    ^bb0(%rest_loop: !transform.any_op):
      %rest_packs = transform.structured.match ops{["linalg.pack"]} in %rest_loop
        : (!transform.any_op) -> !transform.any_op
      %rows, %row_loops = transform.structured.tile_using_for %rest_packs
          tile_sizes [0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }

  // The sizes of the first two loops of a structured op (M and N of a
  // matmul).
  transform.named_sequence @rows_and_cols_of(%op: !transform.any_op {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    %rows, %cols = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %m = transform.match.structured.dim %s[0] : (!transform.any_op) -> !transform.param<i64>
      %n = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %m, %n : !transform.param<i64>, !transform.param<i64>
    }
    transform.yield %rows, %cols : !transform.param<i64>, !transform.param<i64>
  }
  // N % 512 of a matmul and N: the remainder is 0 when its rows of B (N
  // floats) are a multiple of 2 KiB apart.
  transform.named_sequence @page_rem_of(%op: !transform.any_op {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    %rows, %cols = transform.include @rows_and_cols_of failures(propagate) (%op)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %page_rem = transform.loom.param.rem %cols by 512
      : (!transform.param<i64>) -> !transform.param<i64>
    transform.yield %page_rem, %cols : !transform.param<i64>, !transform.param<i64>
  }

  // Matches a linalg.generic with the loops of a matmul packed along N:
  // (m, n / n_r, k, n % n_r), k a reduction.
  transform.named_sequence @packed_matmul_tile(%op: !transform.any_op {transform.readonly})
      -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    transform.match.structured failures(propagate) %op : !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
      %four = transform.param.constant 4 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %rank, %four : !transform.param<i64>
      transform.match.structured.dim %s[0, 1, 3] {parallel} : !transform.any_op
      transform.match.structured.dim %s[2] {reduction} : !transform.any_op
      transform.match.structured.yield
    }
    transform.yield %op : !transform.any_op
  }

  // Matchers of a foreach_match used as an if on a packed register tile
  // (@packed_matmul_tile) of %m_r rows (or fewer: rows left over): its k
  // loop is unrolled when it has one panel and at most %limit rows
  // (@unrolled_tile, static rows; @unrolled_m_r_tile, rows of a dynamic
  // size, a tile of a peeled loop whose size canonicalization has not
  // folded yet, which is m_r), not otherwise (@any_tile).
  transform.named_sequence @unrolled_tile(%op: !transform.any_op {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    %rows, %panels = transform.include @rows_and_cols_of failures(propagate) (%op)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %panels, %one : !transform.param<i64>
    transform.match.param.cmpi ge %rows, %one : !transform.param<i64>
    transform.match.param.cmpi le %rows, %limit : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @unrolled_m_r_tile(%op: !transform.any_op {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    %rows, %panels = transform.include @rows_and_cols_of failures(propagate) (%op)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %panels, %one : !transform.param<i64>
    transform.match.param.cmpi lt %rows, %zero : !transform.param<i64>
    transform.match.param.cmpi le %m_r, %limit : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @any_tile(%op: !transform.any_op {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }

  // Matchers and actions of a foreach_match used as an if on a linalg.generic
  // or linalg.pack: the first handle it returns holds the op when %value <=
  // %limit, the second otherwise (the other one is empty: a select of an op
  // name the op does not have). The matchers name the ops, as foreach_match
  // also walks the ops nested in the root (a generic's body).
  transform.named_sequence @at_most(%op: !transform.any_op {transform.readonly},
      %value: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic", "linalg.pack"] : !transform.any_op
    transform.match.param.cmpi le %value, %limit : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @otherwise(%op: !transform.any_op {transform.readonly},
      %value: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic", "linalg.pack"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  // Passes a parameter on: the action of the foreach_matches used as a
  // select (@below).
  transform.named_sequence @forward_param(%value: !transform.param<i64> {transform.readonly})
      -> !transform.param<i64> {
    transform.yield %value : !transform.param<i64>
  }
  // Matchers of a foreach_match used as a select: %then when the matmul's
  // B (its K x N floats, 4 bytes each) takes at least %bytes, else
  // %otherwise.
  transform.named_sequence @large_b(%op: !transform.any_op {transform.readonly},
      %bytes: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %k_size, %n_size = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %d2 = transform.match.structured.dim %s[2] : (!transform.any_op) -> !transform.param<i64>
      %d1 = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %d2, %d1 : !transform.param<i64>, !transform.param<i64>
    }
    %floats = transform.loom.param.mul %k_size, %n_size
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %b_bytes = transform.loom.param.mul %floats, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.match.param.cmpi ge %b_bytes, %bytes : !transform.param<i64>
    transform.yield %then : !transform.param<i64>
  }
  transform.named_sequence @small_b(%op: !transform.any_op {transform.readonly},
      %bytes: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.yield %otherwise : !transform.param<i64>
  }
  // Matchers of a foreach_match that picks the K block and panels of a
  // cache tile by the rows of the matmul (its packed op, loops (m, n / n_r,
  // k, n % n_r)): the short pair when %rows <= %limit; %k_stream and
  // %panels when B is packed per K block (%rows <= %pack_rows), streams
  // from memory (its K x N floats, 4 bytes each, at least %stream_bytes)
  // and the rows are few (%rows <= %stream_rows); %k and %panels
  // otherwise. @forward_two_params passes them on.
  transform.named_sequence @short_rows(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %k_short: !transform.param<i64> {transform.readonly},
      %panels_short: !transform.param<i64> {transform.readonly},
      %k: !transform.param<i64> {transform.readonly},
      %panels: !transform.param<i64> {transform.readonly},
      %stream_rows: !transform.param<i64> {transform.readonly},
      %k_stream: !transform.param<i64> {transform.readonly},
      %pack_rows: !transform.param<i64> {transform.readonly},
      %stream_bytes: !transform.param<i64> {transform.readonly},
      %stream_panels: !transform.param<i64> {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    transform.match.param.cmpi le %rows, %limit : !transform.param<i64>
    transform.yield %k_short, %panels_short : !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @streamed_b(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %k_short: !transform.param<i64> {transform.readonly},
      %panels_short: !transform.param<i64> {transform.readonly},
      %k: !transform.param<i64> {transform.readonly},
      %panels: !transform.param<i64> {transform.readonly},
      %stream_rows: !transform.param<i64> {transform.readonly},
      %k_stream: !transform.param<i64> {transform.readonly},
      %pack_rows: !transform.param<i64> {transform.readonly},
      %stream_bytes: !transform.param<i64> {transform.readonly},
      %stream_panels: !transform.param<i64> {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    transform.match.param.cmpi le %rows, %stream_rows : !transform.param<i64>
    transform.match.param.cmpi le %rows, %pack_rows : !transform.param<i64>
    %panel_count, %k_size, %panel_cols = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %d1 = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      %d2 = transform.match.structured.dim %s[2] : (!transform.any_op) -> !transform.param<i64>
      %d3 = transform.match.structured.dim %s[3] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %d1, %d2, %d3
        : !transform.param<i64>, !transform.param<i64>, !transform.param<i64>
    }
    %cols = transform.loom.param.mul %panel_count, %panel_cols
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %floats = transform.loom.param.mul %cols, %k_size
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %bytes = transform.loom.param.mul %floats, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.match.param.cmpi ge %bytes, %stream_bytes : !transform.param<i64>
    transform.yield %k_stream, %stream_panels : !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @long_rows(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %k_short: !transform.param<i64> {transform.readonly},
      %panels_short: !transform.param<i64> {transform.readonly},
      %k: !transform.param<i64> {transform.readonly},
      %panels: !transform.param<i64> {transform.readonly},
      %stream_rows: !transform.param<i64> {transform.readonly},
      %k_stream: !transform.param<i64> {transform.readonly},
      %pack_rows: !transform.param<i64> {transform.readonly},
      %stream_bytes: !transform.param<i64> {transform.readonly},
      %stream_panels: !transform.param<i64> {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    transform.yield %k, %panels : !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @forward_two_params(%a: !transform.param<i64> {transform.readonly},
      %b: !transform.param<i64> {transform.readonly}) -> (!transform.param<i64>, !transform.param<i64>) {
    transform.yield %a, %b : !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @first_of_two(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %none = transform.select "func.return" in %op : (!transform.any_op) -> !transform.any_op
    transform.yield %op, %none : !transform.any_op, !transform.any_op
  }
  transform.named_sequence @second_of_two(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %none = transform.select "func.return" in %op : (!transform.any_op) -> !transform.any_op
    transform.yield %none, %op : !transform.any_op, !transform.any_op
  }

  // Tiles (a part of) the packing of B to 8 rows of all its panels at a
  // time, one panel after the other (8 x n_r copies), the last K rows in a
  // remainder loop of single rows. A pack of a transposed B (B^T's rows
  // are B's columns: inner_dims_pos = [0]) goes panel by panel instead,
  // 16 rows of B at a time: each of the panel's n_r rows of B^T is then
  // read along K, a whole cache line at a time, where a panel inside a
  // K row read 32 bytes of lines 4 KiB apart, which share an L1 set and
  // are evicted before their other half is read (on an Intel Emerald
  // Rapids, one thread, 128 x 4096 x 1024: 125 -> 139 GFLOP/s; its 32 x
  // 16 transposes are two of 16 x 16, loom.unroll_vectors).
  transform.named_sequence @pack_rows_then_panels(%pack: !transform.any_op {transform.readonly}) {
    %of_b_t = transform.structured.match ops{["linalg.pack"]}
        attributes {inner_dims_pos = array<i64: 0>} in %pack
      : (!transform.any_op) -> !transform.any_op
    %of_b = transform.structured.match ops{["linalg.pack"]}
        attributes {inner_dims_pos = array<i64: 1>} in %pack
      : (!transform.any_op) -> !transform.any_op
    %rows, %row_loop = transform.structured.tile_using_for %of_b
        tile_sizes [0, 8]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tile, %panel_loop = transform.structured.tile_using_for %rows
        tile_sizes [1, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @peel_pack_rows failures(suppress) (%row_loop)
      : (!transform.any_op) -> ()
    %panel_t, %panel_loop_t = transform.structured.tile_using_for %of_b_t
        tile_sizes [1, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tile_t, %row_loop_t = transform.structured.tile_using_for %panel_t
        tile_sizes [0, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @peel_pack_rows failures(suppress) (%row_loop_t)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // Splits a loop over 8-row tiles into full tiles and a remainder loop,
  // whose partial tile is tiled again to single rows (static 1 x 32 tiles):
  // the loop over the full rows of a cache tile, whose count is a multiple
  // of 8 but dynamic, gets static tiles so (its remainder never runs).
  // Fails (the caller suppresses it) when the loop is static and divisible.
  transform.named_sequence @peel_rows(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.foreach %rest : !transform.any_op {
    ^bb0(%rest_loop: !transform.any_op):
      %rest_tile = transform.structured.match ops{["linalg.generic"]} in %rest_loop
        : (!transform.any_op) -> !transform.any_op
      transform.include @tile_to_single_rows failures(propagate) (%rest_tile)
        : (!transform.any_op) -> ()
    }
    transform.yield
  }
  // Matcher and action of a foreach_match: a register tile whose rows
  // (first loop) are dynamic is tiled to single rows (static 1 x n_r tiles;
  // @tile_to_single_rows tiles the first loop of any structured op, also a
  // square tile of a matmul reading B in place).
  // (A dynamic size is negative: ShapedType::kDynamic.)
  transform.named_sequence @dynamic_rows(%op: !transform.any_op {transform.readonly})
      -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    %rows = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> !transform.param<i64> {
    ^bb0(%s: !transform.any_op):
      %m = transform.match.structured.dim %s[0] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %m : !transform.param<i64>
    }
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi lt %rows, %zero : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  // Matchers and actions of a foreach_match on the rows left over after the
  // register tiles of a cache tile (arguments: the op and rest_row_panels):
  // a static number of them is one register tile per panel; a dynamic
  // number (a thread's part of 389 rows of 777), single rows of
  // rest_row_panels panels (their accumulators as many as a full tile's
  // rows / 2: one row of one panel, two, cannot hide the FMA's latency),
  // the panels left over one at a time.
  transform.named_sequence @dynamic_rows_of(%op: !transform.any_op {transform.readonly},
      %panels: !transform.param<i64> {transform.readonly}) -> (!transform.any_op, !transform.param<i64>) {
    %op_1 = transform.include @dynamic_rows failures(propagate) (%op)
      : (!transform.any_op) -> !transform.any_op
    transform.yield %op_1, %panels : !transform.any_op, !transform.param<i64>
  }
  transform.named_sequence @any_generic(%op: !transform.any_op {transform.readonly},
      %panels: !transform.param<i64> {transform.readonly}) -> (!transform.any_op, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    transform.yield %op, %panels : !transform.any_op, !transform.param<i64>
  }
  transform.named_sequence @panel_tiles(%op: !transform.any_op {transform.readonly},
      %panels: !transform.param<i64> {transform.readonly}) {
    %tile = transform.cast %op : !transform.any_op to !transform.any_op
    %panel_tile, %panel_loop = transform.structured.tile_using_for %tile
        tile_sizes [0, 1, 0, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @single_rows_of_panels(%op: !transform.any_op {transform.readonly},
      %panels: !transform.param<i64> {transform.readonly}) {
    %tile = transform.cast %op : !transform.any_op to !transform.any_op
    %row, %row_loop = transform.structured.tile_using_for %tile
        tile_sizes [1, 0, 0, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wide, %wide_loop = transform.structured.tile_using_for %row
        tile_sizes [0, %panels, 0, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @peel_panels failures(suppress) (%wide_loop)
      : (!transform.any_op) -> ()
    transform.yield
  }
  // Peels a loop over groups of panels; its remainder takes one panel at a
  // time. Fails (the caller suppresses it) when the step divides the range.
  transform.named_sequence @peel_panels(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.foreach %rest : !transform.any_op {
    ^bb0(%rest_loop: !transform.any_op):
      %rest_tile = transform.structured.match ops{["linalg.generic"]} in %rest_loop
        : (!transform.any_op) -> !transform.any_op
      %single, %single_loop = transform.structured.tile_using_for %rest_tile
          tile_sizes [0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
  // Peels the last, partial iteration off a K loop. Fails (the caller
  // suppresses it) when the K block divides K.
  transform.named_sequence @peel_k_blocks(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @tile_to_single_rows(%op: !transform.any_op {transform.readonly}) {
    %tile = transform.cast %op : !transform.any_op to !transform.any_op
    %single_rows, %row_loop = transform.structured.tile_using_for %tile
        tile_sizes [1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // A matmul that reads B in place (few rows, or up to in_place_rows
  // whose N is not a page multiple): the threads split
  // its columns; each part in cache tiles of %chunk columns (or one of all
  // of them, when %chunk is larger), each in K blocks of %k_block rows of B, each in register
  // tiles of %cols columns and %m_r rows (the columns and rows left over in
  // tiles of their own); k step 1, vectorized.
  transform.named_sequence @in_place_blocked(%matmul: !transform.any_op {transform.consumed},
      %parts: !transform.param<i64> {transform.readonly},
      %k_block: !transform.param<i64> {transform.readonly},
      %chunk: !transform.param<i64> {transform.readonly},
      %cols: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly},
      %narrow_cols: !transform.param<i64> {transform.readonly},
      %narrow_m_r: !transform.param<i64> {transform.readonly},
      %join_rows: !transform.param<i64> {transform.readonly},
      %balance_rows: !transform.param<i64> {transform.readonly},
      %prefetch_ahead: !transform.param<i64> {transform.readonly},
      %prefetch_span: !transform.param<i64> {transform.readonly},
      %prefetch_cache: !transform.param<i64> {transform.readonly}) {
    // The columns of whole tiles are split among the threads; the rest
    // (fewer than %cols) is left to the thread that calls (on threads of
    // their own, with a parallel region of their own, 3 x 517 x 1023 ran
    // at 35 GFLOP/s against 99 on one thread). On more threads than one
    // the tiles are whole vectors (%narrow_cols) rather than register
    // tiles, so that each thread's part is whole vectors too, its own
    // rest a tile of one or more vectors: register tiles of 48 columns
    // split at multiples of 48 left parts of 504 columns of 8 x 1024 x
    // 1024, each with a rest of 24, and 16 columns to the calling thread
    // (on Zen 5, two threads, 132 GFLOP/s against 241 in parts of 512).
    %two_parts = transform.param.constant 2 : i64 -> !transform.param<i64>
    %part_cols = transform.loom.param.mul %narrow_cols, %parts
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %matmul_s, %split_cols = transform.foreach_match restrict_root flatten_results
        in %matmul, %parts, %two_parts, %cols, %part_cols
        @below -> @forward_param, @not_below -> @forward_param
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.param<i64>)
    %whole, %left = transform.loom.split_full_tiles %matmul_s dimension = 1 tile_size = %split_cols
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.foreach %whole : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      %part, %forall = transform.structured.tile_using_forall %one
          num_threads [0, %parts]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      transform.include @in_place_part failures(propagate)
          (%part, %k_block, %chunk, %cols, %m_r, %narrow_cols, %narrow_m_r, %join_rows,
           %balance_rows, %prefetch_ahead, %prefetch_span, %prefetch_cache)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    }
    transform.foreach %left : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      transform.include @in_place_part failures(propagate)
          (%one, %k_block, %chunk, %cols, %m_r, %narrow_cols, %narrow_m_r, %join_rows,
           %balance_rows, %prefetch_ahead, %prefetch_span, %prefetch_cache)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    }
    transform.yield
  }
  // A part of the columns of a matmul reading B in place: cache tiles of
  // %chunk columns (split where the whole ones end, so that the last one
  // keeps a static size), each with @in_place_cache_tile.
  transform.named_sequence @in_place_part(%part: !transform.any_op {transform.consumed},
      %k_block: !transform.param<i64> {transform.readonly},
      %chunk: !transform.param<i64> {transform.readonly},
      %cols: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly},
      %narrow_cols: !transform.param<i64> {transform.readonly},
      %narrow_m_r: !transform.param<i64> {transform.readonly},
      %join_rows: !transform.param<i64> {transform.readonly},
      %balance_rows: !transform.param<i64> {transform.readonly},
      %prefetch_ahead: !transform.param<i64> {transform.readonly},
      %prefetch_span: !transform.param<i64> {transform.readonly},
      %prefetch_cache: !transform.param<i64> {transform.readonly}) {
    %whole, %last = transform.loom.split_full_tiles %part dimension = 1 tile_size = %chunk
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %whole_tiles = transform.foreach %whole : !transform.any_op -> !transform.any_op {
    ^bb0(%one: !transform.any_op):
      %tile, %chunk_loop = transform.structured.tile_using_for %one tile_sizes [0, %chunk, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      transform.yield %tile : !transform.any_op
    }
    %cache_tiles = transform.merge_handles %whole_tiles, %last : !transform.any_op
    transform.foreach %cache_tiles : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      transform.include @in_place_cache_tile failures(propagate)
          (%one, %k_block, %cols, %m_r, %narrow_cols, %narrow_m_r, %join_rows, %balance_rows,
           %prefetch_ahead, %prefetch_span, %prefetch_cache)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    }
    transform.yield
  }
  // A cache tile of a matmul reading B in place: K blocks of %k_block rows
  // of B, register tiles of %cols columns (the columns left over in one
  // tile of their own) and %m_r rows (%narrow_m_r when the tile has fewer
  // columns than %narrow_cols; the rows left over in one tile, or in the
  // last whole one when they are at most %join_rows, or with it in two
  // tiles of nearly the same rows when at most %balance_rows), k step 1,
  // vectorized.
  transform.named_sequence @in_place_cache_tile(%cache_tile: !transform.any_op {transform.consumed},
      %k_block: !transform.param<i64> {transform.readonly},
      %cols: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly},
      %narrow_cols: !transform.param<i64> {transform.readonly},
      %narrow_m_r: !transform.param<i64> {transform.readonly},
      %join_rows: !transform.param<i64> {transform.readonly},
      %balance_rows: !transform.param<i64> {transform.readonly},
      %prefetch_ahead: !transform.param<i64> {transform.readonly},
      %prefetch_span: !transform.param<i64> {transform.readonly},
      %prefetch_cache: !transform.param<i64> {transform.readonly}) {
    %block, %k_loop = transform.structured.tile_using_for %cache_tile
        tile_sizes [0, 0, %k_block]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %full, %rest = transform.loom.split_full_tiles %block dimension = 1 tile_size = %cols
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    // The full tiles: a dynamic number of them (a thread's part when the
    // threads do not divide the tiles, the last cache tile) is a loop
    // peeled, so that their size stays static (its remainder never runs);
    // the rest: one tile of its columns when static, single columns when
    // dynamic (a tile with masks, 3 x 517 x 1023 on two threads: 2.6
    // GFLOP/s against 35 in single columns).
    transform.foreach %full : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      %tile, %n_loop = transform.structured.tile_using_for %one tile_sizes [0, %cols, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      transform.include @peel failures(suppress) (%n_loop) : (!transform.any_op) -> ()
    }
    // A static rest wider than a vector (%narrow_cols columns): tiles of
    // four, two and one vectors, and the columns left over in a tile of
    // their own, so that every tile is a power of two of vectors or less
    // than one (LLVM computed a tile of 8 x 24 in scalars, spilled: on Zen
    // 5, 64 x 3000 x 1000 ran at 153 GFLOP/s, 64 x 2984 x 1000 at 177;
    // 2 x 3000 x 2000, its rest of 56 columns in one tile, 36 against 42
    // at 2944).
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %two_vectors = transform.loom.param.mul %narrow_cols, %two
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %four_vectors = transform.loom.param.mul %narrow_cols, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %rest_four, %rest_a = transform.loom.split_full_tiles %rest
        dimension = 1 tile_size = %four_vectors
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %rest_two, %rest_b = transform.loom.split_full_tiles %rest_a
        dimension = 1 tile_size = %two_vectors
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %rest_one, %rest_narrow = transform.loom.split_full_tiles %rest_b
        dimension = 1 tile_size = %narrow_cols
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %rests = transform.merge_handles %rest_four, %rest_two, %rest_one, %rest_narrow : !transform.any_op
    %rest_1 = transform.foreach_match restrict_root in %rests
        @dynamic_cols -> @tile_to_single_cols
      : (!transform.any_op) -> !transform.any_op
    // Rows: tiles of %m_r, the rows left over in one tile (M is static).
    %col_tiles = transform.structured.match ops{["linalg.matmul"]} in %k_loop
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %col_tiles : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      %one_m, %one_n = transform.include @rows_and_cols_of failures(propagate) (%one)
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
      %one_1, %tile_rows = transform.foreach_match restrict_root flatten_results
          in %one, %one_n, %narrow_cols, %narrow_m_r, %m_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %full_rows, %rest_rows = transform.loom.split_full_tiles %one_1
          dimension = 0 tile_size = %tile_rows join_rest = %join_rows
          balance_rest = %balance_rows
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      transform.foreach %full_rows : !transform.any_op {
      ^bb0(%rows: !transform.any_op):
        %row_tile, %m_loop = transform.structured.tile_using_for %rows tile_sizes [%tile_rows, 0, 0]
          : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      }
    }
    // A tile of as many rows as columns (8 rows and the 8 columns left of
    // 40) goes to two tiles of half its rows (@halve_rows): MLIR 22 folds
    // the shape_cast of A's broadcast vector<8x1> -> vector<8x8x1> to
    // vector<8x8> into a broadcast of the wrong dimension, and the tile
    // was computed wrongly (llvm/llvm-project#190614, fixed upstream after
    // 22.1).
    %row_tiles = transform.structured.match ops{["linalg.matmul"]} in %k_loop
      : (!transform.any_op) -> !transform.any_op
    %row_tiles_1 = transform.foreach_match restrict_root in %row_tiles
        @square_matmul -> @halve_rows
      : (!transform.any_op) -> !transform.any_op
    %tiles = transform.structured.match ops{["linalg.matmul"]} in %k_loop
      : (!transform.any_op) -> !transform.any_op
    %steps, %k_step_loops = transform.structured.tile_using_for %tiles
        tile_sizes [0, 0, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // (The accumulators are hoisted out of these loops only:
    // @loom_vector_to_fma_marked.)
    transform.annotate %k_step_loops "loom.hoist_subsets" : !transform.any_op
    // Each step reads a row of B a stride from the last: prefetched
    // %prefetch_ahead steps ahead, or as many as span %prefetch_span bytes
    // of B when fewer, into the cache %prefetch_cache names (1: L1, 2: L2,
    // 0: by the rows' stride; loom-prefetch-ahead).
    transform.annotate %k_step_loops "loom.prefetch_ahead" = %prefetch_ahead
      : !transform.any_op, !transform.param<i64>
    transform.annotate %k_step_loops "loom.prefetch_span" = %prefetch_span
      : !transform.any_op, !transform.param<i64>
    transform.annotate %k_step_loops "loom.prefetch_cache" = %prefetch_cache
      : !transform.any_op, !transform.param<i64>
    transform.loom.vectorize %steps best_effort : !transform.any_op
    transform.yield
  }
  // Matcher and action of a foreach_match: a matmul whose columns are
  // dynamic is tiled to single columns (static tiles, no masks).
  transform.named_sequence @dynamic_cols(%op: !transform.any_op {transform.readonly})
      -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %n = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> !transform.param<i64> {
    ^bb0(%s: !transform.any_op):
      %d = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %d : !transform.param<i64>
    }
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi lt %n, %zero : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @tile_to_single_cols(%op: !transform.any_op {transform.readonly}) {
    %tile = transform.cast %op : !transform.any_op to !transform.any_op
    %single_cols, %n_loop = transform.structured.tile_using_for %tile tile_sizes [0, 1, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  // Matcher and action of a foreach_match: a register tile of as many rows
  // as columns, more than one (gives the op and its rows), goes to two
  // tiles, of half its rows rounded up and of the rest, neither square. (It
  // went to single rows before: each a chain of FMAs on one accumulator;
  // 16 x 1024 x 1024 with in_place_n_r = 16 and an Intel host's parameters
  // ran at 4.7 GFLOP/s on that Intel in tiles of 1 x 16, and on Zen 4 at
  // 9.8 in them against 80.6 in tiles of 8 x 16.)
  transform.named_sequence @square_matmul(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %m, %n = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %d0 = transform.match.structured.dim %s[0] : (!transform.any_op) -> !transform.param<i64>
      %d1 = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %d0, %d1 : !transform.param<i64>, !transform.param<i64>
    }
    transform.match.param.cmpi eq %m, %n : !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.match.param.cmpi gt %m, %one : !transform.param<i64>
    transform.yield %op, %m : !transform.any_op, !transform.param<i64>
  }
  transform.named_sequence @halve_rows(%op: !transform.any_op {transform.consumed},
      %rows: !transform.param<i64> {transform.readonly}) {
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %half = transform.loom.param.ceil_div %rows, %two
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %top, %bottom = transform.loom.split_full_tiles %op dimension = 0 tile_size = %half
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.foreach %top : !transform.any_op {
    ^bb0(%whole: !transform.any_op):
      %tile, %loop = transform.structured.tile_using_for %whole tile_sizes [%half, 0, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
  // Peels the last, partial iteration off a loop; fails (the caller
  // suppresses it) when the step divides the range.
  transform.named_sequence @peel(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  // Matchers of a foreach_match used as a select on parameters: they
  // yield %then when %value < %limit (a static size), else %otherwise;
  // @forward_param passes it on. They match a matmul or a (packed)
  // generic, and no other op: foreach_match also walks the ops nested in
  // the root (a generic's body).
  transform.named_sequence @below(%op: !transform.any_op {transform.readonly},
      %value: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul", "linalg.generic"] : !transform.any_op
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %value, %zero : !transform.param<i64>
    transform.match.param.cmpi lt %value, %limit : !transform.param<i64>
    transform.yield %then : !transform.param<i64>
  }
  // Matchers of a foreach_match used as a select: %then when the matmul's
  // N is a page multiple, else %otherwise: a multiple of 1024, or of 512
  // and at least 1024 (rows of B a multiple of 2 KiB apart, and more than
  // 4 KiB: in L1's 64 sets they fall on one or two, in L2's 1024 on 16 or
  // 32, so that a K block of 512 or 1024 of them overflows the ways; on
  // Zen 5, one thread, GFLOP/s as a page multiple against not: 48 x 1536 x
  // 1536 188 / 157, 96 x 1536 x 1536 182 / 143, 40 x 3584 x 1024 152 /
  // 119, 24 x 2560 x 2560 143 / 124, but 64 x 1536 x 512 186 / 201;
  // rows 2 KiB apart, N = 512, lost: 64 x 512 x 512 201 / 224;
  // docs/performance.md, "Rows of B 2 KiB apart").
  transform.named_sequence @page_cols(%op: !transform.any_op {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %page_rem, %cols = transform.include @page_rem_of failures(propagate) (%op)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %page_rem, %zero : !transform.param<i64>
    %page = transform.param.constant 1024 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %cols, %page : !transform.param<i64>
    transform.yield %then : !transform.param<i64>
  }
  transform.named_sequence @other_cols(%op: !transform.any_op {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.yield %otherwise : !transform.param<i64>
  }
  // A matcher of a foreach_match used as a select (with @other_cols):
  // %then when the matmul's rows of B are a multiple of 1 KiB apart (N a
  // multiple of 256), else %otherwise. Such rows cover a quarter to a half
  // of a page's (and of 64 KiB's) line offsets, so that a block of them
  // fills a quarter to a half of L2's sets: a K block of B read in place
  // (half of L2 by its bytes) then overflows them (docs/performance.md,
  // "Rows of B 1 KiB apart").
  transform.named_sequence @kib_cols(%op: !transform.any_op {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %rows, %cols = transform.include @rows_and_cols_of failures(propagate) (%op)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %kib_rem = transform.loom.param.rem %cols by 256
      : (!transform.param<i64>) -> !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %kib_rem, %zero : !transform.param<i64>
    transform.yield %then : !transform.param<i64>
  }
  // A matcher of a foreach_match used as a select (with @other_cols):
  // %then when the matmul's rows of B are a multiple of 2 KiB apart (N a
  // multiple of 512), else %otherwise: the K block of B read in place. Such
  // rows start at one or two line offsets of a page, so that a panel of 32
  // columns of them falls on 32 or 64 of L2's 1024 sets; 1024 rows of it
  // (128 KiB) overflow their ways and are read again from L3 by the next
  // register tile of rows, 512 do not. @page_cols, which also decides which
  // matmuls read B in place, leaves out N = 512 (on Zen 5, one thread,
  // GFLOP/s with 512 rows against 1024 in 15 rotated runs each: 1x1
  // convolution 7 x 7 x 2048 -> 512, a matmul of 49 x 512 x 2048, 202-209
  // against 144-209, three of the fifteen at 144-149; docs/performance.md,
  // "K blocks of rows 2 KiB apart").
  transform.named_sequence @two_kib_cols(%op: !transform.any_op {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    %page_rem, %cols = transform.include @page_rem_of failures(propagate) (%op)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %page_rem, %zero : !transform.param<i64>
    transform.yield %then : !transform.param<i64>
  }
  // Matchers of a foreach_match used as a select: %then when %enabled is
  // above 0 and the matmul's N is a page multiple, else %otherwise.
  transform.named_sequence @page_wide(%op: !transform.any_op {transform.readonly},
      %enabled: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi gt %enabled, %zero : !transform.param<i64>
    %value = transform.include @page_cols failures(propagate) (%op, %then, %otherwise)
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.yield %value : !transform.param<i64>
  }
  transform.named_sequence @not_page_wide(%op: !transform.any_op {transform.readonly},
      %enabled: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.yield %otherwise : !transform.param<i64>
  }
  transform.named_sequence @not_below(%op: !transform.any_op {transform.readonly},
      %value: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul", "linalg.generic"] : !transform.any_op
    transform.yield %otherwise : !transform.param<i64>
  }

  // Matchers of a foreach_match used as a select on parameters: they
  // yield %then when %cols (the columns of a part of a matmul) are a
  // multiple of 1024, else %otherwise (a matmul or a packed generic, as
  // @below). For the matmuls that reach the short K blocks with the
  // host's defaults (N a multiple of 256: one part, all of N) that is N,
  // rows of B a multiple of 4 KiB apart; a part of a split matmul (N =
  // 1040: 1024 + 16 columns, packed only with in_place_rows lowered) is
  // judged by its own columns, not by the rows' stride.
  transform.named_sequence @whole_pages(%op: !transform.any_op {transform.readonly},
      %cols: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul", "linalg.generic"] : !transform.any_op
    %rem = transform.loom.param.rem %cols by 1024
      : (!transform.param<i64>) -> !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %rem, %zero : !transform.param<i64>
    transform.yield %then : !transform.param<i64>
  }
  transform.named_sequence @not_whole_pages(%op: !transform.any_op {transform.readonly},
      %cols: !transform.param<i64> {transform.readonly},
      %then: !transform.param<i64> {transform.readonly},
      %otherwise: !transform.param<i64> {transform.readonly}) -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.matmul", "linalg.generic"] : !transform.any_op
    transform.yield %otherwise : !transform.param<i64>
  }

  // Matchers and actions of a foreach_match that sorts matmuls three ways
  // (arguments: the op, its rows, few_rows, the most rows to read B in
  // place, one_tile_m_r): few rows, B read in place; at most one register
  // tile of rows (one_tile_m_r), or up to the most rows to read B in place
  // (in_place_rows; page_in_place_rows or none when N is a page
  // multiple), B read in place too; the
  // others, B packed. Each action returns the op in one of three handles.
  transform.named_sequence @few_rows_only(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %few_rows: !transform.param<i64> {transform.readonly},
      %in_place_rows: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.match.param.cmpi le %rows, %few_rows : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @one_row_tile(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %few_rows: !transform.param<i64> {transform.readonly},
      %in_place_rows: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.match.param.cmpi le %rows, %m_r : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @in_place_shape(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %few_rows: !transform.param<i64> {transform.readonly},
      %in_place_rows: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.match.param.cmpi le %rows, %in_place_rows : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @any_matmul(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %few_rows: !transform.param<i64> {transform.readonly},
      %in_place_rows: !transform.param<i64> {transform.readonly},
      %m_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @first_of_three(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    %none = transform.select "func.return" in %op : (!transform.any_op) -> !transform.any_op
    transform.yield %op, %none, %none : !transform.any_op, !transform.any_op, !transform.any_op
  }
  transform.named_sequence @second_of_three(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    %none = transform.select "func.return" in %op : (!transform.any_op) -> !transform.any_op
    transform.yield %none, %op, %none : !transform.any_op, !transform.any_op, !transform.any_op
  }
  transform.named_sequence @third_of_three(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    %none = transform.select "func.return" in %op : (!transform.any_op) -> !transform.any_op
    transform.yield %none, %none, %op : !transform.any_op, !transform.any_op, !transform.any_op
  }

  // A matmul of few rows whose B is transposed ((n, k)), as dot products
  // along K: A's rows and B's are both contiguous there. The columns in
  // tiles of %cols (4, 3 or 2; the rest one at a time), split among the
  // threads (scf.forall over the tiles); each tile of all the rows x %cols
  // columns keeps its sums in vectors of 16 lanes of K
  // (tile_reduction_using_for: rows x %cols accumulators, their k loop
  // marked for @loom_vector_to_fma_marked to keep them in registers), added
  // across lanes once at the end (by halves: the caller applies
  // transform.apply_patterns.loom.reduction_tree); K's last rows (K % 16)
  // are one masked contraction. No pass over B beyond the one the matmul makes.
  transform.named_sequence @dot_blocked(%matmul: !transform.any_op {transform.readonly},
      %cols: !transform.param<i64> {transform.readonly}) {
    %target = transform.cast %matmul : !transform.any_op to !transform.any_op
    %generic = transform.structured.generalize %target
      : (!transform.any_op) -> !transform.any_op
    %full, %rest = transform.loom.split_full_tiles %generic dimension = 1 tile_size = %cols
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %tiles, %forall = transform.structured.tile_using_forall %full tile_sizes [0, %cols]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %rest_tiles, %rest_loop = transform.structured.tile_using_for %rest tile_sizes [0, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %all = transform.merge_handles %tiles, %rest_tiles : !transform.any_op
    transform.foreach %all : !transform.any_op {
    ^bb0(%tile: !transform.any_op):
      transform.include @dot_tile failures(propagate) (%tile) : (!transform.any_op) -> ()
    }
    transform.yield
  }
  transform.named_sequence @dot_tile(%tile: !transform.any_op {transform.consumed}) {
    %k_full, %k_rest = transform.loom.split_full_tiles %tile dimension = 2 tile_size = 16
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.foreach %k_full : !transform.any_op {
    ^bb0(%part: !transform.any_op):
      %fill, %partial, %merge, %k_loop = transform.structured.tile_reduction_using_for %part
          by tile_sizes = [0, 0, 16]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      transform.annotate %k_loop "loom.hoist_subsets" : !transform.any_op
      transform.loom.vectorize %partial : !transform.any_op
      transform.loom.vectorize %merge : !transform.any_op
      transform.loom.vectorize %fill : !transform.any_op
    }
    transform.loom.vectorize %k_rest : !transform.any_op
    transform.yield
  }
  // Matchers of a foreach_match that sorts matmuls: a matmul whose B is
  // transposed and that has at most %limit rows (@dot_blocked), one whose
  // B is transposed (packed from B^T), any other.
  transform.named_sequence @transposed_b_rows(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.loom.match.transposed_b %op : !transform.any_op
    transform.match.param.cmpi le %rows, %limit : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @transposed_b_matmul(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.loom.match.transposed_b %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @other_matmul(%op: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.yield %op : !transform.any_op
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
    // The blocking, derived from this machine (docs/performance.md): each
    // knob's loom.host_default is an expression over the host's vector
    // width and registers, cache sizes and the knobs before it; loom run
    // --knob, a tuned record (schedules/records.json) or loom tune may
    // choose another option. The values written (Zen 5's) are what tools
    // that do not know the host use (mlir-opt, loom-opt).
    //   m_r: rows of the register tile: m_r x 2 accumulators, the two
    //        vectors of B and a broadcast of A fit in the registers (6 rows
    //        with 16 registers); with 32, 8 rows rather than 14 (measured
    //        on Zen 5: 14 rows of A that is not packed, each in its own
    //        cache line, run 6% slower);
    %m_r = transform.tune.knob<"m_r"> = 8 from options = [1, 2, 4, 6, 8, 12, 14]
        {loom.host_default = "(vector_registers - 3) / 2 - 6 * (vector_registers > 16)"} -> !transform.param<i64>
    // Three register tiles of rows: from this many rows on the first tile
    // packs B as it reads it (pack_in_first, below); with fewer, B packed
    // would be copied by a loop of its own (page_l3_b_bytes, below).
    %three_c = transform.param.constant 3 : i64 -> !transform.param<i64>
    %three_tiles = transform.loom.param.mul %m_r, %three_c
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    //   one_tile_m_r: a matmul of at most this many rows is one register
    //                 tile of all its rows and reads B in place whatever N
    //                 (below, in_place_rows): B is then read once. Its two
    //                 vectors a row take three quarters of the registers,
    //                 the rest left to B, A's broadcasts and the loads in
    //                 flight (on Zen 5, one thread, GFLOP/s with one tile
    //                 against tiles of 8 rows: 10 x 2048 x 2048 152 / 102,
    //                 12 x 2048 x 2048 152 / 117, 12 x 1000 x 1000 181 /
    //                 165; with 14, 14 x 1000 x 1000 ran at 161 against 204
    //                 with 12, 13 x 517 x 1023 157 / 161, but 13 x 2048 x
    //                 2048 138 / 108). Elsewhere the registers' all but
    //                 four (14 rows with 32 registers, 6 with 16): on an
    //                 Intel Emerald Rapids, GFLOP/s with 14 against 12
    //                 (tiles of 12 and 2 rows), oneDNN; one thread: 14 x
    //                 1024 x 1024 148 / 74, 105; 14 x 1000 x 1000 139 /
    //                 110, 122; 13 x 517 x 1023 150 / 125, 130; 14 x 3000
    //                 x 1000 134 / 108, 102; two threads: 14 x 1024 x 1024
    //                 255 / 154, 198 (docs/performance.md, "One register
    //                 tile of 14 rows on an Intel");
    %one_tile_m_r = transform.tune.knob<"one_tile_m_r"> = 12 from options = [1, 2, 4, 6, 8, 10, 12, 14]
        {loom.sweep = false, loom.host_default = "3 * vector_registers / 8 * zen + (vector_registers - 4) / 2 * (1 - zen)"} -> !transform.param<i64>
    //   page_one_tile_m_r: the same for a matmul whose N is a page
    //                      multiple. On a Zen, one_tile_m_r; elsewhere,
    //                      with 32 registers, two rows more (16: its 32
    //                      accumulators spill a few, but B, rows a page
    //                      apart that are otherwise packed, is read once):
    //                      on an Intel Emerald Rapids, GFLOP/s with 16
    //                      against 14 (B packed for 15-16 rows), oneDNN;
    //                      one thread: 16 x 1024 x 1024 108 / 86, 106; 15 x
    //                      1024 x 1024 132 / 75, 109; 16 x 2048 x 2048 107 /
    //                      84, 106; 16 x 4096 x 4096 92 / 88, 97; two
    //                      threads: 16 x 1024 x 1024 213 / 175, 203; 16 x
    //                      4096 x 4096 220 / 152, 182. Not where N is not
    //                      a page multiple (tiles of m_r rows read B in
    //                      place there: one thread 16 x 1000 x 1000 107
    //                      with 16 against 121).
    %page_one_tile_m_r = transform.tune.knob<"page_one_tile_m_r"> = 12 from options = [1, 2, 4, 6, 8, 10, 12, 14, 16]
        {loom.sweep = false, loom.host_default = "one_tile_m_r + 2 * (vector_registers > 16) * (1 - zen)"} -> !transform.param<i64>
    // (The knobs of paths that few payloads take, few_rows and after, carry
    // loom.sweep = false: loom tune holds them at their defaults unless
    // --sweep names them, so that a sweep covers the knobs of the common
    // path; docs/tuning.md.)
    //   few_rows: a matmul of at most this many rows reads B in place
    //             (@in_place_blocked, below): packing would copy each
    //             element of B for as few uses. Half a register tile of
    //             rows: on Zen 5, 1 / 2 / 4 x 4096 x 4096 run at 26 / 34 /
    //             56 GFLOP/s with B in place against 9 / 18 / 35 packed
    //             (oneDNN 20 / 22 / 47); at 8 rows packing is as fast on
    //             one thread and faster on two (135-155 against 109-137).
    %few_rows = transform.tune.knob<"few_rows"> = 4 from options = [0, 1, 2, 3, 4, 8]
        {loom.sweep = false, loom.host_default = "m_r / 2"} -> !transform.param<i64>
    //   in_place_rows: a matmul of at most this many rows whose B is
    //                  packed gets the short K blocks (short_k_block,
    //                  spread_k_block, below); the default of
    //                  spread_in_place_rows (below, which is the limit
    //                  since 2026-11-28): a matmul of at most this many
    //                  rows whose N is not a
    //                  page multiple reads B in place too, in cache
    //                  tiles and K blocks like a packed B's (on Zen 5, 31 x
    //                  517 x 1023: 190-198 GFLOP/s against 164-168
    //                  packed, 49 x 1000 x 2048 178-205 against 168-177,
    //                  100 x 1000 x 300 195-212 against 188-199). Rows of
    //                  B a multiple of 4 KiB apart (N a page multiple)
    //                  fall on the same cache sets and pages: 48 x 1024 x
    //                  2048 ran at 175 against 193 packed, 16 x 4096 x
    //                  4096 84 against 116; with more rows packing pays
    //                  (1000 x 1000 x 1000: 187-202 against 205). A
    //                  matmul of at most one_tile_m_r rows, one register
    //                  tile of them, reads B in place whatever N: packing
    //                  would copy each element of B for a single use (on
    //                  Zen 5, with tiles of 8 rows,
    //                  one thread, GFLOP/s in place against packed: 8 x
    //                  2048 x 2048 122 / 101, 8 x 4096 x 4096 85 / 70, 8 x
    //                  1024 x 1024 139 / 107, 8 x 2048 x 512 141 / 94).
    %in_place_rows = transform.tune.knob<"in_place_rows"> = 128 from options = [0, 32, 64, 128, 256, 512]
        {loom.sweep = false, loom.host_default = "16 * m_r"} -> !transform.param<i64>
    //   stream_b_bytes: a B of at least this many bytes streams from
    //                   memory, a smaller one stays in cache between calls
    //                   and passes: a quarter of L3 per thread (on a
    //                   shared L3, the threads of a run keep more of it
    //                   the more of them there are: on Zen 5, two threads,
    //                   GFLOP/s with 16 MiB against 8 MiB, B of 8-12 MiB
    //                   read in place: 48 x 1024 x 2048 416 / 265, 32 x
    //                   1024 x 3072 364 / 237, 64 x 1536 x 1536 395 / 308,
    //                   16 x 1536 x 1536 397 / 323, 32 x 2560 x 1024 377
    //                   / 320; oneDNN 382, 383, 401, 371, 393; 24 x 4000
    //                   x 1000 408 / 413, 20 x 3000 x 1000 352 / 356;
    //                   docs/performance.md, "A B in L3 on two threads").
    %stream_b_bytes = transform.tune.knob<"stream_b_bytes"> = 8388608
        from options = [1048576, 2097152, 4194304, 8388608, 16777216, 33554432, 67108864]
        {loom.sweep = false, loom.host_default = "l3_bytes / 4 * threads"} -> !transform.param<i64>
    //   ahead_b_bytes: a matmul whose B takes at least this many bytes,
    //                  read in place with N not a page multiple, has its
    //                  rows of B prefetched l3_prefetch_ahead steps ahead
    //                  (loom-prefetch-ahead). On a Zen, B from memory only
    //                  (stream_b_bytes): from L2 or L3 the prefetches only
    //                  take the load ports (on Zen 5, 16 x 1000 x 1000: 180
    //                  GFLOP/s without, 168 with; 8 x 2000 x 2000: 61
    //                  without, 117 with); and at most three eighths of
    //                  L3, which caps it on two threads (12 MiB, not 16:
    //                  on Zen 5, two threads, GFLOP/s without / with,
    //                  oneDNN, rotated runs: 24 x 1000 x 3200 (12.2 MiB)
    //                  270-283 / 293-295, 338-358; 64 x 1000 x 3300 289-304
    //                  / 340-347, 361-372; 100 x 1000 x 3500 305-309 /
    //                  334-339, 333-342; 24 x 1000 x 4096 (15.6 MiB)
    //                  226-281 / 254-320, 320-342; but below 12 MiB without
    //                  them: 16 x 1000 x 3000 (11.4 MiB) 335-342 / 309-315,
    //                  24 x 1000 x 2500 327-351 / 295-309;
    //                  docs/performance.md, "Prefetches of rows 1 KiB
    //                  apart"). Elsewhere any B of half of L2
    //                  or more: on an Intel Emerald Rapids rows from its
    //                  L3 wait as rows from memory do (GFLOP/s without /
    //                  with, oneDNN; one thread: 16 x 1000 x 1000 82 /
    //                  122, 131; 8 x 600 x 600, 1.4 MB, 111 / 139, 161;
    //                  31 x 517 x 1023 103 / 138, 142; 49 x 1000 x 2048 94
    //                  / 117, 152; 8 x 1000 x 250, 1 MB, 146 / 144, 170;
    //                  two threads: 8 x 2000 x 1000 100 / 189, 179;
    //                  docs/performance.md, "Rows of B from an Intel L3").
    %ahead_b_bytes = transform.tune.knob<"ahead_b_bytes"> = 8388608
        from options = [524288, 1048576, 2097152, 4194304, 8388608, 12582912, 16777216, 33554432, 67108864]
        {loom.sweep = false, loom.host_default = "min(stream_b_bytes, 3 * l3_bytes / 8) * zen + l2_bytes / 2 * (1 - zen)"} -> !transform.param<i64>
    //   page_stream_b_bytes: a matmul whose N is a page multiple, read in
    //                        place, whose B takes at least this many
    //                        bytes has its rows of B prefetched into L2 by
    //                        their stride, prefetch_ahead steps ahead (B
    //                        from memory); a smaller B into L1, a few steps
    //                        ahead (l1_prefetch_ahead and the like, below).
    //                        On a Zen, stream_b_bytes. Elsewhere eight
    //                        times it (twice L3 per thread): on an Intel
    //                        Emerald Rapids the near prefetch into L1 keeps
    //                        up with rows from its L3 (larger than
    //                        l3_bytes says), the far one into L2 does not,
    //                        up to some 32 MiB a thread (GFLOP/s with L2 /
    //                        L1 prefetches, oneDNN; one thread: 8 x 2048 x
    //                        2048 (16 MiB) 76 / 87, 89; 12 x 2048 x 2048
    //                        104 / 133; 14 x 2048 x 2048 116 / 139, 101; 8
    //                        x 2048 x 4096 (32 MiB) 79 / 89, 92; 14 x 2048
    //                        x 4096 115 / 137, 95; but 14 x 4096 x 4096 (64
    //                        MiB) 112 / 34, 65, 8 x 4096 x 4096 69 / 80,
    //                        81; two threads: 8 x 2048 x 2048 147 / 166,
    //                        172; 8 x 4096 x 4096 155 / 174, 175; 14 x 4096
    //                        x 4096 175 / 257, 151; docs/performance.md,
    //                        "Rows a page apart on an Intel").
    %page_stream_b_bytes = transform.tune.knob<"page_stream_b_bytes"> = 8388608
        from options = [1048576, 2097152, 4194304, 8388608, 16777216, 33554432, 67108864, 134217728, 268435456]
        {loom.sweep = false, loom.host_default = "stream_b_bytes * zen + 8 * stream_b_bytes * (1 - zen)"} -> !transform.param<i64>
    //   page_l3_b_bytes: a matmul whose N is a page multiple and whose B
    //                    takes at least stream_b_bytes but less than this
    //                    (a B that stays in L3 between calls, though
    //                    larger than a quarter of it) reads B in place
    //                    when it has fewer than three register tiles of
    //                    m_r rows, where a packed B would be copied by a
    //                    loop of its own (the first tile packs from three
    //                    on: pack_in_first); and its tiles of at most
    //                    in_place_m_r rows prefetch the rows of B into
    //                    L1 a few steps ahead, as from a smaller B, not
    //                    into L2 far ahead (a tile of 9-12 rows keeps
    //                    page_stream_b_bytes). On a Zen half of L3 per
    //                    thread, at most all of it (16 MiB on one thread,
    //                    32 on two, where stream_b_bytes is 8 and 16);
    //                    elsewhere stream_b_bytes, none such. On Zen 5,
    //                    one thread, rotated runs, GFLOP/s before / after,
    //                    oneDNN: packed then, 16 x 3072 x 768 (9 MiB) 143
    //                    / 164-176, 181; 13 x 3072 x 768 127 / 171, 160;
    //                    20 x 3072 x 768 131 / 145-158, 154; 23 x 2048 x
    //                    1280 131-142 / 166-182, 165-174; 18 x 3072 x
    //                    1024 117-123 / 152-161, 126-135; 16 x 1536 x
    //                    2048 (12 MiB) 142-149 / 171-173, 186-191; but
    //                    from 16 MiB packed is faster: 16 x 3072 x 2048
    //                    122-132 / 116-119, 132-135; 16 x 4096 x 2048 130
    //                    / 103, 117-123; and with three tiles too: 24 x
    //                    3072 x 1024 176 / 166-169, 178; prefetched into
    //                    L2 then: 8 x 2048 x 1280 (10 MiB) 134-136 / 197,
    //                    180-182; 8 x 2048 x 1024 143-180 / 202-204, 184;
    //                    8 x 1024 x 3072 124-149 / 161-183, 159-162; 6 x
    //                    2048 x 1280 153-160 / 187-193, 151-158; but one
    //                    tile of 12 rows lost: 12 x 3072 x 768 167-198 /
    //                    155-163, 146-150; 10 x 3072 x 768 147-196 /
    //                    139-180, 119-139; two threads, B of 16-24
    //                    MiB: 16 x 3072 x 1536 243-279 / 309-352,
    //                    334-356; 16 x 2048 x 2048 235-248 / 320-326,
    //                    316-334; 20 x 3072 x 1536 238-257 / 274-302,
    //                    288-302; but from all of L3 up packing is
    //                    faster: 16 x 4096 x 2560 (40 MiB) packed 250-273,
    //                    in place 205-225, oneDNN 287-290;
    //                    docs/performance.md, "B in L3, N a page
    //                    multiple").
    %page_l3_b_bytes = transform.tune.knob<"page_l3_b_bytes"> = 16777216
        from options = [1048576, 2097152, 4194304, 8388608, 12582912, 16777216, 25165824, 33554432, 67108864]
        {loom.sweep = false, loom.host_default = "max(stream_b_bytes, min(l3_bytes, l3_bytes / 2 * threads) * zen)"} -> !transform.param<i64>
    //   page_in_place_rows: a matmul whose N is a page multiple reads B
    //                       in place after all when it has at most this
    //                       many rows and its B stays in cache (less than
    //                       stream_b_bytes): rows of B a page apart, from
    //                       L3, prefetched a few steps ahead into L1
    //                       (l1_reread_prefetch_ahead, below), are read as
    //                       fast as packed ones and not copied (on Zen 5,
    //                       GFLOP/s in place against packed, one thread:
    //                       16 x 1024 x 1024 160 / 122, 24 x 1024 x 1024
    //                       162 / 137, 32 x 1024 x 1024 161 / 150, 16 x
    //                       2048 x 512 167 / 124, 48 x 1024 x 1024 173 /
    //                       161, but 64 x 1024 x 1024 171 / 177; two
    //                       threads: 16 x 1024 x 1024 292 / 169, 32 x 1024
    //                       x 1024 310 / 191, 48 x 1024 x 1024 325 / 223;
    //                       oneDNN 161, 163, 163, 171, 176, 174; 300, 333,
    //                       312). With more threads, more rows: 96 x
    //                       1024 x 1024 307 / 262, 128 x 1024 x 1024 308 /
    //                       274 on two (oneDNN 341, 278), 64 x 1024 x 1024
    //                       on one 172 / 187. From memory packing pays:
    //                       48 x 1024 x 2048 (8 MiB) 130 in place against
    //                       156. Only on Zen cores (host parameter zen):
    //                       on Intel Emerald Rapids the same kernels run
    //                       at half the speed of packing (one thread, 48
    //                       x 1024 x 1024 81 against 160, oneDNN 143),
    //                       whatever their blocking.
    %page_in_place_rows = transform.tune.knob<"page_in_place_rows"> = 48 from options = [0, 16, 24, 32, 48, 64, 96, 128]
        {loom.sweep = false, loom.host_default = "(6 * m_r + 10 * m_r * (threads > 1)) * zen"} -> !transform.param<i64>
    //   kib_in_place_rows: a matmul whose rows of B are a multiple of 1
    //                      KiB apart but not a page multiple (N a multiple
    //                      of 256: 256, 512, 768, 1280, 1792...) and whose
    //                      B streams from memory (at least stream_b_bytes)
    //                      reads B in place only when it has at most this
    //                      many rows (in_place_rows for the others): its
    //                      K blocks of B, half of L2 by their bytes, fall
    //                      on a half of L2's sets or less and overflow
    //                      them, where packed panels do not (on Zen 5,
    //                      one thread, GFLOP/s packed against in place: 64
    //                      x 768 x 3072 188 / 172, 128 x 768 x 3072 195 /
    //                      170, 64 x 1280 x 2048 194 / 171, 48 x 2304 x
    //                      1024 183 / 151, 96 x 1792 x 1536 198 / 177, 64 x
    //                      512 x 4096 190 / 159, 40 x 768 x 3072 183 /
    //                      175, 32 x 768 x 3072 175 / 172, but 24 x 1280 x
    //                      2048 162 / 172, 16 x 1280 x 2048 145 / 164, 16
    //                      x 768 x 3072 157 / 173; with N not such a
    //                      multiple in place stays faster: 64 x 640 x 4096
    //                      178 / 189, 64 x 1000 x 4000 179 / 185; and with
    //                      a B that stays in cache: 64 x 1280 x 1280 171 /
    //                      196, 64 x 768 x 1536 191 / 204). On two
    //                      threads too since the first register tile packs
    //                      (pack_in_first; before, in_place_rows was kept
    //                      there: 64 x 1280 x 4096 302 / 321): on Zen 5,
    //                      two threads, five rounds, 64 x 1280 x 4096 341
    //                      / 311, 128 x 1280 x 4096 378 / 328, 96 x 768 x
    //                      8192 329 / 312, 64 x 2560 x 2048 384 / 387,
    //                      48 x 2304 x 1024 386 / 382. Three register
    //                      tiles of rows since the packed path's K blocks
    //                      of such N are longer
    //                      (spread_k_block, below; on Zen 5, one thread,
    //                      GFLOP/s packed / in place: 32 x 2304 x 1024
    //                      164.7 / 141.4, 32 x 1280 x 2048 168.5 / 159.3,
    //                      28 x 768 x 3072 160.5 / 151.9, but 24 x 1280 x
    //                      2048 156.2 / 161.1).
    %kib_in_place_rows = transform.tune.knob<"kib_in_place_rows"> = 24 from options = [0, 16, 24, 32, 48, 64, 96, 128]
        {loom.sweep = false, loom.host_default = "3 * m_r"} -> !transform.param<i64>
    //   spread_in_place_rows: the most rows of a matmul whose N is not a
    //                         page multiple that reads B in place:
    //                         in_place_rows (which also bounds the short
    //                         K blocks of a packed B, below). From
    //                         2026-11-28 to 29 it was 4 m_r (32) on two
    //                         threads of a core that is not a Zen, where
    //                         packing was faster for more rows with tiles
    //                         of 8 rows read in place; with in_place_m_r's
    //                         12, in place is faster again (on an Intel
    //                         Emerald Rapids, two threads, GFLOP/s in
    //                         place / packed, oneDNN: 49 x 1000 x 2048 268
    //                         / 234, 292; 100 x 1000 x 300 277 / 258, 314;
    //                         64 x 768 x 3072 277 / 269, 334; 40 x 3000 x
    //                         1000 262 / 224, 293; 96 x 1000 x 1000 296 /
    //                         270, 321; 128 x 1500 x 1000 286 / 279, 312).
    %spread_in_place_rows = transform.tune.knob<"spread_in_place_rows"> = 128 from options = [0, 32, 64, 128, 256, 512]
        {loom.sweep = false, loom.host_default = "in_place_rows"} -> !transform.param<i64>
    // A B that is transposed ((n, k), as nn.Linear's x * W^T is written):
    // the paths below read B's rows or pack panels of its columns, and from
    // (n, k) each element of a row is a row of B^T apart. Such a matmul
    // (of more than dot_rows rows, below) takes the path that packs B
    // whatever its shape, and its panels are packed from B^T:
    // transform.loom.transpose_matmul_b makes B a linalg.transpose of B^T,
    // which folds into the pack (fold_into_pack_and_unpack, below). (Until
    // 2026-11-29 the transpose was a pass of its own, in 16 x 16 blocks
    // split among the threads, and the matmul took the path of its shape;
    // on an Intel Emerald Rapids, one thread, GFLOP/s then / now / oneDNN:
    // 128 x 4096 x 1024 113 / 137 / 138, 64 x 4096 x 4096 56 / 113 / 112,
    // and of few rows, which read the transposed copy in place, 32 x 3000
    // x 1000 62 / 112 / 99, 100 x 1000 x 2048 99 / 130 / 128:
    // docs/performance.md, "Packed from B^T".)
    //   dot_rows: a matmul of at most this many rows whose B is transposed
    //             is computed as dot products along K instead
    //             (@dot_blocked): the transpose would be most of its time
    //             (on Zen 5, one thread, GFLOP/s as dot products against
    //             transposed: 1 x 2048 x 2048 28 / 4, 8 x 2048 x 2048 75 /
    //             30, 16 x 2048 x 2048 58 / 45, 64 x 4096 x 4096 41 / 81);
    //   dot_narrow_rows: below this many rows, tiles of 4 columns (rows x
    //                    4 accumulators, fewer than the registers);
    //   dot_three_rows: from dot_narrow_rows on and below this many rows,
    //                   tiles of 3 columns (fewer accumulators than
    //                   registers again), from it on of 2 (on Zen 5, one
    //                   thread, GFLOP/s with 4 / 3 / 2 columns, rounds of
    //                   a noisy host: 7 x 2048 x 2048 77-94 / - / 58-75, 8
    //                   x 2048 x 2048 59-65 / 62-71 / 54-75, 10 x 2048 x
    //                   2048 - / 64-96 / 61-82, 12 x 2048 x 2048 36 with 4,
    //                   58-68 / 61-68 with 3 and 2, 16 x 2048 x 2048 - /
    //                   48-53 / 53-59: until 2026-11-29 tiles of 4 columns
    //                   up to 8 rows, whose 32 accumulators spilled).
    %dot_rows = transform.tune.knob<"dot_rows"> = 16 from options = [0, 4, 8, 12, 16, 24, 32]
        {loom.sweep = false, loom.host_default = "2 * m_r"} -> !transform.param<i64>
    %dot_narrow_rows = transform.tune.knob<"dot_narrow_rows"> = 8 from options = [0, 3, 4, 5, 7, 8, 9, 13, 17]
        {loom.sweep = false, loom.host_default = "vector_registers / 4"} -> !transform.param<i64>
    %dot_three_rows = transform.tune.knob<"dot_three_rows"> = 11 from options = [0, 4, 6, 8, 9, 11, 13, 17]
        {loom.sweep = false, loom.host_default = "vector_registers / 3 + 1"} -> !transform.param<i64>
    %target_d = transform.cast %target : !transform.any_op to !transform.any_op
    %dots, %target_bt, %target_t = transform.foreach %target_d
        : !transform.any_op -> !transform.any_op, !transform.any_op, !transform.any_op {
    ^bb0(%one_target: !transform.any_op):
      %one_rows, %one_cols = transform.include @rows_and_cols_of failures(propagate) (%one_target)
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
      %one_target_1, %dot_one, %bt_one, %other_one = transform.foreach_match restrict_root flatten_results
          in %one_target, %one_rows, %dot_rows
          @transposed_b_rows -> @first_of_three, @transposed_b_matmul -> @second_of_three,
          @other_matmul -> @third_of_three
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      transform.yield %dot_one, %bt_one, %other_one : !transform.any_op, !transform.any_op, !transform.any_op
    }
    %dot_funcs = transform.get_parent_op %dots {op_name = "func.func", deduplicate}
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %dots : !transform.any_op {
    ^bb0(%dot: !transform.any_op):
      %dot_m, %dot_n = transform.include @rows_and_cols_of failures(propagate) (%dot)
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
      %four = transform.param.constant 4 : i64 -> !transform.param<i64>
      %three = transform.param.constant 3 : i64 -> !transform.param<i64>
      %two = transform.param.constant 2 : i64 -> !transform.param<i64>
      %dot_1, %dot_wide_cols = transform.foreach_match restrict_root flatten_results
          in %dot, %dot_m, %dot_three_rows, %three, %two
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %dot_2, %dot_cols = transform.foreach_match restrict_root flatten_results
          in %dot_1, %dot_m, %dot_narrow_rows, %four, %dot_wide_cols
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      transform.include @dot_blocked failures(propagate) (%dot_2, %dot_cols)
        : (!transform.any_op, !transform.param<i64>) -> ()
    }
    // The sums of each dot tile's lanes by halves (log2(16) vector steps),
    // not 15 dependent scalar adds per sum: 8 x 512 x 256 ran at 92-121
    // GFLOP/s with the scalar adds, 139-169 by halves (one thread, Zen 5;
    // oneDNN 117-136). Once per function that has dot products.
    transform.apply_patterns to %dot_funcs {
      transform.apply_patterns.loom.reduction_tree
    } : !transform.any_op
    %bt_matmuls, %b_transposes = transform.loom.transpose_matmul_b %target_bt
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // The foreach_match sorts each matmul into %few, %in_place or %many.
    %few, %in_place, %many = transform.foreach %target_t
        : !transform.any_op -> !transform.any_op, !transform.any_op, !transform.any_op {
    ^bb0(%one_target: !transform.any_op):
      %target_rows, %target_cols = transform.include @rows_and_cols_of failures(propagate) (%one_target)
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
      // The most rows it may have to read B in place: spread_in_place_rows;
      // page_in_place_rows when N is a page multiple and B stays in
      // cache; when N is and B takes stream_b_bytes or more but less than
      // page_l3_b_bytes, its rows if they are fewer than three register
      // tiles, else none (0); none from page_l3_b_bytes up (selects).
      %no_rows = transform.param.constant 0 : i64 -> !transform.param<i64>
      %target_3, %l3_rows = transform.foreach_match restrict_root flatten_results
          in %one_target, %target_rows, %three_tiles, %target_rows, %no_rows
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %target_s, %cache_rows = transform.foreach_match restrict_root flatten_results
          in %target_3, %stream_b_bytes, %l3_rows, %page_in_place_rows
          @large_b -> @forward_param, @small_b -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %target_a, %page_rows = transform.foreach_match restrict_root flatten_results
          in %target_s, %page_l3_b_bytes, %no_rows, %cache_rows
          @large_b -> @forward_param, @small_b -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // (kib_in_place_rows when N is a multiple of 256, not of a page,
      // and B streams.)
      %target_k, %kib_rows = transform.foreach_match restrict_root flatten_results
          in %target_a, %stream_b_bytes, %kib_in_place_rows, %spread_in_place_rows
          @large_b -> @forward_param, @small_b -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %target_l, %other_rows = transform.foreach_match restrict_root flatten_results
          in %target_k, %kib_rows, %spread_in_place_rows
          @kib_cols -> @forward_param, @other_cols -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %target_b, %in_place_limit = transform.foreach_match restrict_root flatten_results
          in %target_l, %page_rows, %other_rows
          @page_cols -> @forward_param, @other_cols -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // The most rows one register tile takes: page_one_tile_m_r when N
      // is a page multiple, one_tile_m_r otherwise.
      %target_c, %tile_limit = transform.foreach_match restrict_root flatten_results
          in %target_b, %page_one_tile_m_r, %one_tile_m_r
          @page_cols -> @forward_param, @other_cols -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %target_1, %f, %i, %m = transform.foreach_match restrict_root flatten_results
          in %target_c, %target_rows, %few_rows, %in_place_limit, %tile_limit
          @few_rows_only -> @first_of_three, @one_row_tile -> @second_of_three,
          @in_place_shape -> @second_of_three, @any_matmul -> @third_of_three
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      transform.yield %f, %i, %m : !transform.any_op, !transform.any_op, !transform.any_op
    }
    //   n_r: columns of the register tile, two vectors (region 0: 16
    //        columns, region 1: 32);
    %matmul = transform.merge_handles %many, %bt_matmuls : !transform.any_op
    %compute, %pack_b, %rows, %cols = transform.tune.alternatives<"n_r"> selected_region = 1
        attributes {loom.host_default = "vector_bytes / 64"}
        -> !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64> {
      %c, %p, %m, %n = transform.include @split_pack_b_16 failures(propagate) (%matmul)
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>)
      transform.yield %c, %p, %m, %n : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
    }, {
      %c, %p, %m, %n = transform.include @split_pack_b_32 failures(propagate) (%matmul)
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>)
      transform.yield %c, %p, %m, %n : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>
    }
    // A transposed B (above) is packed from B^T: the transpose folds
    // into the pack (a pack of (n, k) in panels of n_r rows), also where
    // the matmul was split into its whole panels and the rest, each
    // reading a slice of B (the slice moved before the transpose).
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.slice_before_transpose
      transform.apply_patterns.tensor.fold_into_pack_and_unpack
    } : !transform.any_op
    //   k_block: the k_block x n_r panel of B that one register tile
    //            streams stays in a third of L1;
    %k = transform.tune.knob<"k_block"> = 256 from options = [64, 128, 256, 512]
        {loom.host_default = "l1d_bytes / (3 * vector_bytes)"} -> !transform.param<i64>
    //   tall_k_block: the K block of a matmul of at least twice as many
    //                 rows as columns (of B packed per K block or before
    //                 the loops, more than stream_rows rows): A, the larger
    //                 operand, is read once per block of columns (one or a
    //                 few), and longer K blocks read its rows in longer
    //                 runs (on an Intel Emerald Rapids, one thread,
    //                 GFLOP/s with K blocks of 512 against 256, oneDNN:
    //                 4096 x 16 x 4096 110 / 101, 113; 2000 x 64 x 2000
    //                 157 / 148, 155; 777 x 333 x 555 148 / 141, 160;
    //                 the tuned records of 4096 x 64 x 4096 on one thread
    //                 chose 512 on Zen 5 and on this CPU, where the other
    //                 shapes' mostly kept 256: 1536 x 1536 x 1536 158 /
    //                 159, 256 x 6400 x 1600 150 / 155);
    %tall_k_block = transform.tune.knob<"tall_k_block"> = 512 from options = [64, 128, 256, 512, 1024]
        {loom.sweep = false, loom.host_default = "2 * k_block"} -> !transform.param<i64>
    //   n_panels: columns of a cache tile in panels of n_r, so that the
    //             k_block x columns block of B takes a quarter of L2;
    %n_panels = transform.tune.knob<"n_panels"> = 8 from options = [1, 2, 4, 8, 16, 32]
        {loom.host_default = "l2_bytes / (8 * k_block * vector_bytes)"} -> !transform.param<i64>
    //   m_c: rows of a cache tile, a multiple of m_r such that its tile of
    //        C (m_c x n_panels x n_r, n_r two vectors) takes half of L2.
    //        Since the row tiles are inside the K blocks, a block of B in
    //        L2 serves every row whatever m_c (on Zen 5, 128 rows against
    //        512: 2048 x 2048 x 2048 202 against 203 GFLOP/s;
    //        docs/performance.md);
    %m_c = transform.tune.knob<"m_c"> = 512 from options = [16, 32, 48, 64, 96, 128, 192, 256, 384, 512, 1024]
        {loom.host_default = "m_r * (l2_bytes / (4 * n_panels * vector_bytes * m_r))"} -> !transform.param<i64>
    //   one_tile_rows: a matmul of fewer rows has one cache tile of all of
    //                  them rather than tiles of m_c: two tiles, the second
    //                  partial, would leave the rows of the second after its
    //                  register tiles in a dynamic number of single-row
    //                  tiles (on Zen 5, 333 x 777 x 555 with m_c = 256:
    //                  one tile of 333 rows 186 GFLOP/s against 180 with
    //                  256 + 77 rows, two threads 380 against 355);
    %one_tile_rows = transform.tune.knob<"one_tile_rows"> = 1024 from options = [32, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 2048]
        {loom.sweep = false, loom.host_default = "2 * m_c"} -> !transform.param<i64>
    //   thread_parts: parts of C, and of the packing of B before the
    //                 loops, one per thread.
    %thread_parts = transform.tune.knob<"thread_parts"> = 1 from options = [1, 2, 4, 8, 16, 32, 64]
        {loom.host_default = "threads"} -> !transform.param<i64>
    //   split_cols_ratio: the threads split the columns of C when N is
    //                     more than this many times M, its rows otherwise
    //                     (of a matmul whose B is packed). Each thread then packs
    //                     all of B, where splitting the columns packs a part
    //                     each, but reads each tile of A for all the
    //                     columns: with N from M to twice M splitting the
    //                     rows is faster (on Zen 5, two threads, GFLOP/s
    //                     rows / columns, oneDNN, two rotated rounds: 196 x
    //                     256 x 1024 352-366 / 314-324, 346-370; 400 x 700 x
    //                     1000 342 / 302-303, 354-358; 333 x 600 x 555
    //                     324-327 / 261-275, 346-351; 512 x 768 x 3072 393 /
    //                     367-372, 384-400; 300 x 500 x 2000 294-302 /
    //                     275-285, 324-341), from four times M slower (150 x
    //                     2000 x 500 331-335 / 370-372, 399-403; 300 x 4096 x
    //                     1024 354-359 / 377-379, 339-340; 256 x 1024 x 1024
    //                     376-378 / 384-386, 323-328; docs/performance.md,
    //                     "Threads on the rows up to twice as many columns").
    %split_cols_ratio = transform.tune.knob<"split_cols_ratio"> = 2 from options = [1, 2, 3, 4, 8]
        {loom.sweep = false} -> !transform.param<i64>

    // Pack B with 8 x n_r vector copies, 8 rows of a group of panels at a
    // time (the last K rows in a remainder loop): the group spans up to
    // 4 KiB of each row of B (a page: the hardware prefetchers stop at page
    // boundaries). Walking down one panel instead reads 128 bytes per row,
    // 16 KiB apart at N = 4096: every access misses and the packing runs at
    // a fifth of the memory bandwidth.
    //   pack_b_rows: B is packed per K block of each column block, inside
    //                the K loop, when the matmul has at most this many rows
    //                (M), and all of B before the loops otherwise. Per K
    //                block, the packed block stays in L2 and packed B is
    //                never written to memory, but every thread splitting
    //                the rows packs all of B, and the packing waits for the
    //                rows of B, 1 KiB of each, unless prefetch_bytes covers
    //                the next block: it pays when M is small (on Zen 5,
    //                64 x 4096 x 4096: 155 against 128 GFLOP/s), not at
    //                2048 (177 against 193; docs/performance.md);
    //   pack_panels: panels of a group before the loops, a page of a row of
    //                B (n_r = 32 columns of 4 bytes: 128 bytes per panel).
    %pack_b_rows = transform.tune.knob<"pack_b_rows"> = 1024 from options = [0, 64, 128, 256, 512, 1024, 4096]
        {loom.host_default = "2 * m_c"} -> !transform.param<i64>
    %pack_panels = transform.tune.knob<"pack_panels"> = 32 from options = [16, 32, 64]
        {loom.host_default = "4096 / (64 * (n_r + 1))"} -> !transform.param<i64>
    //   prefetch_bytes: when B is packed per K block, the blocks of the
    //                   next K block (of A and B, as long as they add up to
    //                   at most this many bytes) are prefetched into L2
    //                   while this block computes, a line every few
    //                   iterations of the register tile
    //                   (loom-prefetch-next-iteration): the packing then
    //                   copies from L2 instead of waiting for memory (on
    //                   Zen 5, 64 x 4096 x 4096: 155 -> 190 GFLOP/s). A
    //                   quarter of L2, so that the blocks in use stay;
    //                   a block whose rows cover few of a page's line
    //                   offsets counts for the sets it fills (1 KiB of
    //                   rows 4 KiB apart: four times its bytes), so that
    //                   384 x 1024 x 1024 prefetches nothing (on Zen 5,
    //                   two threads: 313 GFLOP/s against 226-373 between
    //                   processes; 1024 on one thread loses 1-2%: a
    //                   record may take all of L2, 1048576);
    //                   When B is packed before the loops, the rows of A
    //                   of the next register tile are prefetched instead,
    //                   within the same bound (on Zen 5, one thread, 2048:
    //                   181 -> 189-194 GFLOP/s in three runs, 172 -> 168 in
    //                   a fourth: docs/performance.md, "The rows of A");
    //                   0 turns both off.
    %prefetch_bytes = transform.tune.knob<"prefetch_bytes"> = 262144 from options = [0, 65536, 131072, 262144, 524288, 1048576]
        {loom.host_default = "l2_bytes / 4"} -> !transform.param<i64>
    //   prefetch_c: the tile of C of a packed register tile's next panel
    //               is prefetched while this one computes, a line every
    //               few steps of its k loop (loom-prefetch-next-iteration
    //               on the loop over the panels, the blocks it writes
    //               only): 2 into L2, 1 into L1, 0 not. The tile's loads of
    //               C, 2 KiB or more apart and last touched a K block ago,
    //               had 4% of the samples of 512 x 512 x 512 (perf); on an
    //               Emerald Rapids, one thread, nine rotated rounds: 512
    //               166.4 GFLOP/s against 162.6 without, 2048 158.2
    //               against 155.0 (into L1: 167.6, 159.5, within the
    //               noise of L2; docs/performance.md, "The tile of C of
    //               the next panel"). Not measured on a Zen core, where it
    //               stays off as before (0).
    %prefetch_c = transform.tune.knob<"prefetch_c"> = 2 from options = [0, 1, 2]
        {loom.host_default = "2 * (1 - zen)"} -> !transform.param<i64>
    // (Its budget: 1 MiB, more than any register tile's tile of C weighs,
    // or 0; only the blocks the loop writes count.)
    %mebibyte = transform.param.constant 1048576 : i64 -> !transform.param<i64>
    %c_prefetch_bytes = transform.loom.param.mul %prefetch_c, %mebibyte
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    //   pack_in_first: when B is packed per K block and a cache tile holds
    //                  all the rows (at least 3 x m_r of them), the first
    //                  register tile of rows packs the block as it reads
    //                  it (loom-pack-in-first-tile: it reads B in place
    //                  and stores each vector it loads into the packed
    //                  block, as oneDNN's sgemm does), so that the copy's
    //                  loads overlap FMAs (on Zen 5, one thread, 64 x 1280
    //                  x 4096: 193 GFLOP/s against 185; docs/
    //                  performance.md, "Packing in the first tile"); 0
    //                  packs the block before its tiles.
    %pack_in_first = transform.tune.knob<"pack_in_first"> = 1 from options = [0, 1]
        {loom.sweep = false} -> !transform.param<i64>
    //   pack_in_first_ahead: the first register tile, which reads B in
    //                  place, prefetches its rows this many k steps ahead
    //                  into L1 (loom-prefetch-ahead; not rows a page
    //                  multiple apart), as many rows in flight as 128
    //                  FMAs of its k loop take: without, its loads wait for
    //                  L2 or memory whenever the prefetched block is not
    //                  there (on Zen 5, one thread, 64 x 768 x 3072 in the
    //                  host's slow minutes: 0.90 of oneDNN without, 0.96
    //                  with 16; docs/performance.md, "Rows ahead in the
    //                  first tile"); 0 turns it off.
    %pack_in_first_ahead = transform.tune.knob<"pack_in_first_ahead"> = 16 from options = [0, 4, 8, 16, 32, 64]
        {loom.sweep = false, loom.host_default = "128 / m_r"} -> !transform.param<i64>
    //   short_k_block, short_n_panels: the K block and the panels of a
    //                  cache tile of a matmul of at most in_place_rows
    //                  rows whose B is packed (N a page multiple): K
    //                  blocks of rows of half a page of B (n_r = 32: 16
    //                  panels of 128 bytes), as many as take an eighth of
    //                  L2. Each block serves few register tiles of rows,
    //                  so its copy counts: long stretches of fewer rows of
    //                  B are read faster than a quarter of a page of 256
    //                  rows (on Zen 5, 16 x 4096 x 4096: 146 GFLOP/s
    //                  against 94-107 with 256 x 8 panels; 48 x 1024 x
    //                  2048 186-189 against 166-180); half a page rather
    //                  than a whole one keeps the blocks, the next one
    //                  prefetched and C's in L2 when the host is busy (on
    //                  2026-11-25, four rotated rounds, GFLOP/s with 16
    //                  panels against 32: 64 x 4096 x 4096 180.5 / 175.6,
    //                  32 x 2048 x 2048 169.1 / 157.0, 48 x 1024 x 2048
    //                  178.2 / 174.9, 128 x 3072 x 768 184.8 / 179.1, but
    //                  128 x 4096 x 4096 183.3 / 184.5, 16 x 4096 x 4096
    //                  132.1 / 134.0).
    %short_k_block = transform.tune.knob<"short_k_block"> = 64 from options = [32, 64, 128, 256, 512]
        {loom.sweep = false, loom.host_default = "l2_bytes / 16384"} -> !transform.param<i64>
    %short_n_panels = transform.tune.knob<"short_n_panels"> = 16 from options = [4, 8, 16, 32, 64]
        {loom.sweep = false, loom.host_default = "2048 / (64 * (n_r + 1))"} -> !transform.param<i64>
    //   spread_k_block, spread_n_panels: the same for such a matmul whose
    //                  N is not a multiple of 1024 (1536, 2560, 768...:
    //                  rows of B that spread over more cache sets and
    //                  pages than rows 4 KiB apart do): K blocks of twice
    //                  the rows, half the panels each (the same bytes),
    //                  whose register tiles store and load C half as often
    //                  (on Zen 5, one thread, five rotated rounds, GFLOP/s
    //                  with 128 x 8 panels against 64 x 16: 64 x 768 x
    //                  3072 194.3 / 179.5, 64 x 2560 x 1024 189.3 / 180.0,
    //                  112 x 1280 x 2048 200.3 / 191.9, 32 x 1536 x 4096
    //                  160.9 / 153.2, faster on 9 of 11 such shapes, but
    //                  40 x 3584 x 1024 174.0 / 177.1, 16 x 1536 x 4096
    //                  121.6 / 127.5; two threads 32 x 1536 x 4096 332.0 /
    //                  261.8; with N a multiple of 1024 the rows of the
    //                  longer block, each a page or more apart, are copied
    //                  slower: 16 x 4096 x 4096 87.1 / 136.4, 32 x 2048 x
    //                  2048 151.1 / 166.9; docs/performance.md, "Short K
    //                  blocks of rows that spread").
    %spread_k_block = transform.tune.knob<"spread_k_block"> = 128 from options = [32, 64, 128, 256, 512]
        {loom.sweep = false, loom.host_default = "2 * short_k_block"} -> !transform.param<i64>
    %spread_n_panels = transform.tune.knob<"spread_n_panels"> = 8 from options = [4, 8, 16, 32, 64]
        {loom.sweep = false, loom.host_default = "short_n_panels / 2"} -> !transform.param<i64>
    //   stream_k_block, stream_rows: the K block of a matmul whose B is
    //                  packed per K block and streams from memory (at
    //                  least stream_b_bytes, above) and whose rows are few
    //                  (at most stream_rows).
    //                  Its next K block of B is prefetched into L2 while
    //                  this one computes, where this block, its packed
    //                  copy, A's slice and C's block of all the rows are
    //                  too: half of k_block keeps them all in L2 for as
    //                  many rows as stream_rows, (L2 - 3 blocks of B) /
    //                  (a row of A's slice and of C's block). With more
    //                  rows C no longer stays in L2 and the longer K block,
    //                  which passes over C fewer times, is faster; with a
    //                  B that stays in cache, the prefetch matters less
    //                  (on Zen 5, one thread, GFLOP/s with K blocks of 256
    //                  against 128: 192 x 11008 x 4096 182 / 191, 256 x
    //                  6400 x 1600 189 / 199, 160 x 4000 x 1024 177 / 184;
    //                  512 x 4000 x 1024 188 / 185; 192 x 768 x 768 206
    //                  / 203). stream_n_panels: its panels. A Zen
    //                  core halves k_block; another one (an Intel
    //                  Emerald Rapids, whose L2 of 2 MiB holds C's block
    //                  either way) halves the panels instead, a block of
    //                  the same bytes that passes over C half as many
    //                  times (one thread, GFLOP/s with 256 x 8 panels
    //                  against 128 x 16, 256 x 16, oneDNN: 512 x 768 x
    //                  3072 161.6 / 154.7, 158.5, 169.3; 192 x 11008 x 4096
    //                  158.7 / 153.5, 152.2, 137.4; docs/performance.md,
    //                  "The tile of C of the next panel").
    %stream_k_block = transform.tune.knob<"stream_k_block"> = 128 from options = [32, 64, 128, 256, 512]
        {loom.sweep = false, loom.host_default = "k_block / (1 + zen)"} -> !transform.param<i64>
    %stream_n_panels = transform.tune.knob<"stream_n_panels"> = 8 from options = [1, 2, 4, 8, 16, 32]
        {loom.sweep = false, loom.host_default = "n_panels / (2 - zen)"} -> !transform.param<i64>
    %stream_rows = transform.tune.knob<"stream_rows"> = 384 from options = [0, 128, 192, 256, 320, 384, 448, 512]
        {loom.sweep = false,
         loom.host_default = "(l2_bytes - 3 * stream_k_block * stream_n_panels * vector_bytes * 2) / ((stream_k_block + stream_n_panels * vector_bytes / 2) * 4)"}
        -> !transform.param<i64>
    //   join_rows: rows left over after the register tiles of m_r rows
    //              join the last tile when they are at most this many
    //              (half of the rows the registers have left: 8 + 3 rows
    //              x 2 vectors); alone, a tile of 1 x 32 has two
    //              accumulators, too few to hide the FMA's latency (on
    //              Zen 5, 49 x 1000 x 2048: 190 GFLOP/s with 40 + 9 rows
    //              against 149 with 48 + 1).
    %join_rows = transform.tune.knob<"join_rows"> = 3 from options = [0, 1, 2, 3, 4, 6]
        {loom.sweep = false, loom.host_default = "((vector_registers - 3) / 2 - m_r) / 2"} -> !transform.param<i64>
    //   in_place_m_r: rows of the register tiles of a matmul reading B in
    //                 place with more rows than one register tile takes
    //                 (one_tile_m_r), each tile reading B once: m_r on a
    //                 Zen; elsewhere three quarters of the registers, as
    //                 one_tile_m_r on a Zen (12 rows with 32): on an Intel
    //                 Emerald Rapids B read fewer times outweighs rows of
    //                 A that are not packed (one thread, GFLOP/s with 12
    //                 against 8, oneDNN: 24 x 4000 x 1000 131 / 117, 138;
    //                 49 x 1000 x 2048 145 / 130, 149; 100 x 1000 x 300
    //                 158 / 139, 161; docs/performance.md, "Register tiles
    //                 of 12 rows reading B in place on an Intel").
    %in_place_m_r = transform.tune.knob<"in_place_m_r"> = 8 from options = [1, 2, 4, 6, 8, 12, 14]
        {loom.sweep = false, loom.host_default = "m_r * zen + 3 * vector_registers / 8 * (1 - zen)"} -> !transform.param<i64>
    //   in_place_join_rows: join_rows for those tiles.
    %in_place_join_rows = transform.tune.knob<"in_place_join_rows"> = 3 from options = [0, 1, 2, 3, 4, 6]
        {loom.sweep = false, loom.host_default = "((vector_registers - 3) / 2 - in_place_m_r) / 2"} -> !transform.param<i64>
    //   balance_rows: more rows left over than that join (and at most
    //                 this many) and the last whole register tile of a
    //                 matmul reading B in place become two tiles of nearly
    //                 the same rows (transform.loom.split_full_tiles'
    //                 balance_rest): 14 rows in wide tiles of 6 are 6 + 4 +
    //                 4, not 6 + 6 + 2, whose tile of 2 rows has too few
    //                 accumulators to hide the FMA's latency; 20 in tiles of
    //                 8 are 8 + 6 + 6 (on Zen 5, one thread, GFLOP/s
    //                 balanced against not, oneDNN: 14 x 1024 x 1024 154 /
    //                 144, 152; 20 x 1024 x 1024 158 / 149, 143; 32 x 1024 x
    //                 1024 171 / 166, 162; 20 x 1000 x 1000 177 / 168, 166;
    //                 two threads: 14 x 1024 x 1024 293 / 273, 274).
    //                 in_place_m_r: every rest is balanced.
    %balance_rows = transform.tune.knob<"balance_rows"> = 8 from options = [0, 2, 4, 6, 8, 12, 14]
        {loom.sweep = false, loom.host_default = "in_place_m_r"} -> !transform.param<i64>
    //   ahead_m_r, ahead_join_rows: in_place_m_r and in_place_join_rows
    //                 of a matmul reading B in place whose rows of B are
    //                 prefetched ahead (ahead_b_bytes, kib_ahead_b_bytes: B
    //                 streams from memory), N not a page multiple: three
    //                 quarters of the registers on every core, 12 rows with
    //                 32, as in_place_m_r off a Zen. Each tile of rows reads
    //                 the K block of B again, from L2 where the lines
    //                 prefetched ahead compete for the same sets; fewer
    //                 tiles read it fewer times, and that outweighs the
    //                 rows of A that are not packed, which keep m_r's 8 for
    //                 a B in cache on a Zen (on Zen 5, GFLOP/s with 12 rows
    //                 against 8, oneDNN, three rotated rounds, one thread:
    //                 20 x 768 x 4096 190-196 / 151-154, 183-184; 24 x 768 x
    //                 4096 189-192 / 164-165, 187-194; 40 x 1000 x 4096
    //                 180-184 / 169-172, 175-181; 28 x 1000 x 4000 190-193 /
    //                 172-180, 172-174; 100 x 1000 x 3500 192-200 / 183-187,
    //                 179-188; 24 x 4000 x 1000 194-199 / 187-189, 188-191;
    //                 two threads: 20 x 768 x 4096 295-305 / 235-237, 304-313;
    //                 40 x 1000 x 4096 352-354 / 338-342, 360-366; but a B in
    //                 cache: 49 x 1000 x 2048 174-180 / 176-191, 188, two
    //                 threads 331-342 / 344-354, 341-345; 49 x 512 x 2048,
    //                 two threads, 297-302 / 350-356, 300-307;
    //                 docs/performance.md, "Tiles of 12 rows for a B that
    //                 streams").
    %ahead_m_r = transform.tune.knob<"ahead_m_r"> = 12 from options = [1, 2, 4, 6, 8, 12, 14]
        {loom.sweep = false, loom.host_default = "3 * vector_registers / 8"} -> !transform.param<i64>
    %ahead_join_rows = transform.tune.knob<"ahead_join_rows"> = 1 from options = [0, 1, 2, 3, 4, 6]
        {loom.sweep = false, loom.host_default = "((vector_registers - 3) / 2 - ahead_m_r) / 2"} -> !transform.param<i64>
    //   narrow_cols, narrow_m_r: a register tile of fewer columns than
    //              narrow_cols (a vector's lanes: the columns left over
    //              when B is read in place, 8 of 1000) has narrow_m_r
    //              rows, so that its accumulators, one vector per row,
    //              are as many as a full tile's (16 x 8, not 8 x 8).
    %narrow_cols = transform.tune.knob<"narrow_cols"> = 16 from options = [4, 8, 16, 32]
        {loom.sweep = false, loom.host_default = "vector_bytes / 4"} -> !transform.param<i64>
    %narrow_m_r = transform.tune.knob<"narrow_m_r"> = 16 from options = [4, 8, 12, 16, 24, 28]
        {loom.sweep = false, loom.host_default = "2 * m_r"} -> !transform.param<i64>
    //   rest_row_panels: panels of a single-row tile of the rows left
    //              over when their number is dynamic (a thread's part of
    //              389 rows of 777 on two threads): m_r / 2, so that its
    //              accumulators (two vectors a panel) hide the FMA's
    //              latency as a full tile's do (on Zen 5, two threads,
    //              777 x 333 x 555: 381 GFLOP/s against 376 with
    //              single-row tiles of one panel; 776 rows, no rows left
    //              over, 379).
    %rest_row_panels = transform.tune.knob<"rest_row_panels"> = 4 from options = [1, 2, 3, 4, 6, 8]
        {loom.sweep = false, loom.host_default = "m_r / 2"} -> !transform.param<i64>

    // Each part of the split (one, or the full panels and the rest) is
    // tiled on its own.
    transform.foreach %compute, %pack_b, %rows, %cols : !transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64> {
    ^bb0(%part_compute: !transform.any_op, %part_pack_b: !transform.any_op,
         %part_rows: !transform.param<i64>, %part_cols: !transform.param<i64>):
      // Loops of the packed op: (m, n / n_r, k, n % n_r). The threads split
      // the rows of C when N <= split_cols_ratio x M (%tall holds the op),
      // its columns otherwise (%wide): each thread reads its part of A and
      // all of B, or its part of B and all of A (the foreach_match is an
      // if, as below). Splitting
      // the parts evenly, rather than handing out cache tiles, keeps odd
      // shapes balanced (333 x 777 x 555 on 2 threads: 297 against 227
      // GFLOP/s with 128-row tiles).
      %wide_cols = transform.loom.param.mul %part_rows, %split_cols_ratio
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
      %compute_1, %tall, %wide = transform.foreach_match restrict_root flatten_results
          in %part_compute, %part_cols, %wide_cols @at_most -> @first_of_two, @otherwise -> @second_of_two
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
      // A thread's rows: an even part rounded up to a multiple of m_r
      // (at most all the rows), so that only the last part has rows left
      // over, where even parts each have some, which go to single-row
      // tiles (1000 rows on two threads: 504 + 496, not 500 + 500 with
      // four rows over in each; Emerald Rapids, six rotated rounds: 315
      // against 308 GFLOP/s; 777 x 333 x 555, 392 + 385: 298 against 294).
      %rows_step = transform.loom.param.mul %thread_parts, %m_r
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
      %thread_tiles = transform.loom.param.ceil_div %part_rows, %rows_step
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
      %thread_rows_up = transform.loom.param.mul %thread_tiles, %m_r
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
      %thread_rows = transform.loom.param.min %thread_rows_up, %part_rows
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
      %part_m, %forall_m = transform.structured.tile_using_forall %tall
          tile_sizes [%thread_rows, 0]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
      %part_n, %forall_n = transform.structured.tile_using_forall %wide
          num_threads [0, %thread_parts]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
      %thread_part = transform.merge_handles %part_m, %part_n : !transform.any_op
      %forall = transform.merge_handles %forall_m, %forall_n : !transform.any_op
      // Rows of a cache tile: m_c, or all the rows when there are fewer
      // than one_tile_rows, so that the tile's rows stay static (a last,
      // partial tile of m_c would have a size the rows left over could not
      // be told from, and they would go to single-row tiles).
      // (A select: rows < one_tile_rows ? rows : m_c.)
      %thread_part_1, %m_c_rows = transform.foreach_match restrict_root flatten_results
          in %thread_part, %part_rows, %one_tile_rows, %part_rows, %m_c
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // K block and panels of a cache tile: short_* for a matmul of at
      // most in_place_rows rows; stream_k_block for one of at most
      // stream_rows rows whose B, packed per K block, streams from memory.
      // (spread_* for the short pair when N is not a multiple of 1024.)
      %thread_part_s, %part_short_k = transform.foreach_match restrict_root flatten_results
          in %thread_part_1, %part_cols, %short_k_block, %spread_k_block
          @whole_pages -> @forward_param, @not_whole_pages -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %thread_part_t, %part_short_panels = transform.foreach_match restrict_root flatten_results
          in %thread_part_s, %part_cols, %short_n_panels, %spread_n_panels
          @whole_pages -> @forward_param, @not_whole_pages -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // (tall_k_block for a part of at least twice as many rows as
      // columns.)
      %two_cols = transform.param.constant 2 : i64 -> !transform.param<i64>
      %twice_cols = transform.loom.param.mul %part_cols, %two_cols
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
      %thread_part_l, %part_long_k = transform.foreach_match restrict_root flatten_results
          in %thread_part_t, %part_rows, %twice_cols, %k, %tall_k_block
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %thread_part_2, %part_k, %part_n_panels = transform.foreach_match restrict_root flatten_results
          in %thread_part_l, %part_rows, %in_place_rows, %part_short_k, %part_short_panels, %part_long_k, %n_panels,
             %stream_rows, %stream_k_block, %pack_b_rows, %stream_b_bytes, %stream_n_panels
          @short_rows -> @forward_two_params, @streamed_b -> @forward_two_params,
          @long_rows -> @forward_two_params
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      // Loops, outermost first: columns of the cache tile (n_panels
      // panels), K blocks, rows of the cache tile (m_c), as GotoBLAS
      // orders them: a k_block x columns block of packed B stays in L2
      // while the register tiles of every row of the thread's part pass
      // over it, where rows outside K blocks read it from memory once per
      // m_c rows (on Zen 5, one thread, six rounds: 2048 192 against 187
      // GFLOP/s, 1536 197 against 193, 1024 195 against 193; the other
      // matmuls of the peers suite within 1%: docs/performance.md).
      %cache_tile, %n_c_loop, %k_loop = transform.structured.tile_using_for %thread_part_2
          tile_sizes [0, %part_n_panels, %part_k, 0]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)

      // The foreach_match is an if: %per_block holds the pack when M <=
      // pack_b_rows and %before is empty, or the other way round.
      %pack_1, %per_block, %before = transform.foreach_match restrict_root flatten_results
          in %part_pack_b, %part_rows, %pack_b_rows @at_most -> @first_of_two, @otherwise -> @second_of_two
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.foreach %per_block : !transform.any_op {
      ^bb0(%block_pack: !transform.any_op):
        %in_part, %forall_fused = transform.structured.fuse_into_containing_op %block_pack into %forall
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
        %in_cache_tile, %n_c_fused = transform.structured.fuse_into_containing_op %in_part into %n_c_loop
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
        %in_k_block, %k_loop_fused = transform.structured.fuse_into_containing_op %in_cache_tile into %k_loop
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
        transform.annotate %k_loop_fused "loom.prefetch_next" = %prefetch_bytes
          : !transform.any_op, !transform.param<i64>
        // (Peeled at the end when K is not a multiple of the K block:
        // @peel_k_blocks.)
        transform.annotate %k_loop_fused "loom.peel_k_blocks" : !transform.any_op
        transform.include @pack_rows_then_panels failures(propagate) (%in_k_block)
          : (!transform.any_op) -> ()
      }
      transform.foreach %before : !transform.any_op {
      ^bb0(%all_pack: !transform.any_op):
        %pack_part, %pack_forall = transform.structured.tile_using_forall %all_pack
            num_threads [%thread_parts]
          : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
        %pack_group, %pack_group_loop = transform.structured.tile_using_for %pack_part
            tile_sizes [%pack_panels, 0]
          : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
        transform.include @pack_rows_then_panels failures(propagate) (%pack_group)
          : (!transform.any_op) -> ()
      }
      // The rows of the cache tile: a loop inside the K loop and after the
      // packing of a K block, whose block serves them all.
      %k_block, %m_c_loop = transform.structured.tile_using_for %cache_tile
          tile_sizes [%m_c_rows, 0, 0, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)

      // The rows of A the next register tile reads (m_r x k_block) are
      // prefetched into L2 while this one computes (prefetch_bytes) when B
      // is packed before the loops (pack_b_rows < rows, the condition of
      // the pack's place above): A is read in place, in short rows that
      // were last read a whole pass over A ago (the previous column block)
      // (loom-prefetch-next-iteration). Not when B is packed per K block,
      // whose next block is prefetched then (on Zen 5, 64 x 4096 x 4096:
      // 127 GFLOP/s with both against 176).
      %zero_bytes = transform.param.constant 0 : i64 -> !transform.param<i64>
      %k_block_1, %rows_prefetch = transform.foreach_match restrict_root flatten_results
          in %k_block, %pack_b_rows, %part_rows, %prefetch_bytes, %zero_bytes
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // Rows that are not a multiple of m_r (the last rows of a cache tile)
      // are split off first. When their number is static (a cache tile of
      // all of M: 333 rows on one thread are 328 + 5), they make one
      // register tile of their own (5 x 32); when it is dynamic (a thread's
      // part, a partial cache tile), single rows of rest_row_panels panels
      // (static, no masks; @single_rows_of_panels).
      // The first register tile of rows packs the K block as it reads it
      // (pack_in_first) when the cache tile has at least three register
      // tiles of rows: with two, the first one's reads of B in place, rows
      // a stride apart, are half of the kernel's (on Zen 5, one thread, 16
      // x 4096 x 4096: 95 GFLOP/s against 114 packed before; 32 x 4096 x
      // 4096 149 / 150, 32 x 2048 x 2048 182 / 174).
      %k_block_2, %first_tile_packs = transform.foreach_match restrict_root flatten_results
          in %k_block_1, %part_rows, %three_tiles, %zero_bytes, %pack_in_first
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // The tile of C of a register tile's next panel is prefetched
      // (prefetch_c) when its k loop has at least 4 steps per line of it
      // (8 x m_r: two lines a row): in a shorter one, a prefetch and the
      // test of its turn every step or two cost more than they save (on an
      // Emerald Rapids, 64 x 4096 x 4096 in K blocks of 32: 4% slower).
      %eight = transform.param.constant 8 : i64 -> !transform.param<i64>
      %long_k = transform.loom.param.mul %m_r, %eight
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
      %k_block_3, %tile_c_prefetch = transform.foreach_match restrict_root flatten_results
          in %k_block_2, %part_k, %long_k, %zero_bytes, %c_prefetch_bytes
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %full_rows, %rest_rows = transform.loom.split_full_tiles %k_block_3
          dimension = 0 tile_size = %m_r join_rest = %join_rows
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
      // (A foreach: there are no full rows when M < m_r.)
      transform.foreach %full_rows : !transform.any_op {
      ^bb0(%full: !transform.any_op):
        %register_tile, %m_loop, %n_loop = transform.structured.tile_using_for %full
            tile_sizes [%m_r, 1, 0, 0]
          : (!transform.any_op, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op)
        transform.annotate %m_loop "loom.prefetch_next" = %rows_prefetch
          : !transform.any_op, !transform.param<i64>
        transform.annotate %m_loop "loom.pack_in_first" = %first_tile_packs
          : !transform.any_op, !transform.param<i64>
        transform.annotate %m_loop "loom.pack_in_first_ahead" = %pack_in_first_ahead
          : !transform.any_op, !transform.param<i64>
        transform.annotate %n_loop "loom.prefetch_next" = %tile_c_prefetch
          : !transform.any_op, !transform.param<i64>
        transform.annotate %n_loop "loom.prefetch_next_cache" = %prefetch_c
          : !transform.any_op, !transform.param<i64>
        transform.annotate %n_loop "loom.prefetch_next_written" : !transform.any_op
        // (A dynamic number of full rows: the loop is peeled, so that its
        // tiles are static; its remainder never runs.)
        transform.include @peel_rows failures(suppress) (%m_loop)
          : (!transform.any_op) -> ()
      }
      %rest_rows_1 = transform.foreach_match restrict_root in %rest_rows, %rest_row_panels
          @dynamic_rows_of -> @single_rows_of_panels, @any_generic -> @panel_tiles
        : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    }

    // A matmul that reads B in place:
    //   few_rows_cols: columns of the register tile of a matmul of 1 or 2
    //                  rows (few_rows_cols_4 of 3-4), so that the
    //                  accumulators take half of the registers (on Zen 5,
    //                  1 x 4096 x 4096 with 1 x 128 tiles: 26 GFLOP/s
    //                  against 24 with 1 x 256, 20 with 1 x 64);
    //   few_rows_k_block: rows of B a register tile of a matmul of few
    //                     rows takes at a time: each row is streamed along
    //                     N, the accumulators stored after each K block
    //                     (on Zen 5, 8 x 4096 x 4096: 86 GFLOP/s with 8,
    //                     66 with 16, 55 with 64: more rows of B are more
    //                     streams than the prefetchers follow); 8 per
    //                     thread: with more threads the stores after each
    //                     block write the cache lines where the parts of
    //                     threads meet, when the rows of C are not a
    //                     multiple of 64 bytes apart (on Zen 5, two
    //                     threads, 3 x 517 x 1023: 35 GFLOP/s with 8, 64
    //                     with 16, 88 with 32; 4 x 4096 x 4096 83 / 100 /
    //                     94; 1 x 4096 x 4096 40 / 39 / 33);
    //   in_place_n_r: columns of the register tile of m_r rows (two
    //                 vectors, as n_r);
    //   in_place_k_block: rows of B in a K block of a matmul of up to
    //                     in_place_rows rows reading B in place: the
    //                     in_place_k_block x in_place_n_r strip that a
    //                     register tile streams takes an eighth of L2,
    //                     where the register tiles of the other rows read
    //                     it again (its rows fall on few L1 sets); long
    //                     blocks store the tiles of C less often and let
    //                     the rows prefetched ahead (prefetch_ahead) run
    //                     on rather than start cold at every block (on Zen
    //                     5, one thread, GFLOP/s with blocks of 1024 x
    //                     128 columns against 256 x 256: 31 x 517 x 1023
    //                     180 / 166, 64 x 1000 x 1000 199 / 187, 24 x 4000
    //                     x 1000 168 / 153, 8 x 2000 x 2000 151 / 126);
    //                     and at most what keeps the register tile's
    //                     rows of A (m_r x in_place_k_block floats) in
    //                     L1, which they would otherwise stream from L2
    //                     beside B (on an Intel Emerald Rapids, 2 MiB L2,
    //                     48 KiB L1, one thread, GFLOP/s with 1024 rows
    //                     against 2048, oneDNN: 49 x 1000 x 2048 134 /
    //                     119, 153; 32 x 3000 x 3000 121 / 101, 133; 64 x
    //                     1000 x 4000 131 / 115, 165; two threads: 16 x
    //                     2000 x 4096 208 / 184, 248);
    //   in_place_n_c: columns of a cache tile of a matmul of up to
    //                 in_place_rows rows, so that its in_place_k_block x
    //                 in_place_n_c block of B takes half of L2.
    %few_rows_cols = transform.tune.knob<"few_rows_cols"> = 128 from options = [16, 32, 64, 128, 256]
        {loom.sweep = false, loom.host_default = "vector_registers * vector_bytes / 16"} -> !transform.param<i64>
    %few_rows_cols_4 = transform.tune.knob<"few_rows_cols_4"> = 64 from options = [16, 32, 64, 128]
        {loom.sweep = false, loom.host_default = "few_rows_cols / 2"} -> !transform.param<i64>
    %in_place_n_r = transform.tune.knob<"in_place_n_r"> = 32 from options = [16, 32, 64]
        {loom.sweep = false, loom.host_default = "vector_bytes / 2"} -> !transform.param<i64>
    %few_rows_k_block = transform.tune.knob<"few_rows_k_block"> = 8 from options = [4, 8, 16, 32]
        {loom.sweep = false, loom.host_default = "8 * threads"} -> !transform.param<i64>
    %in_place_k_block = transform.tune.knob<"in_place_k_block"> = 1024 from options = [64, 128, 256, 512, 1024, 2048, 4096]
        {loom.sweep = false, loom.host_default = "min(l2_bytes / (32 * in_place_n_r), l1d_bytes / (4 * m_r))"} -> !transform.param<i64>
    %in_place_n_c = transform.tune.knob<"in_place_n_c"> = 128 from options = [64, 128, 256, 512, 1024, 2048]
        {loom.sweep = false, loom.host_default = "l2_bytes / (8 * in_place_k_block)"} -> !transform.param<i64>
    //   prefetch_ahead: steps of a register tile's k loop by which a
    //                   matmul reading B in place prefetches the rows of
    //                   B (loom-prefetch-ahead): a step takes m_r cycles
    //                   on two FMA pipes, and the row should arrive from
    //                   memory in time, some 500 cycles (on Zen 5, one
    //                   thread, 8 x 2000 x 2000: 73 GFLOP/s without, 115
    //                   with 16, 123 with 32, 130 with 64, 96 with 128);
    %prefetch_ahead = transform.tune.knob<"prefetch_ahead"> = 64 from options = [0, 16, 32, 64, 96, 128]
        {loom.sweep = false, loom.host_default = "512 / m_r"} -> !transform.param<i64>
    //   l3_prefetch_ahead: the same for a matmul reading B in place whose
    //                      N is not a page multiple and whose B takes at
    //                      least ahead_b_bytes: on a Zen, where such a B
    //                      streams from memory, prefetch_ahead; elsewhere
    //                      such a B (half of L2 and more) stays in L3,
    //                      whose rows arrive in some 100 cycles: 64 steps
    //                      ahead, some 700 cycles of a register tile of 12
    //                      rows, the prefetched rows wait in L1 long enough
    //                      to lose their lines (on an Intel Emerald
    //                      Rapids, one thread, GFLOP/s 12 / 24 / 64 steps
    //                      ahead, oneDNN: 64 x 768 x 768 169 / 165 / 157,
    //                      181; 64 x 1280 x 1280 161 / 159 / 145, 172; 48 x
    //                      1792 x 1024 165 / 158 / 149, 172; 64 x 1000 x
    //                      4000 157 / 155 / 143, 174; 16 x 1000 x 1000 128
    //                      / 127 / 122, 133; two threads: 64 x 768 x 768
    //                      339 / 333 / 311, 352; 16 x 1000 x 1000 292 / 282
    //                      / 259, 275; docs/performance.md, "Rows of B from
    //                      L3 fewer steps ahead").
    %l3_prefetch_ahead = transform.tune.knob<"l3_prefetch_ahead"> = 12
        from options = [0, 4, 8, 12, 16, 24, 32, 64, 96, 128]
        {loom.sweep = false, loom.host_default = "prefetch_ahead * zen + 96 / m_r * (1 - zen)"}
        -> !transform.param<i64>
    //   prefetch_span: bytes of B that the rows prefetched ahead may span:
    //                  rows further apart are prefetched fewer steps ahead
    //                  (span / stride). Three quarters of L2: at a whole
    //                  L2 ahead the prefetches lose their rows (on Zen 5,
    //                  one thread, 8 x 4096 x 4096, rows of 16 KiB: 77
    //                  GFLOP/s 48 rows ahead, 768 KiB; 62 at 56 rows, 48 at
    //                  64, 1 MiB, 54 at 72, 73 at 80, 51 at 192, 3 MiB; 8 x
    //                  2048 x 2048, rows of 8 KiB: 134-138 at 48-96 rows,
    //                  98 at 128, 1 MiB);
    %prefetch_span = transform.tune.knob<"prefetch_span"> = 786432
        from options = [262144, 524288, 786432, 1048576, 1572864]
        {loom.sweep = false, loom.host_default = "3 * l2_bytes / 4"} -> !transform.param<i64>
    //   page_k_block: the K block of a matmul of at most one_tile_m_r
    //                 rows whose N is a page multiple: half of
    //                 in_place_k_block's L2 bound (on
    //                 Zen 5, one thread, GFLOP/s with 512 rows against
    //                 1024: 8 x 2048 x 2048 144 / 112, 8 x 1024 x 1024 172
    //                 / 147, 8 x 2048 x 2000 130 / 120, 6 x 2048 x 2048 77
    //                 / 70, 8 x 4096 x 4096 86 / 84; with N not a multiple
    //                 of 1024 the longer block is faster: 8 x 2000 x 2000
    //                 132 / 144, 8 x 2000 x 2048 162 / 170).
    %page_k_block = transform.tune.knob<"page_k_block"> = 512 from options = [128, 256, 512, 1024, 2048]
        {loom.sweep = false, loom.host_default = "l2_bytes / (64 * in_place_n_r)"} -> !transform.param<i64>
    //   kib_ahead_b_bytes: ahead_b_bytes for a matmul whose rows of B
    //                      are a multiple of 1 KiB apart (N a multiple
    //                      of 256, not of a page: 512, 768, 1280...). On
    //                      a Zen, three eighths of L3 (12 MiB; the cap of
    //                      ahead_b_bytes, which is 8 MiB on one thread):
    //                      the rows fall on a quarter of L2's sets or
    //                      fewer, where the lines prefetched ahead evict
    //                      those the next register tile of rows reads
    //                      again; from L3 (a B of 8-9 MiB on one thread)
    //                      they cost more than they give; from 12 MiB up
    //                      they pay or break even, run to run, and from
    //                      memory (16 MiB and more) they pay (on Zen 5,
    //                      one thread, GFLOP/s with / without the
    //                      prefetches, oneDNN, rotated runs: 16 x 512 x
    //                      4096 (8 MiB) 160 / 195, 192; 16 x 768 x 3072 (9
    //                      MiB) 171 / 190, 194; 16 x 512 x 6144 (12 MiB) 154
    //                      / 137-185, 186-191; 24 x 768 x 4096 (12 MiB) 167
    //                      / 126-181, 192; 16 x 512 x 8192 (16 MiB) 144 /
    //                      110, 152; 16 x 768 x 6144 (18 MiB) 158 / 102,
    //                      176; and rows 4000 bytes apart keep them from 8
    //                      MiB: 16 x 1000 x 3000 (11 MiB) 194 / 170, 193;
    //                      two threads at 12 MiB, prefetched since
    //                      against not before: 24 x 768 x 4096 330-338 /
    //                      279-290, 371-387, but 16 x 512 x 6144 287-297 /
    //                      309-345, 321-348; docs/performance.md,
    //                      "Prefetches of rows 1 KiB apart"). Elsewhere
    //                      ahead_b_bytes.
    %kib_ahead_b_bytes = transform.tune.knob<"kib_ahead_b_bytes"> = 12582912
        from options = [524288, 1048576, 2097152, 4194304, 8388608, 12582912, 16777216, 33554432, 67108864]
        {loom.sweep = false, loom.host_default = "3 * l3_bytes / 8 * zen + ahead_b_bytes * (1 - zen)"} -> !transform.param<i64>
    //   l1_prefetch_ahead: steps by which such a matmul (N a multiple of
    //                      1024) whose B stays in cache (less than
    //                      stream_b_bytes) prefetches the rows of B, into
    //                      L1: a step takes m_r cycles, and the row should
    //                      arrive from L3 in time, some 64 cycles, longer
    //                      when the threads share L3 (on Zen 5, two
    //                      threads, GFLOP/s 16 rows ahead against 8: 8 x
    //                      1024 x 1024 216 / 202, 8 x 2048 x 512 255 /
    //                      228; 64 into L2 213 / 227). Far
    //                      ahead into L2, as for a B from memory, the
    //                      prefetches of rows in L3 cost more than they
    //                      save; a few rows ahead fit L1's ways though the
    //                      rows fall on the same sets (on Zen 5, one
    //                      thread, GFLOP/s 64 rows ahead into L2 against
    //                      2 / 4 / 8 / 16 into L1: 8 x 1024 x 1024 99 / 90
    //                      / 120 / 132 / 124, 8 x 2048 x 512 105 / 98 / 90
    //                      / 136 / -, 12 x 1024 x 1024 114 / 101 / 109 /
    //                      144 / -, 6 x 1024 x 1024 79 / 68 / 103 / 110 /
    //                      -; oneDNN 144, 153, 133, 120).
    %l1_prefetch_ahead = transform.tune.knob<"l1_prefetch_ahead"> = 8 from options = [0, 2, 4, 8, 16, 32]
        {loom.sweep = false, loom.host_default = "64 * threads / m_r"} -> !transform.param<i64>
    //   l1_far_prefetch_ahead: the same for rows of B at least 16 KiB
    //                          apart (N of 4096 or more), and for a
    //                          register tile of three or four vectors a
    //                          row (below): fewer steps
    //                          ahead (on Zen 5, one thread, GFLOP/s 4 / 8
    //                          steps ahead: 8 x 4096 x 256 149 / 120, 12 x
    //                          4096 x 256 168 / 156, 8 x 8192 x 128 153 /
    //                          126, with 3 148, 6 135; with rows 4 or 8
    //                          KiB apart and tiles of two vectors a row 8
    //                          is faster: 8 x 1024 x 1024 158 / 129 with
    //                          8 x 32 tiles, 12 x 2048 x 512 189 / 145).
    %l1_far_prefetch_ahead = transform.tune.knob<"l1_far_prefetch_ahead"> = 4 from options = [0, 2, 4, 8, 16]
        {loom.sweep = false, loom.host_default = "l1_prefetch_ahead / 2"} -> !transform.param<i64>
    //   l1_reread_prefetch_ahead: the same for a matmul of more rows
    //                      (page_in_place_rows), whose register tiles of
    //                      m_r rows each read the K block's rows of B
    //                      again: two steps, as oneDNN's sgemm does (on
    //                      Zen 5, GFLOP/s 2 / 4 / 8 steps ahead, one
    //                      thread: 16 x 1024 x 1024 160 / 152 / 129, 24 x
    //                      1024 x 1024 162 / 155 / 128, 32 x 1024 x 1024
    //                      161 / 154 / 128; two threads: 16 x 1024 x 1024
    //                      292 / 280 / 240, 48 x 1024 x 1024 325 / 313 /
    //                      248).
    %l1_reread_prefetch_ahead = transform.tune.knob<"l1_reread_prefetch_ahead"> = 2 from options = [0, 1, 2, 3, 4, 8]
        {loom.sweep = false} -> !transform.param<i64>
    //   wide_tile_rows: a matmul of at most this many rows reading B in
    //                   place (and more than few_rows) has register tiles
    //                   of twice in_place_n_r columns (four vectors), so
    //                   that its accumulators still take three quarters of
    //                   the registers and each row of B it reads is four
    //                   lines, not two (on Zen 5, one thread, GFLOP/s with
    //                   64 columns against 32: 5 x 1024 x 1024 117 / 66, 6
    //                   x 1024 x 1024 167 / 133, 5 x 2048 x 512 110 / 74,
    //                   5 x 2000 x 1000 152 / 140, 6 x 2000 x 2000 160 /
    //                   139; oneDNN 125, 155, 119, 128, 121).
    %wide_tile_rows = transform.tune.knob<"wide_tile_rows"> = 6 from options = [0, 2, 4, 6, 8]
        {loom.sweep = false, loom.host_default = "3 * vector_registers / 16"} -> !transform.param<i64>
    //   page_wide_tiles: 1 gives a matmul of more rows than one_tile_m_r
    //                    that reads B in place, N a page multiple,
    //                    register tiles of wide_tile_rows rows and four
    //                    vectors too (0: m_r x in_place_n_r): 24
    //                    accumulators rather than 16 for the same rows of
    //                    B, which it reads from L2, and fewer loads per FMA
    //                    (on Zen 5, GFLOP/s with 6 x 64 tiles against 8 x
    //                    32, one thread: 24 x 1024 x 1024 200 / 182, 48 x
    //                    1024 x 1024 203 / 184, 40 x 2048 x 512 192 / 181,
    //                    22 x 2048 x 512 185 / 169, 16 x 1024 x 1024 179
    //                    / 174, but 19 x 2048 x 512 175 / 188; two
    //                    threads: 64 x 1024 x 1024 372 / 338, 96 x 2048 x
    //                    512 399 / 366). With other N the tiles' rows of
    //                    B are not a page apart and the gain did not hold
    //                    (16 x 1000 x 1000 194 / 202, 120 x 1000 x 1000
    //                    189 / 179).
    %page_wide_tiles = transform.tune.knob<"page_wide_tiles"> = 1 from options = [0, 1]
        {loom.sweep = false} -> !transform.param<i64>
    //   three_vector_rows: a matmul of at most this many rows reading B in
    //                      place (and more than wide_tile_rows) has one
    //                      register tile of its rows and three vectors of
    //                      columns (8 x 48 on AVX-512, oneDNN's tile),
    //                      its accumulators three quarters of the
    //                      registers, each row of B it reads three lines
    //                      (on Zen 5, GFLOP/s with 48 columns against 32,
    //                      one thread: 8 x 4096 x 256 187 / 155, 7 x 4096
    //                      x 256 184 / 147, 8 x 1024 x 1024 187 / 168, 8 x
    //                      2048 x 2048 157 / 136, 8 x 2000 x 2000 183 /
    //                      175, oneDNN 173, 166, 169, 141, 146; two
    //                      threads: 8 x 4096 x 256 268 / 218, 8 x 1024 x
    //                      1024 241 / 207, 8 x 2000 x 2000 311 / 264,
    //                      oneDNN 246, 250, 294; docs/performance.md,
    //                      "Three vectors a row").
    //   k_unroll: steps of the k loop of a packed register tile in one
    //             iteration, unrolled after the prefetch passes
    //             (loom-unroll-loops): the loop's counter, compare and
    //             branch run on the FMAs' ports of an Intel core, where
    //             unrolled by 4 the loop ran 2% faster (a Zen core has ALUs
    //             of its own for them: 1; docs/performance.md, "The
    //             register loop on its own").
    %k_unroll = transform.tune.knob<"k_unroll"> = 1 from options = [1, 2, 4, 8]
        {loom.sweep = false, loom.host_default = "1 + 3 * (1 - zen)"} -> !transform.param<i64>
    //   unroll_rows: the most rows of a register tile whose k loop is
    //                unrolled: their 2 x rows accumulators take half of
    //                the vector registers (with 12 rows, 24 of 32, the
    //                loads of four steps spilled: 64 x 4096 x 4096, whose
    //                record has m_r = 12, ran 24% slower).
    %unroll_rows = transform.tune.knob<"unroll_rows"> = 8 from options = [0, 4, 6, 8, 12, 16]
        {loom.sweep = false, loom.host_default = "vector_registers / 4"} -> !transform.param<i64>
    %three_vector_rows = transform.tune.knob<"three_vector_rows"> = 8 from options = [0, 4, 6, 7, 8]
        {loom.sweep = false, loom.host_default = "vector_registers / 4"}
        -> !transform.param<i64>
    %three_vectors = transform.param.constant 3 : i64 -> !transform.param<i64>
    %three_n_r = transform.loom.param.mul %narrow_cols, %three_vectors
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %two_tiles = transform.param.constant 2 : i64 -> !transform.param<i64>
    %wide_n_r = transform.loom.param.mul %in_place_n_r, %two_tiles
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // (No cache tiles: one larger than any N.)
    %no_chunks = transform.param.constant 1073741824 : i64 -> !transform.param<i64>
    // (loom.prefetch_cache: into the cache the rows' stride picks.)
    %by_stride = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.foreach %few : !transform.any_op {
    ^bb0(%few_matmul: !transform.any_op):
      %few_m, %few_n = transform.include @rows_and_cols_of failures(propagate) (%few_matmul)
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
      // The columns of its register tiles: few_rows_cols for 1-2 rows,
      // few_rows_cols_4 for 3-4, in_place_n_r for more.
      %three = transform.param.constant 3 : i64 -> !transform.param<i64>
      %five = transform.param.constant 5 : i64 -> !transform.param<i64>
      %few_matmul_1, %cols_3_up = transform.foreach_match restrict_root flatten_results
          in %few_matmul, %few_m, %five, %few_rows_cols_4, %in_place_n_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %few_matmul_2, %few_cols = transform.foreach_match restrict_root flatten_results
          in %few_matmul_1, %few_m, %three, %few_rows_cols, %cols_3_up
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      transform.include @in_place_blocked failures(propagate)
          (%few_matmul_2, %thread_parts, %few_rows_k_block, %no_chunks, %few_cols, %m_r,
           %narrow_cols, %narrow_m_r, %join_rows, %balance_rows, %prefetch_ahead, %prefetch_span,
           %by_stride)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    }
    transform.foreach %in_place : !transform.any_op {
    ^bb0(%in_place_matmul: !transform.any_op):
      // Its rows of B prefetched ahead when B takes at least
      // ahead_b_bytes (kib_ahead_b_bytes for rows 1 KiB apart): where it
      // streams from memory on a Zen, from half of L2 up elsewhere (see
      // ahead_b_bytes).
      %in_place_m, %in_place_n = transform.include @rows_and_cols_of failures(propagate)
          (%in_place_matmul)
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
      // (The most rows of one register tile, as the sort above chose it.)
      %in_place_matmul_0, %in_place_tile_m_r = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul, %page_one_tile_m_r, %one_tile_m_r
          @page_cols -> @forward_param, @other_cols -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // (kib_ahead_b_bytes when its rows of B are a multiple of 1 KiB
      // apart.)
      %in_place_matmul_k, %ahead_limit = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_0, %kib_ahead_b_bytes, %ahead_b_bytes
          @kib_cols -> @forward_param, @other_cols -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %zero_ahead = transform.param.constant 0 : i64 -> !transform.param<i64>
      %in_place_matmul_1, %ahead = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_k, %ahead_limit, %l3_prefetch_ahead, %zero_ahead
          @large_b -> @forward_param, @small_b -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // And whatever B's size when N is a page multiple: rows a page
      // apart wait for L3 too (on Zen 5, one thread, GFLOP/s without and
      // with, B of 4 MiB: 8 x 1024 x 1024 95 / 115, 8 x 2048 x 512 109 /
      // 122; 8 x 1000 x 1000, not a multiple, 163 / 161). From memory (at
      // most one_tile_m_r rows: more are packed) prefetch_ahead steps
      // ahead, into L2 by their stride; from cache into L1,
      // l1_prefetch_ahead steps ahead for one register tile of rows,
      // l1_reread_prefetch_ahead for more (up to page_in_place_rows, each
      // tile of m_r rows reading the rows again). The cache: by the rows'
      // stride (0) when B streams from memory, L1 (1) otherwise.
      %l1_cache = transform.param.constant 1 : i64 -> !transform.param<i64>
      // (l1_far_prefetch_ahead for rows of B 16 KiB apart or more.)
      %far_cols = transform.param.constant 4096 : i64 -> !transform.param<i64>
      %in_place_matmul_f, %one_tile_ahead = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_1, %in_place_n, %far_cols, %l1_prefetch_ahead, %l1_far_prefetch_ahead
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // (l1_far_prefetch_ahead too for one register tile of three or four
      // vectors a row, at most three_vector_rows or wide_tile_rows rows:
      // each of its steps reads three or four lines of B where a tile of
      // two vectors reads two, so fewer steps ahead keep as many lines in
      // flight; on Zen 5, GFLOP/s 4 / 8 steps ahead on one thread, 8 / 16
      // on two: 8 x 1024 x 1024 210 / 202, 294 / 254; 7 x 1024 x 2048 176
      // / 152, 246 / 203; 6 x 1024 x 1024 200 / 193, 268 / 259; 8 x 2048 x
      // 512 210 / 202, 347 / 315; but 12 x 1024 x 1024, tiles of two
      // vectors, 180 / 202, 243 / 301.)
      %in_place_matmul_g, %three_tile_ahead = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_f, %three_vector_rows, %in_place_m, %one_tile_ahead,
             %l1_far_prefetch_ahead
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_e, %wide_tile_ahead = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_g, %wide_tile_rows, %in_place_m, %three_tile_ahead,
             %l1_far_prefetch_ahead
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_r, %l1_ahead = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_e, %in_place_tile_m_r, %in_place_m, %l1_reread_prefetch_ahead,
             %wide_tile_ahead
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // (The B from which they go into L2: page_stream_b_bytes for one
      // tile of more than in_place_m_r rows, page_l3_b_bytes for tiles
      // of at most in_place_m_r rows.)
      %in_place_matmul_hb, %hi_bound = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_r, %in_place_tile_m_r, %in_place_m, %page_l3_b_bytes,
             %page_stream_b_bytes
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_l, %page_bound = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_hb, %in_place_m_r, %in_place_m, %hi_bound, %page_l3_b_bytes
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_a, %page_ahead = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_l, %page_bound, %prefetch_ahead, %l1_ahead
          @large_b -> @forward_param, @small_b -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_b, %in_place_cache = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_a, %page_bound, %by_stride, %l1_cache
          @large_b -> @forward_param, @small_b -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_p, %in_place_ahead = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_b, %page_ahead, %ahead
          @page_cols -> @forward_param, @other_cols -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // Cache tiles of in_place_n_c columns; none for a matmul of one
      // register tile of rows (at most one_tile_m_r), whose B is read
      // once: its register tiles then walk along whole rows of B's K block (on Zen
      // 5, one thread, GFLOP/s without cache tiles against 128 columns:
      // 8 x 4096 x 1024 109 / 84, 6 x 2048 x 2048 88 / 76, 5 x 4096 x 4096
      // 50 / 43, 8 x 2048 x 2048 122 / 116).
      %in_place_matmul_c, %in_place_chunk = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_p, %in_place_tile_m_r, %in_place_m, %in_place_n_c, %no_chunks
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // Register tiles of m_r rows x in_place_n_r columns; wide ones of
      // wide_tile_rows x wide_n_r when N is a page multiple
      // (page_wide_tiles), a row left over joining the last (more would
      // not fit the registers: on Zen 5, one thread, 13 x 1024 x 1024 ran
      // at 176 GFLOP/s with tiles of 6 and 7 rows, 144 with 6, 6 and 1);
      // one tile of all the rows when they are at most one_tile_m_r, of
      // three vectors when at most three_vector_rows, wide when at most
      // wide_tile_rows.
      // (ahead_m_r, ahead_join_rows and every rest balanced when the
      // rows of B are prefetched ahead: B streams.)
      %wide_join = transform.param.constant 1 : i64 -> !transform.param<i64>
      %one_ahead = transform.param.constant 1 : i64 -> !transform.param<i64>
      %in_place_matmul_s, %stream_m_r = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_c, %ahead, %one_ahead, %in_place_m_r, %ahead_m_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_sj, %stream_join = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_s, %ahead, %one_ahead, %in_place_join_rows, %ahead_join_rows
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_sb, %stream_balance = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_sj, %ahead, %one_ahead, %balance_rows, %ahead_m_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_t, %many_rows = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_sb, %page_wide_tiles, %wide_tile_rows, %stream_m_r
          @page_wide -> @forward_param, @not_page_wide -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_u, %many_cols = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_t, %page_wide_tiles, %wide_n_r, %in_place_n_r
          @page_wide -> @forward_param, @not_page_wide -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_v, %in_place_join = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_u, %page_wide_tiles, %wide_join, %stream_join
          @page_wide -> @forward_param, @not_page_wide -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_2, %in_place_tile_rows = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_v, %in_place_tile_m_r, %in_place_m, %many_rows, %in_place_tile_m_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_o, %one_tile_cols = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_2, %in_place_tile_m_r, %in_place_m, %many_cols, %in_place_n_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_h, %three_cols = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_o, %three_vector_rows, %in_place_m, %one_tile_cols, %three_n_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      %in_place_matmul_w, %in_place_cols = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_h, %wide_tile_rows, %in_place_m, %three_cols, %wide_n_r
          @below -> @forward_param, @not_below -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      // K blocks of in_place_k_block rows, page_k_block when rows of B
      // are a multiple of 2 KiB apart (N a page multiple or 512).
      %in_place_matmul_3, %in_place_k = transform.foreach_match restrict_root flatten_results
          in %in_place_matmul_w, %page_k_block, %in_place_k_block
          @two_kib_cols -> @forward_param, @other_cols -> @forward_param
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>)
      transform.include @in_place_blocked failures(propagate)
          (%in_place_matmul_3, %thread_parts, %in_place_k, %in_place_chunk, %in_place_cols,
           %in_place_tile_rows,
           %narrow_cols, %narrow_m_r, %in_place_join, %stream_balance, %in_place_ahead, %prefetch_span,
           %in_place_cache)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    }

    // A transpose of B that did not fold into a pack (above; none is
    // expected), in blocks of 16 x 16 split among the threads.
    %b_blocks, %b_block_forall = transform.structured.tile_using_forall %b_transposes
        tile_sizes [16, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.loom.vectorize %b_blocks best_effort : !transform.any_op

    // (A foreach: the handle is empty when a caller passes no matmul, as
    // schedules/batch_matmul/schedule.mlir does for a batch of
    // matrix-vector products; then nothing is done.)
    transform.foreach %func : !transform.any_op {
    ^bb0(%one_func: !transform.any_op):
      // K loops that pack B per block, peeled where K is not a multiple of
      // the block (a last, partial block of its own), so that every
      // block's copy has constant bounds and loom-pack-in-first-tile packs
      // it in its first register tile: otherwise blocks of min(k_block, K
      // - k) rows are copied before the tiles (on an Emerald Rapids, one
      // thread, 333 x 777 x 555 with its record's K blocks of 512: 161.9
      // GFLOP/s against 156.4; 1000 x 1000 x 1000 162.9 against 161.9).
      %peel_k = transform.structured.match ops{["scf.for"]} attributes{loom.peel_k_blocks} in %one_func
        : (!transform.any_op) -> !transform.any_op
      transform.foreach %peel_k : !transform.any_op {
      ^bb0(%k_loop: !transform.any_op):
        transform.include @peel_k_blocks failures(suppress) (%k_loop)
          : (!transform.any_op) -> ()
      }
      // The register tiles of the packed matmul, full and peeled (matched in
      // the function, as peeling made new ones; other ops of the function are
      // left as they are).
      %tiles = transform.collect_matching @packed_matmul_tile in %one_func
        : (!transform.any_op) -> !transform.any_op
      // The k loop of a tile of one panel and at most unroll_rows rows is
      // unrolled by k_unroll; more rows' accumulators leave too few
      // registers for the loads of four steps (12 x 32 spilled), and a
      // tile of several panels is tiled again below (the single rows left
      // over in a thread's part of 1000 x 1000 x 1000 on two threads,
      // element by element here and vectorized by LLVM, were scalar code
      // when unrolled).
      transform.foreach %tiles : !transform.any_op {
      ^bb0(%tile: !transform.any_op):
        %tile_1, %unrolled, %rolled = transform.foreach_match restrict_root flatten_results
            in %tile, %unroll_rows, %m_r @unrolled_tile -> @first_of_two,
            @unrolled_m_r_tile -> @first_of_two, @any_tile -> @second_of_two
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op)
        %unrolled_steps, %unrolled_k_loop = transform.structured.tile_using_for %unrolled
            tile_sizes [0, 0, 1, 0]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
        transform.annotate %unrolled_k_loop "loom.unroll" = %k_unroll
          : !transform.any_op, !transform.param<i64>
        %rolled_steps, %rolled_k_loop = transform.structured.tile_using_for %rolled
            tile_sizes [0, 0, 1, 0]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
        // (The accumulators are hoisted out of these loops only:
        // @loom_vector_to_fma_marked.)
        %k_step_loops = transform.merge_handles %unrolled_k_loop, %rolled_k_loop : !transform.any_op
        transform.annotate %k_step_loops "loom.hoist_subsets" : !transform.any_op
      }

      transform.apply_patterns to %one_func {
        transform.apply_patterns.linalg.tiling_canonicalization
        transform.apply_patterns.tensor.fold_tensor_empty
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      // Full tiles are vectorized as they are; partial ones with masks.
      %vector_tiles = transform.structured.match ops{["linalg.generic", "linalg.pack"]} in %one_func
        : (!transform.any_op) -> !transform.any_op
      transform.loom.vectorize %vector_tiles best_effort : !transform.any_op
    }

    transform.yield
  }
}
