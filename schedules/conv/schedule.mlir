// Schedule for 2-D convolutions linalg.conv_2d_nhwc_hwcf (any static shape,
// stride and dilation, any element type; the blocking is chosen for f32): a
// direct convolution, blocked the way convolution libraries block it.
//
//   1. Thread tile: scf.forall over panels of n_r output channels (with
//      --threads > 1, panels are split among threads), or over parts of the
//      output rows, one per thread, when there are no more panels than
//      threads (the panels are then a loop inside each part).
//   2. Filter packing: each panel's filter slice (KH x KW x C x n_r, rows
//      F floats apart) is copied into a contiguous buffer, 8 x n_r vectors at
//      a time, by the thread that uses it; channels that are not a multiple
//      of n_r are padded with zeros (the last output panel is then padded
//      too, and copied back).
//      The packing is part of the timed kernel (the weights are an argument);
//      the knob "pack_filter" turns it off.
//   3. Register tile: w_r output pixels of a row x n_r channels (8 x 2
//      zmm accumulators on a Zen with AVX-512, 5 x 4 on other cores with
//      32 vector registers; 8 x 2 for rows narrower than narrow_width
//      pixels), over loops of output rows, filter rows
//      and input channels; the filter columns (KW) are unrolled in the tile,
//      which reuses each input load for every filter column. The tile is a
//      1-D convolution (upstream's decompose), vectorized by upstream's 1-D
//      convolution vectorizer and lowered to broadcast x vector FMAs with
//      the accumulators kept in registers (schedules/lib/vector.mlir).
//   4. Output widths that are not a multiple of w_r: the last tile of each
//      row is peeled into a smaller static tile (no masks).
//
// The knobs take their defaults from the host (docs/performance.md); the
// values written are Zen 5's. Other ops of the payload are left to the
// lowering. test/lit/schedules/shape-grid.test runs it over ResNet-like,
// odd, strided and tiny shapes.
//
// A 1x1 convolution (f32) is a matmul: it is rewritten as one
// (transform.loom.conv_1x1_to_matmul) and blocked by the matmul
// schedule's @loom_matmul_blocked instead; a strided one copies the pixels
// it reads first (split among the threads).
//
// Needs --schedule-lib schedules/matmul/schedule.mlir --schedule-lib
// schedules/lib/vector.mlir.
//
//   build/bin/loom run schedules/conv/conv_14x14x256.mlir \
//     --schedule schedules/conv/schedule.mlir \
//     --schedule-lib schedules/matmul/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_vector_to_fma_marked(
      %func: !transform.any_op {transform.readonly})
  transform.named_sequence @loom_matmul_blocked(
      %matmul: !transform.any_op {transform.readonly})

  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %convs = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
      : (!transform.any_op) -> !transform.any_op
    // A 1x1 convolution is a matmul of (N H W) rows: it is
    // blocked as one (the matmul schedule's @loom_matmul_blocked, whose
    // blocking of a tall matmul of few columns beats the direct
    // convolution's; on an Emerald Rapids, one thread, GFLOP/s as a
    // matmul / direct / oneDNN: 1x1 56 x 56 x 64 -> 256 169 / 146 / 150,
    // 14 x 14 x 1024 -> 256 169 / 164 / 154, 7 x 7 x 512 -> 2048 148 /
    // 120 / 102, 7 x 7 x 2048 -> 512 122 / 122 / 100). The matmuls first:
    // their blocking vectorizes every generic of the function, which the
    // convolutions' tiles are not yet.
    // A 1x1 convolution of stride 2 reads every other pixel of every other
    // row: those pixels are copied first (on an Emerald Rapids, one
    // thread, 1x1 stride 2 56 x 56 x 256 -> 28 x 28 x 512: 165 GFLOP/s as
    // a copy and a matmul, 154 direct, oneDNN 170).
    %matmuls, %direct, %copies = transform.loom.conv_1x1_to_matmul %convs
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.foreach %copies : !transform.any_op {
    ^bb0(%copy: !transform.any_op):
      transform.include @copy_pixels failures(propagate) (%copy)
        : (!transform.any_op) -> ()
    }
    // (The functions of the direct convolutions, whose tiles are vectorized
    // below: a function of 1x1 convolutions alone has nothing of theirs,
    // and the copy its matmuls leave is not to be vectorized whole.)
    %direct_funcs = transform.get_parent_op %direct {op_name = "func.func", deduplicate}
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %matmuls : !transform.any_op {
    ^bb0(%matmul: !transform.any_op):
      transform.include @loom_matmul_blocked failures(propagate) (%matmul)
        : (!transform.any_op) -> ()
    }
    transform.foreach %direct : !transform.any_op {
    ^bb0(%conv: !transform.any_op):
      transform.include @loom_conv_blocked failures(propagate) (%conv)
        : (!transform.any_op) -> ()
    }
    transform.foreach %direct_funcs : !transform.any_op {
    ^bb0(%one_func: !transform.any_op):
      transform.include @loom_conv_vectorize failures(propagate) (%one_func)
        : (!transform.any_op) -> ()
    }
    %funcs = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_vector_to_fma_marked failures(propagate) (%funcs)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // The copy of the pixels a strided 1x1 convolution reads
  // (conv_1x1_to_matmul): its output rows split among the threads. Each
  // part is left to the lowering's loops, which LLVM vectorizes (as fast
  // as copying each pixel's channels as one vector: on an Emerald Rapids,
  // one thread, 1x1 stride 2 56 x 56 x 256 -> 28 x 28 x 512 167 GFLOP/s
  // against 165).
  transform.named_sequence @copy_pixels(%copy: !transform.any_op {transform.consumed}) {
    //   copy_thread_parts: parts of the copy's rows, one per thread.
    %parts = transform.tune.knob<"copy_thread_parts"> = 1 from options = [1, 2, 4, 8, 16, 32, 64]
        {loom.sweep = false, loom.host_default = "threads"} -> !transform.param<i64>
    %part, %forall = transform.structured.tile_using_forall %copy
        num_threads [0, %parts, 0, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // Splits the last, partial iteration off a loop (fails, and the caller
  // suppresses it, when the step divides the range).
  transform.named_sequence @peel_last(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for {fail_if_already_divisible = true}
      : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // The output channels and the output width of a convolution (its loops
  // f and ow).
  transform.named_sequence @channels_and_width_of(%op: !transform.any_op {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    %channels, %width = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %f = transform.match.structured.dim %s[3] : (!transform.any_op) -> !transform.param<i64>
      %ow = transform.match.structured.dim %s[2] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %f, %ow : !transform.param<i64>, !transform.param<i64>
    }
    transform.yield %channels, %width : !transform.param<i64>, !transform.param<i64>
  }

  // Matchers and action of a foreach_match that is a select of two
  // params: (%narrow_a, %narrow_b) when %width < %limit, (%a, %b)
  // otherwise.
  transform.named_sequence @conv_narrow(%op: !transform.any_op {transform.readonly},
      %width: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %narrow_a: !transform.param<i64> {transform.readonly},
      %narrow_b: !transform.param<i64> {transform.readonly},
      %a: !transform.param<i64> {transform.readonly},
      %b: !transform.param<i64> {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.conv_2d_nhwc_hwcf"] : !transform.any_op
    transform.match.param.cmpi lt %width, %limit : !transform.param<i64>
    transform.yield %narrow_a, %narrow_b : !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @conv_wide(%op: !transform.any_op {transform.readonly},
      %width: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly},
      %narrow_a: !transform.param<i64> {transform.readonly},
      %narrow_b: !transform.param<i64> {transform.readonly},
      %a: !transform.param<i64> {transform.readonly},
      %b: !transform.param<i64> {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    transform.match.operation_name %op ["linalg.conv_2d_nhwc_hwcf"] : !transform.any_op
    transform.yield %a, %b : !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @conv_forward_two(%a: !transform.param<i64> {transform.readonly},
      %b: !transform.param<i64> {transform.readonly})
      -> (!transform.param<i64>, !transform.param<i64>) {
    transform.yield %a, %b : !transform.param<i64>, !transform.param<i64>
  }

  // Matchers and actions of a foreach_match that is an if: the op goes to
  // the first result when %value <= %limit, to the second otherwise.
  transform.named_sequence @conv_at_most(%op: !transform.any_op {transform.readonly},
      %value: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.conv_2d_nhwc_hwcf"] : !transform.any_op
    transform.match.param.cmpi le %value, %limit : !transform.param<i64>
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @conv_otherwise(%op: !transform.any_op {transform.readonly},
      %value: !transform.param<i64> {transform.readonly},
      %limit: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.conv_2d_nhwc_hwcf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @conv_first_of_two(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %none = transform.select "func.return" in %op : (!transform.any_op) -> !transform.any_op
    transform.yield %op, %none : !transform.any_op, !transform.any_op
  }
  transform.named_sequence @conv_second_of_two(%op: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %none = transform.select "func.return" in %op : (!transform.any_op) -> !transform.any_op
    transform.yield %none, %op : !transform.any_op, !transform.any_op
  }

  // Copies the filter slice of a channel panel into a buffer of its own
  // (tensor.pad nofold, rewritten to a linalg.copy, or to a linalg.fill and
  // an insert_slice when the panel is partial) and returns the convolution
  // on that buffer. The output panel is padded only when it is partial.
  transform.named_sequence @pack_filter(
      %tile: !transform.any_op {transform.consumed},
      %n_r: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    %padded, %pads, %copy_back = transform.structured.pad %tile
        pad_to_multiple_of [%n_r]
        {padding_dimensions = [3], nofold_flags = [0, 1, 0],
         copy_back_op = "none"}
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %filter_pad = transform.get_producer_of_operand %padded[1]
      : (!transform.any_op) -> !transform.any_op
    %copy = transform.structured.rewrite_in_destination_passing_style %filter_pad
      : (!transform.any_op) -> !transform.any_op
    transform.yield %padded : !transform.any_op
  }

  // The blocking of one linalg.conv_2d_nhwc_hwcf (steps 1 to 4 above); the
  // contractions are left as vector.contract for @loom_vector_to_fma.
  transform.named_sequence @loom_conv_blocked(
      %conv: !transform.any_op {transform.readonly}) {
    %func = transform.get_parent_op %conv {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
    // The blocking, derived from this machine (loom.host_default: an
    // expression over the host's vector width and registers, cache sizes and
    // the knobs before it; loom run --knob, a tuned record or loom tune may
    // choose another option):
    //   conv_n_r: output channels of a register tile, two vectors (four on a
    //        core with 32 vector registers that is not a Zen);
    %n_r = transform.tune.knob<"conv_n_r"> = 32 from options = [8, 16, 32, 48, 64]
        {loom.host_default = "vector_bytes / 2 * (1 + (1 - zen) * (vector_registers > 16))"}
        -> !transform.param<i64>
    //   w_r: output pixels of a register tile: w_r x n_r / vector lanes
    //        accumulators, the filter vectors and a broadcast input fit in
    //        the registers (8 x 2 vectors; 5 x 4 vectors off a Zen: on an
    //        Intel Emerald Rapids, one thread, GFLOP/s with 64 x 5 against
    //        32 x 8, oneDNN: 1x1 56x56x256 -> 64 143 / 132, 143; 3x3
    //        stride 2 28x28x128 -> 128 160 / 152, 166; 1x1 stride 2
    //        28x28x256 -> 512 152 / 148, 159; the 7x7 stem 168 / 162, 160;
    //        and every tuned record of this CPU but those of outputs 7 or
    //        14 wide chose 64 x 4-5; on Zen 5 every record chose 32);
    %w_r = transform.tune.knob<"w_r"> = 8 from options = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14]
        {loom.host_default = "(vector_registers - 3) / 2 - 6 * (vector_registers > 16) - 3 * (1 - zen) * (vector_registers > 16)"}
        -> !transform.param<i64>
    //   narrow_width, narrow_n_r, narrow_w_r: a convolution whose output
    //        rows have fewer than narrow_width pixels takes register tiles
    //        of narrow_n_r x narrow_w_r instead: a row of 7 is one tile of
    //        7 x 2 vectors, where tiles of 5 x 4 vectors leave a tile of 2
    //        (on an Intel Emerald Rapids, 3x3 stride 2 7x7x512 -> 512: 111
    //        GFLOP/s with 32 x 8, 96 with 64 x 5). 0 on a Zen (where n_r x
    //        w_r is already 8 x 2 vectors), 2 * w_r elsewhere;
    %narrow_width = transform.tune.knob<"narrow_width"> = 0 from options = [0, 4, 6, 8, 10, 12, 16, 24, 32]
        {loom.sweep = false, loom.host_default = "2 * w_r * (1 - zen)"} -> !transform.param<i64>
    %narrow_n_r = transform.tune.knob<"narrow_n_r"> = 32 from options = [8, 16, 32, 48, 64]
        {loom.sweep = false, loom.host_default = "vector_bytes / 2"} -> !transform.param<i64>
    %narrow_w_r = transform.tune.knob<"narrow_w_r"> = 8 from options = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14]
        {loom.sweep = false, loom.host_default = "(vector_registers - 3) / 2 - 6 * (vector_registers > 16)"}
        -> !transform.param<i64>

    //   conv_thread_parts: parts of the output rows when the threads split
    //                 them (below), one per thread;
    //   row_split_channels: a convolution of at most this many output
    //        channels (at most one panel per thread) splits its output rows
    //        among the threads, each thread computing every panel of its
    //        rows; one of more splits its panels, each thread computing
    //        every row of its panels (and packing only their filter
    //        slices). 0 on one thread: the panels are a loop either way.
    //        With as many panels as threads, the rows are faster: on Zen 5,
    //        two threads, the 7x7 stride-2 stem (112x112, 3 -> 64) 425
    //        GFLOP/s against 360, 1x1 56x56x256 -> 64 388 against 367,
    //        3x3 56x56x64 -> 64 409 against 383 (docs/performance.md).
    %thread_parts = transform.tune.knob<"conv_thread_parts"> = 1 from options = [1, 2, 4, 8, 16, 32, 64]
        {loom.sweep = false, loom.host_default = "threads"} -> !transform.param<i64>
    %row_split_channels = transform.tune.knob<"row_split_channels"> = 0
        from options = [0, 8, 16, 32, 48, 64, 96, 128, 192, 256, 512]
        {loom.sweep = false, loom.host_default = "conv_n_r * threads * (threads > 1)"}
        -> !transform.param<i64>

    // Loops of the convolution: (n, oh, ow, f, kh, kw, c).
    %channels, %width = transform.include @channels_and_width_of failures(propagate) (%conv)
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>)
    // The register tile of this convolution: narrow_n_r x narrow_w_r when
    // its output rows are narrower than narrow_width, n_r x w_r otherwise.
    %conv_c = transform.cast %conv : !transform.any_op to !transform.any_op
    %conv_w, %tile_n_r, %tile_w_r = transform.foreach_match restrict_root flatten_results
        in %conv_c, %width, %narrow_width, %narrow_n_r, %narrow_w_r, %n_r, %w_r
        @conv_narrow -> @conv_forward_two, @conv_wide -> @conv_forward_two
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>)
      -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
    // The foreach_match is an if: %by_rows holds the convolution when it
    // has at most row_split_channels output channels, %by_panels otherwise.
    %named = transform.cast %conv_w : !transform.any_op to !transform.any_op
    %conv_1, %by_rows, %by_panels = transform.foreach_match restrict_root flatten_results
        in %named, %channels, %row_split_channels
        @conv_at_most -> @conv_first_of_two, @conv_otherwise -> @conv_second_of_two
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %panel_p, %forall_p = transform.structured.tile_using_forall %by_panels
        tile_sizes [0, 0, 0, %tile_n_r]
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    // (A foreach: %by_rows is empty when the threads split the panels.)
    %panel_r, %forall_r = transform.foreach %by_rows
        : !transform.any_op -> !transform.any_op, !transform.any_op {
    ^bb0(%one: !transform.any_op):
      %rows_part, %rows_forall = transform.structured.tile_using_forall %one
          num_threads [0, %thread_parts, 0, 0]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
      %rows_panel, %panel_loop = transform.structured.tile_using_for %rows_part
          tile_sizes [0, 0, 0, %tile_n_r]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
      transform.yield %rows_panel, %rows_forall : !transform.any_op, !transform.any_op
    }
    %panel = transform.merge_handles %panel_p, %panel_r : !transform.any_op
    %forall = transform.merge_handles %forall_p, %forall_r : !transform.any_op
    //   pack_filter: copy each panel's filter slice into a contiguous
    //                buffer (region 1) or read the filter where it is
    //                (region 0).
    %packed = transform.tune.alternatives<"pack_filter"> selected_region = 1
        -> !transform.any_op {
      %same = transform.cast %panel : !transform.any_op to !transform.any_op
      transform.yield %same : !transform.any_op
    }, {
      %p = transform.include @pack_filter failures(propagate) (%panel, %tile_n_r)
        : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
      transform.yield %p : !transform.any_op
    }
    %tile, %n_loop, %oh_loop, %ow_loop, %kh_loop, %c_loop =
        transform.structured.tile_using_for %packed
        tile_sizes [1, 1, %tile_w_r, 0, 1, 0, 1]
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op)
    // The loops over which a register tile's accumulators stay in
    // registers (@loom_vector_to_fma_marked; copied with the peeled tile).
    %reduction_loops = transform.merge_handles %kh_loop, %c_loop : !transform.any_op
    transform.annotate %reduction_loops "loom.hoist_subsets" : !transform.any_op
    transform.include @peel_last failures(suppress) (%ow_loop)
      : (!transform.any_op) -> ()
    // The packing's copy (a fill and a copy for a partial panel), in
    // 1 x 1 x 8 x n_r pieces: only those in the thread tile, not copies and
    // fills of the rest of the payload.
    %copies = transform.structured.match ops{["linalg.copy", "linalg.fill"]} in %forall
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %copies : !transform.any_op {
    ^bb0(%copy: !transform.any_op):
      %piece, %loops:3 = transform.structured.tile_using_for %copy
          tile_sizes [1, 1, 8, 0]
        : (!transform.any_op)
        -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    }
    transform.apply_patterns to %func {
      transform.apply_patterns.linalg.tiling_canonicalization
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }

  // Register tiles: 1-D convolutions over the output row; then vectors.
  // After every convolution of the function is tiled (done per convolution,
  // the second, still whole, would be decomposed and vectorized with the
  // first's tiles: a function of two convolutions failed so).
  transform.named_sequence @loom_conv_vectorize(
      %func: !transform.any_op {transform.readonly}) {
    %tiles = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %tiles : !transform.any_op {
    ^bb0(%t: !transform.any_op):
      %row = transform.structured.decompose %t
        : (!transform.any_op) -> !transform.any_op
    }
    %vector_tiles = transform.structured.match interface{LinalgOp} in %func
      : (!transform.any_op) -> !transform.any_op
    transform.loom.vectorize %vector_tiles best_effort : !transform.any_op
    transform.yield
  }
}
