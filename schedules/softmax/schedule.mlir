// Softmax over rows, one row at a time, in three passes over the row like
// the C reference (schedules/softmax/reference.c):
//
//   1. linalg.softmax becomes its four structured ops: a max reduction, an
//      exp(x - max) map, a sum reduction and a division. A softmax over the
//      last dimension of a tensor of more than two is one over rows: the
//      leading dimensions of the four ops are collapsed into one
//      (transform.loom.collapse_leading_loops; a 12 x 197 x 197 attention
//      ran at a sixth of the speed of its 2364 rows, and took 5 s to
//      compile, without it). Every softmax of the function is scheduled on
//      its own (transform.foreach_match): one over another dimension than
//      its last (transform.loom.match.last_dim_reduction tells) is not one
//      of rows, and the steps below are not for it. One over the columns of
//      a matrix of at least 8 rows and 256 columns goes by blocks of 128
//      whole columns (the last may be narrower), the four ops fused into
//      each (@tile_columns_softmax), and so does one over the middle
//      dimension of three, for each matrix of the batch, from 129 columns
//      (@tile_middle_softmax; transform.loom.match.softmax gives the
//      shape; a batch of more than the knob guided_blocks_bytes, half of
//      L3, hands its blocks out in shrinking chunks); any other is only
//      decomposed and tiled as the default schedule tiles any op
//      (transform.loom.auto_tile).
//   2. The division is tiled by steps of rows: four rows of fewer than
//      256 columns (knob four_rows_below), two of fewer than
//      two_rows_below (l1d_bytes / 16: two rows in half of L1, 3072
//      columns on a 48 KiB L1), otherwise one. A step's rows have chains
//      independent of each other (a guess at why it is faster, not
//      profiled: the latencies of one row's tree of the max before its
//      exp, of its sum before the division, overlap another's). On Zen
//      5, one thread, 12 x 197 x 197 10.2 -> 13.7 GFLOP/s, 8192 x 100
//      7.6 -> 11.5, 1024 x 1024 17.2 -> 20.6, rows of 4096 unchanged (two
//      at a time lost 30%). The rows past the whole steps
//      are split off (transform.loom.split_full_tiles on the softmax, its
//      leading dimensions collapsed first) and go one at a time
//      (scf.forall: steps are handed out to
//      the threads in shrinking chunks, loom.omp_schedule = "guided", so
//      that a thread on a slower core does fewer: on a 2-vCPU Zen 5 VM,
//      4096 x 4096 at 22.1 GFLOP/s against 15.0 with OpenMP's static
//      split), and the sum, the exp map, the max and the fills are fused
//      into each step. The exp map feeds both the sum and the division; the
//      two slices of it they read are merged (cse) before it is fused, so
//      exp is computed once per element.
//   3. The division overwrites the exponentials in the output row
//      (transform.apply_patterns.loom.reuse_producer_destination): without
//      it, bufferization copies the row for one of the two ops.
//   4. The reductions of a row of at least 128 columns are tiled along the
//      row (transform.structured.tile_reduction_using_for): partial maxima
//      and sums in a vector of 64 lanes per row (four AVX-512 registers, so
//      four independent chains of max or add), one horizontal reduction per
//      row at the end; the columns past the row's whole steps of 64 are
//      split off first (transform.loom.split_full_tiles) and reduced into
//      that result as one vector. A shorter row is reduced as one vector:
//      in lanes it would have one step, and its lanes, with no loop to
//      carry them, a buffer in memory for every row (rows of 16 ran 5x,
//      rows of 100 and 129 3x and 2x slower that way). The exp map is tiled
//      by 64 columns, and prefetches the input of the step of rows after
//      this one as it goes (knob prefetch_rows_ahead, loom-prefetch-ahead):
//      the hardware prefetchers have nothing to follow while a row is
//      computed from L1, so each row's max pass otherwise waits for memory
//      (an Intel Xeon, one thread: 4096 x 4096 6.0 -> 8.4 GFLOP/s, 1024 x
//      1024 1.3x, rows of 129-50257 1.08-1.17x, rows of 16 and 100 the
//      same); the division is vectorized over the whole row, or in
//      steps of 64 columns when the row is longer than loom.vectorize
//      takes whole (16384) or, in a step of several rows, of at least two
//      steps of 64 (vector<2x1024> whole: 18.6 against 20.1 GFLOP/s).
//   5. Vectorization and clean-up as in the default schedule; exp becomes
//      a polynomial on vectors
//      (transform.apply_patterns.loom.math_polynomial_approximation) and the
//      division by the row's sum a multiplication by its reciprocal
//      (transform.apply_patterns.loom.reciprocal_division). The horizontal
//      reductions of the 64 partial lanes go by halves
//      (transform.apply_patterns.loom.reduction_tree): 6 vector steps
//      instead of 63 dependent scalar ones (a length that is not a power of
//      two first folds its tail onto its head: 100 is 36 + 64).
//
// Needs --schedule-lib schedules/lib/default.mlir.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_default_finish(
      %root: !transform.any_op {transform.readonly})

  // A reduction along the row (the second loop) of at least 128 columns:
  // two or more whole steps of the partial lanes. A shorter row is reduced
  // as one vector (by halves too): in lanes it would be one step, whose
  // partial lanes, with no loop to carry them, would be a buffer in memory
  // for every row.
  transform.named_sequence @long_row_reduction(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    %cols = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> !transform.param<i64> {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.dim %s[1] {reduction} : !transform.any_op
      %c = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %c : !transform.param<i64>
    }
    %two_steps = transform.param.constant 128 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %cols, %two_steps : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  // The reduction of the row's whole steps of 64 columns in 64 partial lanes
  // (four AVX-512 registers, carried by the loop); the columns left over
  // (fewer than 64) are reduced into its result as one vector. (In lanes,
  // their step would update the lanes after the loop, in a buffer in
  // memory for every row.)
  transform.named_sequence @reduce_in_lanes(
      %op: !transform.any_op {transform.consumed}) {
    %full, %rest = transform.loom.split_full_tiles %op dimension = 1 tile_size = 64
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %init, %partial, %merge, %loop =
      transform.structured.tile_reduction_using_for %full
      by tile_sizes = [0, 64] : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }

  // The division of a row longer than loom.vectorize takes whole (16384
  // elements): in steps of 64 columns, as the exp map. (Left whole, it was
  // not vectorized here, with a remark, and LLVM's loop vectorizer divided
  // element by element; in steps it multiplies by the reciprocal, at the
  // same speed, 64 x 50257: 11.2 against 11.1 GFLOP/s.) It reads the
  // exponentials through its destination, so its steps stay in place.
  transform.named_sequence @long_row_division(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    %cols = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> !transform.param<i64> {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.dim %s[all] {parallel} : !transform.any_op
      %c = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %c : !transform.param<i64>
    }
    %whole = transform.param.constant 16384 : i64 -> !transform.param<i64>
    transform.match.param.cmpi gt %cols, %whole : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  // The division of a step of more than one row of at least two steps of
  // 64 columns: in steps of 64 columns too. (Whole, as vector<2x1024>,
  // 1024 x 1024 ran at 18.6 GFLOP/s against 20.1 in steps.)
  transform.named_sequence @rows_division(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    %rows, %cols = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.dim %s[all] {parallel} : !transform.any_op
      %r = transform.match.structured.dim %s[0] : (!transform.any_op) -> !transform.param<i64>
      %c = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %r, %c : !transform.param<i64>, !transform.param<i64>
    }
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %rows, %two : !transform.param<i64>
    %two_steps = transform.param.constant 128 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %cols, %two_steps : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @divide_in_steps(
      %op: !transform.any_op {transform.consumed}) {
    %step, %loop = transform.structured.tile_using_for %op
      tile_sizes [0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // A softmax over its last dimension: rows, in steps of one row (gives
  // the op and 1).
  transform.named_sequence @rows_softmax(
      %op: !transform.any_op {transform.readonly},
      %guided_bytes: !transform.param<i64> {transform.readonly},
      %four_below: !transform.param<i64> {transform.readonly},
      %two_below: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly})
      -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.softmax"] : !transform.any_op
    transform.loom.match.last_dim_reduction %op : !transform.any_op
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.yield %op, %one, %rows_ahead
      : !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }
  // The columns of a softmax over its last dimension (its rows' length).
  transform.named_sequence @row_length(%op: !transform.any_op {transform.readonly})
      -> !transform.param<i64> {
    transform.match.operation_name %op ["linalg.softmax"] : !transform.any_op
    transform.loom.match.last_dim_reduction %op : !transform.any_op
    %rank, %dim, %outer, %cols, %inner = transform.loom.match.softmax %op
      : (!transform.any_op)
      -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
          !transform.param<i64>, !transform.param<i64>)
    transform.yield %cols : !transform.param<i64>
  }
  // Rows of fewer than four_rows_below columns: four at a time; of fewer
  // than two_rows_below: two at a time (@tile_rows_softmax).
  transform.named_sequence @short_rows_softmax(
      %op: !transform.any_op {transform.readonly},
      %guided_bytes: !transform.param<i64> {transform.readonly},
      %four_below: !transform.param<i64> {transform.readonly},
      %two_below: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly})
      -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    %cols = transform.include @row_length failures(propagate) (%op)
      : (!transform.any_op) -> !transform.param<i64>
    transform.match.param.cmpi lt %cols, %four_below : !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    transform.yield %op, %four, %rows_ahead
      : !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @medium_rows_softmax(
      %op: !transform.any_op {transform.readonly},
      %guided_bytes: !transform.param<i64> {transform.readonly},
      %four_below: !transform.param<i64> {transform.readonly},
      %two_below: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly})
      -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    %cols = transform.include @row_length failures(propagate) (%op)
      : (!transform.any_op) -> !transform.param<i64>
    transform.match.param.cmpi lt %cols, %two_below : !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.yield %op, %two, %rows_ahead
      : !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }
  // A softmax over the columns of a matrix (dimension 0 of two) of at
  // least 8 rows and two blocks of columns (256): @tile_columns_softmax.
  // (Fewer rows ran faster with the default schedule's tiles, 3 x 20096
  // 14.6 against 13.1 GFLOP/s, and so did one block and a sliver, 9 x 129
  // 11.4 against 8.1; a single block is no loop at all.)
  transform.named_sequence @columns_softmax(
      %op: !transform.any_op {transform.readonly},
      %guided_bytes: !transform.param<i64> {transform.readonly},
      %four_below: !transform.param<i64> {transform.readonly},
      %two_below: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    %rank, %dim, %outer, %rows, %cols = transform.loom.match.softmax %op
      : (!transform.any_op)
      -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
          !transform.param<i64>, !transform.param<i64>)
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %rank, %two : !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %dim, %zero : !transform.param<i64>
    %eight = transform.param.constant 8 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %rows, %eight : !transform.param<i64>
    %two_blocks = transform.param.constant 256 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %cols, %two_blocks : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  // A softmax over the middle dimension of three (a batch of matrices, over
  // their columns) of at least 8 rows and more than one block of columns
  // (more than 128, so that even one matrix makes two blocks):
  // @tile_middle_softmax, the same blocks for each matrix of the batch
  // (12 x 197 x 197: 11.6 GFLOP/s against 9.7 for the default tiles on
  // one thread, 21.7 against 5.7 on two).
  transform.named_sequence @middle_softmax(
      %op: !transform.any_op {transform.readonly},
      %guided_bytes: !transform.param<i64> {transform.readonly},
      %four_below: !transform.param<i64> {transform.readonly},
      %two_below: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    %rank, %dim, %outer, %rows, %cols = transform.loom.match.softmax %op
      : (!transform.any_op)
      -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
          !transform.param<i64>, !transform.param<i64>)
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %rank, %three : !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %dim, %one : !transform.param<i64>
    %eight = transform.param.constant 8 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ge %rows, %eight : !transform.param<i64>
    %block = transform.param.constant 128 : i64 -> !transform.param<i64>
    transform.match.param.cmpi gt %cols, %block : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  // The same of more than guided_blocks_bytes (its batch does not stay in
  // L3 between calls): @tile_large_middle_softmax.
  transform.named_sequence @large_middle_softmax(
      %op: !transform.any_op {transform.readonly},
      %guided_bytes: !transform.param<i64> {transform.readonly},
      %four_below: !transform.param<i64> {transform.readonly},
      %two_below: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    %middle = transform.include @middle_softmax failures(propagate)
        (%op, %guided_bytes, %four_below, %two_below, %rows_ahead)
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>, !transform.param<i64>) -> !transform.any_op
    %rank, %dim, %outer, %rows, %cols = transform.loom.match.softmax %op
      : (!transform.any_op)
      -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
          !transform.param<i64>, !transform.param<i64>)
    %matrix = transform.loom.param.mul %rows, %cols
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %elements = transform.loom.param.mul %outer, %matrix
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %bytes = transform.loom.param.mul %elements, %four
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    transform.match.param.cmpi gt %bytes, %guided_bytes : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  // A softmax over another dimension.
  transform.named_sequence @other_softmax(
      %op: !transform.any_op {transform.readonly},
      %guided_bytes: !transform.param<i64> {transform.readonly},
      %four_below: !transform.param<i64> {transform.readonly},
      %two_below: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.softmax"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }

  // The four structured ops of a decomposed softmax (from its last, the
  // division), and the fills of the maxima and the sums.
  transform.named_sequence @softmax_parts(
      %div: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op) {
    %exp = transform.get_producer_of_operand %div[0]
      : (!transform.any_op) -> !transform.any_op
    %sum = transform.get_producer_of_operand %div[1]
      : (!transform.any_op) -> !transform.any_op
    %max = transform.get_producer_of_operand %exp[1]
      : (!transform.any_op) -> !transform.any_op
    %max_fill = transform.get_producer_of_operand %max[1]
      : (!transform.any_op) -> !transform.any_op
    %sum_fill = transform.get_producer_of_operand %sum[1]
      : (!transform.any_op) -> !transform.any_op
    %fills = transform.merge_handles %max_fill, %sum_fill : !transform.any_op
    transform.yield %max, %exp, %sum, %div, %fills
      : !transform.any_op, !transform.any_op, !transform.any_op,
        !transform.any_op, !transform.any_op
  }

  // A softmax over another dimension than its last, decomposed and tiled
  // as the default schedule tiles any op (the reductions are not along
  // rows, so nothing below applies to it).
  transform.named_sequence @tile_other_softmax(
      %softmax: !transform.any_op {transform.consumed}) {
    %func, %max, %exp, %sum, %div, %fills = transform.include @decomposed_softmax
        failures(propagate) (%softmax)
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %ops = transform.merge_handles %fills, %max, %exp, %sum, %div : !transform.any_op
    %tiled, %loops = transform.loom.auto_tile %ops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // The loop of a softmax's tiled division with the sum, the exp map, the
  // max and the fills fused into it. The exp map feeds both the sum and
  // the division; the two slices of it they read are merged (cse) before
  // it is fused, so exp is computed once per element. Then the division
  // writes over the exponentials
  // (transform.apply_patterns.loom.reuse_producer_destination): without it,
  // bufferization copies them for one of the two ops. Gives the loop and
  // the fused exp map.
  transform.named_sequence @fuse_softmax_into(
      %loop: !transform.any_op {transform.readonly},
      %max: !transform.any_op {transform.consumed},
      %exp: !transform.any_op {transform.consumed},
      %sum: !transform.any_op {transform.consumed},
      %fills: !transform.any_op {transform.consumed},
      %func: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %fused_sum, %loop_1 = transform.structured.fuse_into_containing_op %sum into %loop
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_cse to %func : !transform.any_op
    %fused_exp, %loop_2 = transform.structured.fuse_into_containing_op %exp into %loop_1
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused_max, %loop_3 = transform.structured.fuse_into_containing_op %max into %loop_2
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused_fills, %loop_4 = transform.structured.fuse_into_containing_op %fills into %loop_3
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %func : !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reuse_producer_destination
    } : !transform.any_op
    transform.yield %loop_4, %fused_exp : !transform.any_op, !transform.any_op
  }

  // A softmax over the columns of a matrix, in blocks of 128 whole columns
  // (scf.forall in OpenMP's static split: each thread keeps its blocks,
  // and their caches, from call to call; the rows' shrinking chunks dealt
  // them out anew, 1024 x 1000 on two threads at 11.7 GFLOP/s against
  // 20.2), the four ops fused into each block. A block of 4096 rows is 2
  // MiB and stays in L3 between the passes of the max, the exp map, the
  // sum and the division, so that only the max reads the matrix from
  // memory and only the division writes it back. In a block each op goes
  // 2 rows x 64 columns at a time, rows outer: the maxima and sums of the
  // block's columns are updated row by row (the reduction is along the
  // rows, so its lanes are the columns, not partial lanes of one result).
  // The division reads the exponentials through its destination
  // (transform.apply_patterns.loom.reuse_producer_destination) and so
  // overwrites them in place. On 4096 x 4096, 6.1 GFLOP/s against 4.2 for
  // the default schedule's tiles on one thread, 11.7 against 6.1 on two
  // (docs/performance.md); blocks of 64 or fewer columns (a piece of 256
  // bytes from every row, 16 KiB apart) and of 512 or more (a block beyond
  // L3's share) ran slower.
  transform.named_sequence @tile_columns_softmax(
      %softmax: !transform.any_op {transform.consumed}) {
    %func, %max, %exp, %sum, %div, %fills = transform.include @decomposed_softmax
        failures(propagate) (%softmax)
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %block_div, %blocks = transform.structured.tile_using_forall %div
      tile_sizes [0, 128] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %blocks_4, %block_exp = transform.include @fuse_softmax_into failures(propagate)
        (%blocks, %max, %exp, %sum, %fills, %func)
      : (!transform.any_op, !transform.any_op, !transform.any_op,
         !transform.any_op, !transform.any_op, !transform.any_op)
      -> (!transform.any_op, !transform.any_op)
    %generics = transform.structured.match ops{["linalg.generic"]} in %blocks_4
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %generics : !transform.any_op {
    ^bb0(%generic: !transform.any_op):
      %tile, %loops:2 = transform.structured.tile_using_for %generic
        tile_sizes [2, 64]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    }
    transform.yield
  }
  // The same for each matrix of a batch (a softmax over the middle
  // dimension of three): blocks of one matrix x 128 columns.
  transform.named_sequence @tile_middle_softmax(
      %softmax: !transform.any_op {transform.consumed}) {
    %blocks = transform.include @tile_middle_blocks failures(propagate) (%softmax)
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  // The blocks of a batch that does not stay in L3 from call to call go to
  // the threads in shrinking chunks, like the rows: each thread keeping
  // its blocks gains nothing there, and the chunks let a faster core do
  // more (two threads, GFLOP/s, static split / shrinking chunks: over the
  // middle dimension of 16 x 512 x 1024, 32 MiB, 15.2 / 19.5; of 64 x 512
  // x 1024 14.5 / 19.4; of 12 x 512 x 1024, 24 MiB, 19.7 / 21.8; but of 8
  // x 512 x 1024, 16 MiB, 23.8 / 22.5, and of 12 x 197 x 256 30.8 / 18.1).
  transform.named_sequence @tile_large_middle_softmax(
      %softmax: !transform.any_op {transform.consumed}) {
    %blocks = transform.include @tile_middle_blocks failures(propagate) (%softmax)
      : (!transform.any_op) -> !transform.any_op
    %guided = transform.param.constant "guided" -> !transform.any_param
    transform.annotate %blocks "loom.omp_schedule" = %guided
      : !transform.any_op, !transform.any_param
    transform.yield
  }
  transform.named_sequence @tile_middle_blocks(
      %softmax: !transform.any_op {transform.consumed}) -> !transform.any_op {
    %func, %max, %exp, %sum, %div, %fills = transform.include @decomposed_softmax
        failures(propagate) (%softmax)
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %block_div, %blocks = transform.structured.tile_using_forall %div
      tile_sizes [1, 0, 128] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %blocks_4, %block_exp = transform.include @fuse_softmax_into failures(propagate)
        (%blocks, %max, %exp, %sum, %fills, %func)
      : (!transform.any_op, !transform.any_op, !transform.any_op,
         !transform.any_op, !transform.any_op, !transform.any_op)
      -> (!transform.any_op, !transform.any_op)
    %generics = transform.structured.match ops{["linalg.generic"]} in %blocks_4
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %generics : !transform.any_op {
    ^bb0(%generic: !transform.any_op):
      %tile, %loops:2 = transform.structured.tile_using_for %generic
        tile_sizes [0, 2, 64]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.include @columns_left_in_vectors failures(suppress) (%loops#1)
        : (!transform.any_op) -> ()
    }
    transform.yield %blocks_4 : !transform.any_op
  }
  // In a block of a matrix of a batch, the columns past the block's whole
  // steps of 64 (a block narrower than 128, where the columns are not a
  // multiple of it) go in steps of one vector (16 lanes), the last one
  // masked: as one masked step of 64 lanes, the few columns left cost as
  // much as 64, the exp's polynomial on four vectors (12 x 197 x 197, whose
  // last block of 69 is a step of 64 and 5 columns: 11.0 -> 14.4 GFLOP/s
  // on one thread, 21.4 -> 26.2 on two). Not for the columns of a matrix
  // (@tile_columns_softmax): there, on two threads, the same steps lost
  // 10-20% (1024 x 912, 1024 x 1016) with the same speed on one, for a
  // reason not found (docs/performance.md).
  transform.named_sequence @columns_left_in_vectors(
      %loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %steps, %left = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    // (When the block's columns are whole steps there is nothing to peel:
    // the peel fails, the include of this sequence goes on past the
    // failure, and %left is empty.)
    transform.foreach %left : !transform.any_op {
    ^bb0(%left_loop: !transform.any_op):
      %ops = transform.structured.match interface{LinalgOp} in %left_loop
        : (!transform.any_op) -> !transform.any_op
      transform.foreach %ops : !transform.any_op {
      ^bb0(%op: !transform.any_op):
        %step, %vectors = transform.structured.tile_using_for %op
          tile_sizes [0, 0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      }
    }
    transform.yield
  }
  // A softmax decomposed: its function, its four ops and the fills of the
  // maxima and the sums.
  transform.named_sequence @decomposed_softmax(
      %softmax: !transform.any_op {transform.consumed})
      -> (!transform.any_op, !transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op) {
    %func = transform.get_parent_op %softmax {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
    %decomposed = transform.structured.decompose_interface %softmax
      : (!transform.any_op) -> !transform.any_op
    %max, %exp, %sum, %div, %fills = transform.include @softmax_parts
        failures(propagate) (%decomposed)
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield %func, %max, %exp, %sum, %div, %fills
      : !transform.any_op, !transform.any_op, !transform.any_op,
        !transform.any_op, !transform.any_op, !transform.any_op
  }

  // Steps 1 to 4 for one softmax over its last dimension, in steps of
  // %step rows: its leading dimensions collapsed into one of rows, the rows
  // past its whole steps split off into a softmax of their own that goes
  // one row at a time.
  transform.named_sequence @tile_rows_softmax(
      %softmax: !transform.any_op {transform.consumed},
      %step: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly}) {
    %rows_softmax = transform.loom.collapse_leading_loops %softmax
      : (!transform.any_op) -> !transform.any_op
    %full, %rest = transform.loom.split_full_tiles %rows_softmax
        dimension = 0 tile_size = %step
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.foreach %full : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      transform.include @tile_row_steps failures(propagate) (%one, %step, %rows_ahead)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    }
    %one_row = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.foreach %rest : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      transform.include @tile_row_steps failures(propagate) (%one, %one_row, %rows_ahead)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    }
    transform.yield
  }
  transform.named_sequence @tile_row_steps(
      %softmax: !transform.any_op {transform.consumed},
      %step: !transform.param<i64> {transform.readonly},
      %rows_ahead: !transform.param<i64> {transform.readonly}) {
    %func, %max_0, %exp_0, %sum_0, %div_0, %fills_0 = transform.include @decomposed_softmax
        failures(propagate) (%softmax)
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %generics = transform.merge_handles %max_0, %exp_0, %sum_0, %div_0 : !transform.any_op
    // A softmax over the last dimension of a tensor of more than two
    // dimensions is one over rows: its leading dimensions become one (the
    // reshapes between the ops cancel, the fills of the maxima and sums
    // are reshaped with them).
    %rows_generics = transform.loom.collapse_leading_loops %generics
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    %max, %exp, %sum, %div = transform.split_handle %rows_generics
      : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %max_fill = transform.get_producer_of_operand %max[1]
      : (!transform.any_op) -> !transform.any_op
    %sum_fill = transform.get_producer_of_operand %sum[1]
      : (!transform.any_op) -> !transform.any_op
    %fills = transform.merge_handles %max_fill, %sum_fill : !transform.any_op

    // 2. One row per scf.forall iteration, the other ops fused into it;
    // 3. the division writes over the exponentials (both in
    //    @fuse_softmax_into).
    %row_div, %rows = transform.structured.tile_using_forall %div
      tile_sizes [%step, 0] : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    // The rows go to the threads in shrinking chunks, so that a thread on a
    // slower core does fewer: on a 2-vCPU Zen 5 VM, 4096 x 4096 at 22.1
    // GFLOP/s against 15.0 with OpenMP's static split.
    %guided = transform.param.constant "guided" -> !transform.any_param
    transform.annotate %rows "loom.omp_schedule" = %guided
      : !transform.any_op, !transform.any_param
    %rows_4, %row_exp = transform.include @fuse_softmax_into failures(propagate)
        (%rows, %max, %exp, %sum, %fills, %func)
      : (!transform.any_op, !transform.any_op, !transform.any_op,
         !transform.any_op, !transform.any_op, !transform.any_op)
      -> (!transform.any_op, !transform.any_op)

    // 4. Exp in steps of 64 columns, which prefetch the rows of the step
    //    rows_ahead steps on (loom-prefetch-ahead); partial reductions along
    //    a row of at least two such steps; the division of a row too long
    //    to vectorize whole in steps of 64 columns too.
    %exp_tile, %exp_loop = transform.structured.tile_using_for %row_exp
      tile_sizes [0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.annotate %exp_loop "loom.prefetch_outer_ahead" = %rows_ahead
      : !transform.any_op, !transform.param<i64>
    %rows_5 = transform.foreach_match in %rows_4
        @long_row_reduction -> @reduce_in_lanes
      : (!transform.any_op) -> !transform.any_op
    %rows_6 = transform.foreach_match in %rows_5
        @long_row_division -> @divide_in_steps,
        @rows_division -> @divide_in_steps
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // guided_blocks_bytes: a softmax over the middle dimension of three
    //   that reads more than this many bytes hands its blocks to the threads
    //   in shrinking chunks (@large_middle_softmax); half of L3 (on Zen 5, 16
    //   MiB: static split faster at 16 MiB, the chunks from 24 MiB).
    %guided_bytes = transform.tune.knob<"guided_blocks_bytes"> = 16777216
        from options = [2097152, 4194304, 8388608, 16777216, 33554432, 67108864]
        {loom.sweep = false, loom.host_default = "l3_bytes / 2"} -> !transform.param<i64>
    // four_rows_below, two_rows_below: a softmax over rows of fewer than
    //   four_rows_below columns goes four rows at a time, one of fewer than
    //   two_rows_below two rows at a time, any other one row at a time
    //   (@tile_rows_softmax).
    %four_below = transform.tune.knob<"four_rows_below"> = 256
        from options = [0, 64, 128, 256, 512] -> !transform.param<i64>
    %two_below = transform.tune.knob<"two_rows_below"> = 3072
        from options = [0, 256, 512, 1024, 2048, 3072, 4096, 8192]
        {loom.host_default = "l1d_bytes / 16"} -> !transform.param<i64>
    // prefetch_rows_ahead: while the exp map of a step of rows computes
    //   from L1, it prefetches the input of the step this many steps on
    //   (0: none), which the hardware prefetchers would not fetch before
    //   that step's max pass asks for it. On an Intel Xeon (Emerald
    //   Rapids), one thread, 4096 x 4096 6.0 -> 8.4 GFLOP/s, 1024 x 1024
    //   1.3x; two rows ahead 8.1.
    %rows_ahead = transform.tune.knob<"prefetch_rows_ahead"> = 1
        from options = [0, 1, 2, 4] -> !transform.param<i64>
    %func_1 = transform.foreach_match in %func, %guided_bytes, %four_below, %two_below,
        %rows_ahead
        @short_rows_softmax -> @tile_rows_softmax,
        @medium_rows_softmax -> @tile_rows_softmax,
        @rows_softmax -> @tile_rows_softmax,
        @columns_softmax -> @tile_columns_softmax,
        @large_middle_softmax -> @tile_large_middle_softmax,
        @middle_softmax -> @tile_middle_softmax,
        @other_softmax -> @tile_other_softmax
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>, !transform.param<i64>) -> !transform.any_op

    // 5. Vectorize, clean up; polynomial exp, one division per row, the
    //    partial lanes reduced by halves.
    transform.include @loom_default_finish failures(propagate) (%root)
      : (!transform.any_op) -> ()
    %func_2 = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func_2 {
      transform.apply_patterns.loom.math_polynomial_approximation
      transform.apply_patterns.loom.reciprocal_division
      transform.apply_patterns.loom.reduction_tree
    } : !transform.any_op
    transform.yield
  }
}
