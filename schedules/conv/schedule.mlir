// Schedule for 2-D convolutions linalg.conv_2d_nhwc_hwcf (any static shape,
// stride and dilation, any element type; the blocking is chosen for f32): a
// direct convolution, blocked the way convolution libraries block it.
//
//   1. Thread tile: scf.forall over panels of n_r output channels (with
//      --threads > 1, panels are split among threads).
//   2. Filter packing: each panel's filter slice (KH x KW x C x n_r, rows
//      F floats apart) is copied into a contiguous buffer, 8 x n_r vectors at
//      a time, by the thread that uses it; channels that are not a multiple
//      of n_r are padded with zeros (the last output panel is then padded
//      too, and copied back).
//      The packing is part of the timed kernel (the weights are an argument);
//      the knob "pack_filter" turns it off.
//   3. Register tile: w_r output pixels of a row x n_r channels (w_r x 2
//      zmm accumulators on AVX-512), over loops of output rows, filter rows
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
// Needs --schedule-lib schedules/lib/vector.mlir.
//
//   build/bin/loom run schedules/conv/conv_14x14x256.mlir \
//     --schedule schedules/conv/schedule.mlir \
//     --schedule-lib schedules/lib/vector.mlir
module attributes {transform.with_named_sequence} {
  transform.named_sequence @loom_vector_to_fma(
      %func: !transform.any_op {transform.readonly})

  transform.named_sequence private @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %convs = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %convs : !transform.any_op {
    ^bb0(%conv: !transform.any_op):
      transform.include @loom_conv_blocked failures(propagate) (%conv)
        : (!transform.any_op) -> ()
    }
    %funcs = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.include @loom_vector_to_fma failures(propagate) (%funcs)
      : (!transform.any_op) -> ()
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
    //   n_r: output channels of a register tile, two vectors;
    %n_r = transform.tune.knob<"n_r"> = 32 from options = [8, 16, 32, 48, 64]
        {loom.host_default = "vector_bytes / 2"} -> !transform.param<i64>
    //   w_r: output pixels of a register tile: w_r x n_r / vector lanes
    //        accumulators, the filter vectors and a broadcast input fit in
    //        the registers;
    %w_r = transform.tune.knob<"w_r"> = 8 from options = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14]
        {loom.host_default = "(vector_registers - 3) / 2 - 6 * (vector_registers > 16)"}
        -> !transform.param<i64>

    // Loops of the convolution: (n, oh, ow, f, kh, kw, c).
    %named = transform.cast %conv : !transform.any_op
        to !transform.op<"linalg.conv_2d_nhwc_hwcf">
    %panel, %forall = transform.structured.tile_using_forall %named
        tile_sizes [0, 0, 0, %n_r]
      : (!transform.op<"linalg.conv_2d_nhwc_hwcf">, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    //   pack_filter: copy each panel's filter slice into a contiguous
    //                buffer (region 1) or read the filter where it is
    //                (region 0).
    %packed = transform.tune.alternatives<"pack_filter"> selected_region = 1
        -> !transform.any_op {
      %same = transform.cast %panel : !transform.any_op to !transform.any_op
      transform.yield %same : !transform.any_op
    }, {
      %p = transform.include @pack_filter failures(propagate) (%panel, %n_r)
        : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
      transform.yield %p : !transform.any_op
    }
    %tile, %n_loop, %oh_loop, %ow_loop, %kh_loop, %c_loop =
        transform.structured.tile_using_for %packed
        tile_sizes [1, 1, %w_r, 0, 1, 0, 1]
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op,
          !transform.any_op, !transform.any_op, !transform.any_op)
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
    // Register tiles: 1-D convolutions over the output row.
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
