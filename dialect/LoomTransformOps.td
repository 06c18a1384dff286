//===- LoomTransformOps.td - Loom transform dialect extension -*- tablegen -*-===//
//
// Loom's transform ops: `transform.loom.<snake_case>`. Upstream transform ops
// are used wherever they exist; ops live here only where upstream has a gap.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_LOOMTRANSFORMOPS_TD
#define LOOM_DIALECT_LOOMTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/MatchInterfaces.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

// Base class of every op of the extension.
class Loom_TransformOp<string mnemonic, list<Trait> traits = []>
    : Op<Transform_Dialect, "loom." # mnemonic, traits> {
  let cppNamespace = "::mlir::loom";
}

def FuseElementwiseOp : Loom_TransformOp<"fuse_elementwise",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let summary = "Fuse elementwise linalg.generic producers into their consumers, explaining each decision";
  let description = [{
    Fuses producer/consumer pairs of `linalg.generic` ops, repeatedly, until
    no pair is left that the legality conditions and the options allow. The
    scope is the payload ops of `target`: `linalg.generic` ops (a pair is a
    candidate when both ops are in the handle), or ops that contain them, such
    as `func.func` (every linalg op inside). The rewrite is upstream's
    `linalg::fuseElementwiseOps`; the fused op takes the consumer's place and
    location.

    A pair is legal when all of these hold (docs/fusion.md explains each):

    1. *generic ops*: producer and consumer are `linalg.generic` (with
       `generalize`, named ops whose loops are all parallel, such as
       `linalg.add` or `linalg.transpose`, are generalized first);
    2. *tensor semantics*: the producer has pure tensor semantics and the
       fused operand is a ranked tensor;
    3. *parallel producer*: every producer loop is parallel;
    4. *input operand*: the fused operand is an input of the consumer, not an
       init;
    5. *loop count*: the consumer's indexing map for the operand has as many
       results as the producer has loops;
    6. *permutation producer map*: the producer's result map is a
       permutation. For any other map, even one invertible over the integers
       such as `(d0, d1) -> (d0 + d1, d0)`, the image of the producer's
       iteration box is not the whole result tensor, so elements the producer
       never writes (which hold its init values) would be recomputed from
       iterations outside its domain;
    7. *reduction coverage*: when the consumer has reduction loops, every
       consumer loop is still indexed by some operand after fusion.

    8. *producer result*: the fused op keeps the producer's result as an
       extra result when it has other users or the producer's body reads its
       init, and drops it otherwise.

    Each producer operand's indexing map in the fused op is
    `producer-arg-map o inverse(producer-result-map) o consumer-arg-map`, and
    `linalg.index` ops in the producer's body are remapped the same way.

    Options (the schedule chooses the trade-offs):

    - by default only producers whose result has no user but the consumer
      are fused, and never into a consumer that reads the result through a
      broadcasting (non-permutation) map, which would recompute the producer;
    - `allow_multi_use`: also fuse producers with other users; the fused op
      keeps the result alive for them;
    - `rematerialize = K`: a producer whose body has at most K ops (the
      terminator not counted) is recomputed in every consumer instead of
      stored, and may be fused into broadcasting consumers;
    - `max_fusions = N`: stop after N fusions;
    - `generalize`: generalize all-parallel named ops first;
    - `explain`: emit a remark at the consumer for every candidate pair:
      fused (and whether the producer's result was kept, condition 8), or
      not fused with the failed condition's number and name, or the option
      that forbade it.

    The decisions are also recorded for `loom run --json`
    (`schedule.fusion` in the record), with or without `explain`.

    #### Return modes

    Consumes `target` and returns the linalg ops of the scope after fusion,
    in their original order (a fused op in its consumer's place). As for any
    op that consumes a handle, handles to ops nested in the target's ops
    (other matches inside a function given as target) are invalidated: use
    the result, or match again. An empty
    handle, or a scope with no fusable pair, is not an error: the ops are
    returned unchanged. A silenceable failure is emitted when `target` holds
    an op that is neither a linalg op nor an op with regions, or a named
    linalg op without `generalize`.

    #### Example

    ```mlir
    %fused = transform.loom.fuse_elementwise %func explain rematerialize = 2
        : (!transform.any_op) -> !transform.any_op
    ```
  }];

  let arguments = (ins
    TransformHandleTypeInterface:$target,
    UnitAttr:$allow_multi_use,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$rematerialize,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$max_fusions,
    UnitAttr:$generalize,
    UnitAttr:$explain);
  let results = (outs TransformHandleTypeInterface:$transformed);
  let assemblyFormat = [{
    $target
    (`allow_multi_use` $allow_multi_use^)?
    (`rematerialize` `=` $rematerialize^)?
    (`max_fusions` `=` $max_fusions^)?
    (`generalize` $generalize^)?
    (`explain` $explain^)?
    attr-dict `:` functional-type(operands, results)
  }];
}

def TraceOp : Loom_TransformOp<"trace",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Report how many payload ops, values or params some handles hold";
  let description = [{
    Counts what each operand handle is mapped to (payload ops, payload values
    or parameters) and reports the counts under `label`: as a remark at the
    op (`label: 3, 0`), or, when a driver collects a trace, into that trace
    instead. It reads its handles and changes nothing, so it can sit anywhere
    in a schedule to see whether a match or a transform found its targets.

    `loom run` inserts these around every top-level op of the entry point
    (and the ops directly inside the regions of `transform.alternatives`) to
    record what the schedule did (`schedule.trace` in the record, printed with `--explain`); the
    inserted ops never appear in the schedule file.

    #### Return modes

    Always succeeds. Reads its operands; has no results.

    #### Example

    ```mlir
    transform.loom.trace "after tiling" of %tiled, %loops
        : !transform.any_op, !transform.any_op
    // remark: after tiling: 1, 2
    ```
  }];

  let arguments = (ins StrAttr:$label,
                       Variadic<Transform_AnyHandleOrParamType>:$handles);
  let assemblyFormat =
      "$label (`of` $handles^ `:` type($handles))? attr-dict";
}

def AutoTileOp : Loom_TransformOp<"auto_tile",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let summary = "Tile any structured op to scf.forall and scf.for with tile sizes chosen from its loops";
  let description = [{
    Tiles every target op (a linalg op, or any op with the TilingInterface)
    twice, with sizes chosen from the number, kinds and sizes of its loops,
    so that one schedule serves ops it knows nothing about
    (`schedules/lib/default.mlir`):

    1. `scf.forall` over the outermost parallel loop with more than one
       iteration (see contractions below), in about four chunks that are
       whole multiples of the vector tile of that loop;
    2. `scf.for` over every loop, to the shape that `transform.loom.vectorize`
       turns into vectors. With W = `vector_bytes` worth of the widest
       element type (16 f32 for 64 bytes):
       - contractions (`linalg::inferContractionDims`): 8 x 2 W register
         tiles of the last M and N loops (16 accumulator vectors), one step
         of the reduction at a time, inside cache blocks of 256 columns and
         256 steps of the reduction (a further `scf.for` level); a
         contraction with more than twice as many columns as rows is split
         among threads by columns;
       - convolutions and pooling (`linalg::inferConvolutionDims`): the last
         window loop whole, up to 8 iterations of the last output image loop
         (a divisor of it when one is at least 4), 2 W of the last output
         channel loop, W of the last depth, input channel and output-minor
         loops, 1 for all other loops, so that
         `transform.structured.decompose` can rewrite 2-D ones as 1-D
         convolutions;
       - other ops: W iterations (4 W when the op has no reduction) of the
         loop that indexes the last dimension of the first output (or the
         last parallel loop, or the last loop), up to W of the innermost
         other reduction loop, 1 for all other loops.

    With `serial`, level 1 is left out: for ops that a schedule already put
    inside its own `scf.forall` (a thread tile with fused producers).

    A loop that fits in its tile is not tiled, and a static loop gets the
    largest tile size that divides it when that is at least half the
    target, so tiles stay static where they can; elsewhere the last tile is
    partial and `transform.loom.vectorize` masks it.

    #### Return modes

    Consumes `target`. `tiled` holds the innermost tiled op for each target
    (the target itself when it has no TilingInterface or tiling it failed;
    then a remark at the op says why), `loops` the generated loops,
    outermost first. Never fails.

    #### Example

    ```mlir
    %tiled, %loops = transform.loom.auto_tile %matmul
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```
  }];

  let arguments = (ins
    TransformHandleTypeInterface:$target,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "64">:$vector_bytes,
    UnitAttr:$serial);
  let results = (outs TransformHandleTypeInterface:$tiled,
                      TransformHandleTypeInterface:$loops);
  let assemblyFormat = [{
    $target (`vector_bytes` `=` $vector_bytes^)? (`serial` $serial^)?
    attr-dict `:` functional-type(operands, results)
  }];
}

def SplitFullTilesOp : Loom_TransformOp<"split_full_tiles",
    [AttrSizedOperandSegments, DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Split a structured op into the part that whole tiles of a loop cover and the rest";
  let description = [{
    Splits every target op (a linalg op, or any op with the TilingInterface)
    along loop `dimension` where its whole tiles of `tile_size` end (a
    number, or a parameter: a knob of the schedule, one value): `full`
    covers the first `(size floordiv tile_size) * tile_size` iterations of
    the loop, `rest` the remaining ones (fewer than `tile_size`). Each part
    is an op of the same kind on slices of the operands
    (upstream's `linalg::splitOp`), so each can be scheduled on its own: the
    full part tiled, packed and vectorized without padding or masks, the rest
    with a smaller tile. `transform.structured.split` does the split when the
    point is known as the schedule is written; this op computes it from the
    op's shape.

    With `join_rest` (a parameter, one non-negative value), a rest of at
    most that many iterations joins the last whole tile: `rest` then covers
    `tile_size` plus them. A register tile of 8 rows leaves 1 row of 49;
    alone, a tile of one row has too few accumulators to hide the FMA's
    latency, and 9 rows still fit the registers.

    With `balance_rest` (a parameter, one non-negative value), a rest of more
    than `join_rest` and at most `balance_rest` iterations and the last whole
    tile become two tiles of nearly the same size, the larger first, both in
    `rest`: 14 rows in register tiles of 6 are 6 + 4 + 4 rather than 6 + 6 +
    2, whose tile of 2 rows has too few accumulators, and 15 are 6 + 5 + 4.

    A loop that `tile_size` divides is not split (the op goes to `full`, and
    `rest` gets nothing for it), nor is one shorter than a tile (the op goes
    to `rest`; so does one of a single whole tile whose rest joins it). A
    dynamic loop is split at a point computed at run time (`join_rest` is
    not applied), and either part may then be empty.

    #### Return modes

    Consumes `target` (reads the parameters); `full` and `rest` hold the
    parts, in the order of the targets (each may hold fewer ops than
    `target`, see above). Fails silenceably on an op without the
    TilingInterface or with fewer than `dimension + 1` loops, when the tile
    size parameter is not one positive value and when `join_rest` or
    `balance_rest` is not one non-negative value. `rest` holds two ops for a
    target whose rest was balanced.

    #### Example

    ```mlir
    // 333 x 777 x 555: a matmul with N = 768 and one with N = 9.
    %full, %rest = transform.loom.split_full_tiles %matmul
        dimension = 1 tile_size = 32
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // The rows of a register tile, a knob: 333 rows in tiles of 8 are
    // 328 + 5.
    %m_r = transform.tune.knob<"m_r"> = 8 from options = [4, 8] -> !transform.param<i64>
    %full_m, %rest_m = transform.loom.split_full_tiles %matmul
        dimension = 0 tile_size = %m_r
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    // 49 rows: 40 + 9 (the row left over joins the last tile of 8).
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    %full_j, %rest_j = transform.loom.split_full_tiles %matmul
        dimension = 0 tile_size = %m_r join_rest = %three
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    // 14 rows in tiles of 6: 6 + 4 + 4 (the 2 rows left over and the last
    // tile of 6 balanced).
    %six = transform.param.constant 6 : i64 -> !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %full_b, %rest_b = transform.loom.split_full_tiles %matmul
        dimension = 0 tile_size = %six join_rest = %one balance_rest = %three
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    ```
  }];

  let arguments = (ins
    TransformHandleTypeInterface:$target,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension,
    Optional<TransformParamTypeInterface>:$tile_size_param,
    OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$tile_size,
    Optional<TransformParamTypeInterface>:$join_rest,
    Optional<TransformParamTypeInterface>:$balance_rest);
  let results = (outs TransformHandleTypeInterface:$full,
                      TransformHandleTypeInterface:$rest);
  let assemblyFormat = [{
    $target `dimension` `=` $dimension `tile_size` `=` ($tile_size^):($tile_size_param)?
    (`join_rest` `=` $join_rest^)?
    (`balance_rest` `=` $balance_rest^)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def CollapseLeadingLoopsOp : Loom_TransformOp<"collapse_leading_loops",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Collapse the loops of a linalg op (or softmax) before its last one into one";
  let description = [{
    Collapses the loops of every target linalg op but its last one into a
    single loop (upstream's `linalg::collapseOpIterationDims`), with the
    operands reshaped to match (`tensor.collapse_shape` before the op,
    `tensor.expand_shape` after it): a softmax over the last dimension of a
    12 x 197 x 197 tensor becomes one over 2364 rows of 197, so a schedule
    written for rows applies to a tensor of any rank. Between two collapsed
    ops the reshapes cancel (canonicalization). An op of one or two loops
    is left as it is. The leading loops must be contiguous in every
    indexing map (as they are for elementwise ops and reductions over the
    last dimension). A `linalg.softmax` (not a linalg op: an aggregate of
    four) over the last dimension becomes one over rows the same way
    (`schedules/lib/onednn.mlir` hands it to oneDNN so).

    #### Return modes

    Consumes `target`; `result` holds the collapsed ops (or the ops left as
    they were), in the order of the targets. Fails silenceably on an op
    that is not a linalg op or a softmax, whose indexing maps do not keep
    the leading loops contiguous, or on a softmax over another dimension
    than its last.

    #### Example

    ```mlir
    %rows = transform.loom.collapse_leading_loops %generics
      : (!transform.any_op) -> !transform.any_op
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
}

def SpecializeMatmulOp : Loom_TransformOp<"specialize_matmul",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     TransformOpInterface, TransformEachOpTrait]> {
  let summary = "Turn a generic that computes a matmul, A or B transposed or not, into a linalg.matmul with its maps";
  let description = [{
    Replaces each target `linalg.generic` of three loops (m, n, k: two
    parallel, the last a reduction) whose body multiplies and adds floats,
    whose output is indexed by (m, n), A by (m, k) or (k, m) and B by
    (k, n) or (n, k), by a `linalg.matmul` with the generic's indexing
    maps (the plain matmul, or `linalg.matmul indexing_maps = [...]` with
    A or B transposed), so that schedules written for `linalg.matmul`
    apply to it. A `linalg.batch_matmul` tiled to one batch and folded
    (`fold_unit_extent_dims_via_slices`) is such a generic, as
    `schedules/batch_matmul/schedule.mlir` makes it.

    Upstream's `transform.structured.specialize` does this only for the
    plain maps: on a transposed operand (LLVM 22) it builds a
    `linalg.matmul` with the default maps on the transposed operand, IR
    that does not verify ("slice along dimension 0 runs out-of-bounds").

    #### Return modes

    Consumes `target`; `result` holds the matmuls, in the order of the
    targets. Fails silenceably on a target that is not such a generic (the
    note says why).

    #### Example

    ```mlir
    %matmul = transform.loom.specialize_matmul %generic
      : (!transform.any_op) -> !transform.any_op
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def Conv1x1ToMatmulOp : Loom_TransformOp<"conv_1x1_to_matmul",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Turn a 1x1 convolution into a linalg.matmul";
  let description = [{
    Replaces each target `linalg.conv_2d_nhwc_hwcf` whose filter is 1 x 1
    (f32 tensors of static shapes) by the matmul it is: the input `N x H x
    W x C` collapsed into `(N H W) x C` rows, the filter `1 x 1 x C x F`
    into `C x F`, the output into `(N H W) x F`, and the matmul's result
    expanded back (`tensor.collapse_shape` and `tensor.expand_shape`: no
    copy). A convolution of strides `sh, sw` other than 1 reads every
    `sh`-th row and `sw`-th pixel of its input, rows that do not collapse:
    those pixels are copied first (`tensor.extract_slice` of those strides
    into a `linalg.copy` of `N x OH x OW x C`, whose result is collapsed).
    Schedules written for `linalg.matmul` then apply to it:
    `schedules/conv/schedule.mlir` blocks it with the matmul schedule's
    `@loom_matmul_blocked` (on an Emerald Rapids, 1x1 56 x 56 x 256 -> 64:
    169 GFLOP/s as a matmul against 146 as a direct convolution; 1x1
    stride 2 56 x 56 x 256 -> 28 x 28 x 512, the copy included: 165
    against 154). Upstream has no such rewrite (IREE has one of its own).

    #### Return modes

    Consumes `target`. `matmuls` holds the matmuls of the targets that were
    rewritten, `others` the targets that were not (another op, a filter
    larger than 1 x 1, another element type, a dynamic shape or buffers),
    `copies` the copies of the strided ones, each in the order of the
    targets. Never fails.

    #### Example

    ```mlir
    %convs = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %matmuls, %direct, %copies = transform.loom.conv_1x1_to_matmul %convs
      : (!transform.any_op)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$matmuls,
                      TransformHandleTypeInterface:$others,
                      TransformHandleTypeInterface:$copies);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
}

def TransposeMatmulBOp : Loom_TransformOp<"transpose_matmul_b",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Give a linalg.matmul whose B is transposed its B in the plain order, through a linalg.transpose";
  let description = [{
    For each target `linalg.matmul` on tensors whose B is indexed (n, k)
    (`indexing_maps`, as `nn.Linear`'s x * W^T is written), inserts a
    `linalg.transpose` of B into a new (k, n) tensor and replaces the
    matmul with one that reads it with B's plain map (A and C keep
    theirs). A schedule written for a row-major B (packing B into panels
    of columns, reading rows of B in place) then applies as it is, and the
    transpose gets its own tiles (16 x 16 blocks, `vector.transpose`
    lowered with shuffles): one pass over B, where packing panels of 32
    columns out of B's rows read each element with a stride of a row. A
    matmul whose B is not transposed is left as it is.

    Upstream's `transform.structured.transpose_matmul` goes the other way
    and refuses a matmul with `indexing_maps`.

    #### Return modes

    Consumes `target`; `matmul` holds the matmuls (the new ones, or the
    targets left as they were), `transpose` the transposes made (none for a
    target left). Fails silenceably on a target that is not a
    `linalg.matmul` on tensors.

    #### Example

    ```mlir
    %matmul, %transpose = transform.loom.transpose_matmul_b %target
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$matmul,
                      TransformHandleTypeInterface:$transpose);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
}

def MatchTransposedBOp : Loom_TransformOp<"match.transposed_b",
    [SingleOpMatcher, MatchOpInterface, MemoryEffectsOpInterface]> {
  let summary = "Matches a linalg.matmul whose B is transposed";
  let description = [{
    Succeeds when the payload op of `operand_handle` is a `linalg.matmul`
    whose B is indexed (n, k) (`indexing_maps`): the matmuls that
    `transform.loom.transpose_matmul_b` transposes, and that a schedule may
    rather compute as dot products along K (A's rows and B's are both
    contiguous there), as `schedules/matmul/schedule.mlir` does for few
    rows.

    #### Return modes

    Reads `operand_handle`. Fails silenceably when the op is not such a
    matmul; definitely when the handle holds more than one op.
  }];

  let arguments = (ins TransformHandleTypeInterface:$operand_handle);
  let assemblyFormat = "$operand_handle attr-dict `:` type($operand_handle)";
  let extraClassDeclaration = SingleOpMatcher.extraDeclaration;
}

def MatchMatmulGenericOp : Loom_TransformOp<"match.matmul_generic",
    [SingleOpMatcher, MatchOpInterface, MemoryEffectsOpInterface]> {
  let summary = "Matches a generic that transform.loom.specialize_matmul turns into a linalg.matmul";
  let description = [{
    Succeeds when the payload op of `operand_handle` is a `linalg.generic`
    that `transform.loom.specialize_matmul` takes: loops (m, n, k), k a
    reduction, output indexed by (m, n), A by (m, k) or (k, m), B by (k, n)
    or (n, k), floats of one type multiplied and added. A matcher of
    `transform.collect_matching` or `transform.foreach_match` asks it so
    that only such generics are specialized and the others are left for
    another schedule.

    #### Return modes

    Reads `operand_handle`. Fails silenceably when the op is not such a
    generic; definitely when the handle holds more than one op.

    #### Example

    ```mlir
    transform.named_sequence @matmul_generic(%op: !transform.any_op {transform.readonly})
        -> !transform.any_op {
      transform.loom.match.matmul_generic %op : !transform.any_op
      transform.yield %op : !transform.any_op
    }
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$operand_handle);
  let assemblyFormat = "$operand_handle attr-dict `:` type($operand_handle)";
  let extraClassDeclaration = SingleOpMatcher.extraDeclaration;
}

def MatchIdentityMapsOp : Loom_TransformOp<"match.identity_maps",
    [SingleOpMatcher, MatchOpInterface, MemoryEffectsOpInterface]> {
  let summary = "Matches a linalg op of parallel loops whose every operand is indexed by the identity";
  let description = [{
    Succeeds when the payload op of `operand_handle` is a linalg op whose
    loops are all parallel and whose every tensor or memref operand's
    indexing map is the identity: each has the op's shape and is read or
    written in the order of the loops (no broadcast, no transpose; a scalar
    input such as a fill's value is allowed).
    Such an op is the same computation over its elements in any order, and
    `transform.structured.flatten_elementwise` can make it one loop over
    contiguous memory. Upstream's flattening also takes ops with a
    transposed or broadcast operand and builds invalid IR from them
    (LLVM 22: an operand of rank 0 where the map has one result), so a
    schedule asks this first, in a matcher of `transform.foreach_match`, as
    `schedules/elementwise/schedule.mlir` does.

    #### Return modes

    Reads `operand_handle`. Fails silenceably when the op is not a linalg
    op, has a loop that is not parallel, or an operand whose map is not the
    identity; definitely when the handle holds more than one op.

    #### Example

    ```mlir
    transform.named_sequence @flat(%op: !transform.any_op {transform.readonly})
        -> !transform.any_op {
      transform.loom.match.identity_maps %op : !transform.any_op
      transform.yield %op : !transform.any_op
    }
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$operand_handle);
  let assemblyFormat = "$operand_handle attr-dict `:` type($operand_handle)";
  let extraClassDeclaration = SingleOpMatcher.extraDeclaration;
}

def MatchLastDimReductionOp : Loom_TransformOp<"match.last_dim_reduction",
    [SingleOpMatcher, MatchOpInterface, MemoryEffectsOpInterface]> {
  let summary = "Matches an op that reduces along the last dimension only: a row reduction or a softmax over rows";
  let description = [{
    Succeeds when the payload op of `operand_handle` reduces along the last
    dimension of its input and no other: a `linalg.softmax` whose
    `dimension` is its last, or a linalg op whose only reduction loop is its
    last loop (a row maximum or sum). A schedule written for rows (tiles of
    rows, the reduction along each row in vector lanes) is right for such
    an op and wrong for others: `schedules/softmax/schedule.mlir` asks this
    in a matcher of `transform.foreach_match` and leaves a softmax over
    another dimension to the default schedule's steps (it once computed
    one over columns as if over rows: every element wrong).

    #### Return modes

    Reads `operand_handle`. Fails silenceably when the op is neither, or
    reduces along another dimension or more than one; definitely when the
    handle holds more than one op.

    #### Example

    ```mlir
    transform.named_sequence @rows(%op: !transform.any_op {transform.readonly})
        -> !transform.any_op {
      transform.match.operation_name %op ["linalg.softmax"] : !transform.any_op
      transform.loom.match.last_dim_reduction %op : !transform.any_op
      transform.yield %op : !transform.any_op
    }
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$operand_handle);
  let assemblyFormat = "$operand_handle attr-dict `:` type($operand_handle)";
  let extraClassDeclaration = SingleOpMatcher.extraDeclaration;
}

def MatchSoftmaxOp : Loom_TransformOp<"match.softmax",
    [SingleOpMatcher, MatchOpInterface, MemoryEffectsOpInterface]> {
  let summary = "Matches a linalg.softmax and gives its rank, dimension and the sizes around it";
  let description = [{
    Succeeds when the payload op of `operand_handle` is a `linalg.softmax`
    of static sizes, and gives five i64 parameters: its `rank`, its
    `dimension`, its `outer` size (the product of the sizes before the
    dimension: 1 over the first), the `size` of that dimension (how many
    elements each softmax normalizes) and its `inner` size (the product of
    the sizes after the dimension: the contiguous run of elements that the
    softmax normalizes apart, one per position of the dimension; 1 over the
    last dimension). `outer * size * inner` is the number of elements.
    Upstream's structured matchers (`transform.match.structured.rank`,
    `dim`) take linalg ops only, which a softmax is not until it is
    decomposed; with this op a matcher of `transform.foreach_match` sorts
    softmaxes by shape: `schedules/softmax/schedule.mlir` tiles a softmax
    over the columns of a matrix by blocks of whole columns when it has
    enough rows and columns, and hands the blocks of a large batch to the
    threads in shrinking chunks.

    #### Return modes

    Reads `operand_handle`; produces five parameters. Fails silenceably
    when the op is not a softmax or has a dynamic size; definitely when the
    handle holds more than one op.

    #### Example

    ```mlir
    %rank, %dim, %outer, %size, %inner = transform.loom.match.softmax %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>,
                                !transform.param<i64>, !transform.param<i64>,
                                !transform.param<i64>)
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %dim, %zero : !transform.param<i64>
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$operand_handle);
  let results = (outs TransformParamTypeInterface:$rank,
                      TransformParamTypeInterface:$dimension,
                      TransformParamTypeInterface:$outer,
                      TransformParamTypeInterface:$size,
                      TransformParamTypeInterface:$inner);
  let assemblyFormat =
      "$operand_handle attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = SingleOpMatcher.extraDeclaration;
}

def ParamRemOp : Loom_TransformOp<"param.rem",
    [MatchOpInterface, DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "The remainder of parameters divided by a constant";
  let description = [{
    Gives, for each value of the `value` parameter, its remainder when
    divided by `divisor` (a positive number), in the same order. Upstream's
    transform dialect compares parameters (`transform.match.param.cmpi`) but
    has no arithmetic on them; with this op a matcher of
    `transform.foreach_match` can ask whether a size is a multiple of a
    number: whether the rows of a row-major matrix of f32 lie a multiple of
    4 KiB apart (N a multiple of 1024), as
    `schedules/matmul/schedule.mlir` does before reading B in place.

    #### Return modes

    Reads `value`; produces `result` (params of type i64). Fails
    silenceably when a value is negative (a dynamic size, from
    `transform.match.structured.dim`: a matcher then does not match).

    #### Example

    ```mlir
    %n = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
    %rem = transform.loom.param.rem %n by 1024
      : (!transform.param<i64>) -> !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.match.param.cmpi ne %rem, %zero : !transform.param<i64>
    ```
  }];

  let arguments = (ins TransformParamTypeInterface:$value,
                       ConfinedAttr<I64Attr, [IntPositive]>:$divisor);
  let results = (outs TransformParamTypeInterface:$result);
  let assemblyFormat = [{
    $value `by` $divisor attr-dict `:` functional-type(operands, results)
  }];
}

def ParamMulOp : Loom_TransformOp<"param.mul",
    [MatchOpInterface, DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "The products of two parameters";
  let description = [{
    Gives the products of the values of `lhs` and `rhs`, pairwise (both hold
    as many values) or each value of one by the single value of the other,
    in order (none when either holds none). With it a matcher of `transform.foreach_match` can compare a
    product of sizes with a parameter: the bytes of an operand, as
    `schedules/matmul/schedule.mlir` does to tell a B that streams from
    memory (its K x N floats above a share of L3) from one that stays in
    cache.

    #### Return modes

    Reads `lhs` and `rhs`; produces `result` (params of type i64). Fails
    silenceably when a value is negative (a dynamic size, from
    `transform.match.structured.dim`: a matcher then does not match), when
    a product overflows 64 bits, or when the two hold different numbers of
    values, neither of them one.

    #### Example

    ```mlir
    %k, %n = transform.match.structured failures(propagate) %op
      : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %d2 = transform.match.structured.dim %s[2] : (!transform.any_op) -> !transform.param<i64>
      %d1 = transform.match.structured.dim %s[1] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.yield %d2, %d1 : !transform.param<i64>, !transform.param<i64>
    }
    %elements = transform.loom.param.mul %k, %n
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    ```
  }];

  let arguments = (ins TransformParamTypeInterface:$lhs,
                       TransformParamTypeInterface:$rhs);
  let results = (outs TransformParamTypeInterface:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

def ParamCeilDivOp : Loom_TransformOp<"param.ceil_div",
    [MatchOpInterface, DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "The quotients of two parameters, rounded up";
  let description = [{
    Gives the quotients of the values of `lhs` by those of `rhs`, rounded
    up, pairwise or by the single value of the other, in order (none when
    either holds none), as `transform.loom.param.mul` pairs its operands.
    With `transform.loom.param.mul` and `transform.loom.param.min` it sizes
    a split that upstream's `num_threads` cannot: the rows of each thread's
    part rounded up to a multiple of the register tile's rows, so that
    only the last part has rows left over (`schedules/matmul/schedule.mlir`:
    1000 rows on two threads are 504 + 496, not 500 + 500 with four rows
    left over in each).

    #### Return modes

    Reads `lhs` and `rhs`; produces `result` (params of type i64). Fails
    silenceably when a value is negative (a dynamic size), when a divisor
    is zero, or when the two hold different numbers of values, neither of
    them one.

    #### Example

    ```mlir
    %parts = transform.param.constant 2 : i64 -> !transform.param<i64>
    %m_r = transform.param.constant 8 : i64 -> !transform.param<i64>
    %step = transform.loom.param.mul %parts, %m_r
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    // 1000 rows: 63 register tiles a part.
    %tiles = transform.loom.param.ceil_div %rows, %step
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    ```
  }];

  let arguments = (ins TransformParamTypeInterface:$lhs,
                       TransformParamTypeInterface:$rhs);
  let results = (outs TransformParamTypeInterface:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

def ParamMinOp : Loom_TransformOp<"param.min",
    [MatchOpInterface, DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "The smaller of two parameters";
  let description = [{
    Gives the smaller of the values of `lhs` and `rhs`, pairwise or each
    value of one with the single value of the other, in order (none when
    either holds none), as `transform.loom.param.mul` pairs its operands.

    #### Return modes

    Reads `lhs` and `rhs`; produces `result` (params of type i64). Fails
    silenceably when a value is negative (a dynamic size) or when the two
    hold different numbers of values, neither of them one.

    #### Example

    ```mlir
    // A part of at most all the rows.
    %part = transform.loom.param.min %rounded, %rows
      : (!transform.param<i64>, !transform.param<i64>) -> !transform.param<i64>
    ```
  }];

  let arguments = (ins TransformParamTypeInterface:$lhs,
                       TransformParamTypeInterface:$rhs);
  let results = (outs TransformParamTypeInterface:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

def VectorizeOp : Loom_TransformOp<"vectorize",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Vectorize structured ops with vector sizes taken from the bounds of their loops";
  let description = [{
    Vectorizes every target op with upstream's `linalg::vectorize`, like
    `transform.structured.vectorize`, but finds the vector sizes itself: each
    loop gets the constant upper bound of its range (for a tiled op, the tile
    size; for a loop over a dynamic dimension inside a tile, the tile size
    too). When a loop may run shorter than its bound (partial tiles, dynamic
    shapes), the vector operations are masked. So one schedule line
    vectorizes ops of any rank and shape, static or dynamic, once they are
    tiled.

    An op is not vectorized, and left unchanged, when a loop has no constant
    upper bound, when its vectors would have more than
    `max_vector_elements` elements (the product of the sizes), when an
    operand has elements narrower than a byte (`i1`: LLVM loads vectors of
    them as packed bits while memrefs hold a byte per element, so the
    upstream lowering would read the wrong bytes), or when the vectorizer
    does not support the op (with masks, it supports fewer ops).

    - `best_effort`: an op that is not vectorized gets a remark saying why
      and the transform succeeds (a schedule that must work on any op);
      without it, such an op makes the transform fail silenceably.
    - `explain`: every vectorized op gets a remark too, with its vector
      sizes.

    #### Return modes

    Reads `target` and invalidates it (the ops are replaced). Has no
    results. Fails silenceably when an op was not vectorized, unless
    `best_effort`.

    #### Example

    ```mlir
    transform.loom.vectorize %tiled best_effort : !transform.any_op
    ```
  }];

  let arguments = (ins
    TransformHandleTypeInterface:$target,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "16384">:$max_vector_elements,
    UnitAttr:$best_effort,
    UnitAttr:$explain);
  let assemblyFormat = [{
    $target
    (`max_vector_elements` `=` $max_vector_elements^)?
    (`best_effort` $best_effort^)?
    (`explain` $explain^)?
    attr-dict `:` type($target)
  }];
}

def ApplyMathPolynomialApproximationPatternsOp : Op<Transform_Dialect,
    "apply_patterns.loom.math_polynomial_approximation",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let cppNamespace = "::mlir::loom";
  let summary = "Rewrite exp, log, tanh, erf, ... as polynomials that vectorize";
  let description = [{
    Inside `transform.apply_patterns`: upstream's
    `populateMathPolynomialApproximationPatterns`, which rewrites `math.exp`,
    `expm1`, `log`, `log1p`, `log2`, `tanh`, `erf`, `atan`, `atan2`, `sin`,
    `cos`, `asin`, `acos` and `cbrt` of f32 (and of vectors of f32) into
    polynomial approximations built from arithmetic ops. On vectors, they
    run as vector instructions, where the math lowering would call libm once
    per element. Upstream has the patterns but no pass or transform op for
    them.

    The results are approximations (within a few ulp for exp and log, see
    upstream's tests): a schedule that uses them trades that for speed, and
    `loom run`'s reference check (against libm) says whether the error stays
    inside the tolerance.

    #### Example

    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.math_polynomial_approximation
    } : !transform.any_op
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def ApplyReuseProducerDestinationPatternsOp : Op<Transform_Dialect,
    "apply_patterns.loom.reuse_producer_destination",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let cppNamespace = "::mlir::loom";
  let summary = "Let an elementwise op update its producer's result in place";
  let description = [{
    Inside `transform.apply_patterns`: when an all-parallel linalg op on
    tensors does not read its destination (`outs`), and one of its inputs
    was computed by an op into that same destination (same type and
    indexing map), the op's destination becomes that input, and a
    `linalg.generic` then reads the input through its destination (the
    input is dropped, its block argument replaced by the destination's).
    What is computed does not change; bufferization can then write the
    op's result over its input in place, also after the op is tiled (each
    tile reads the slice of the loop's destination that it overwrites,
    where reading the input's slice made bufferization copy the tensor).

    Without it, both ops write one buffer while the second still reads what
    the first wrote there, and one-shot bufferization gives one of them a
    new buffer and a copy. The decomposition of `linalg.softmax` is the
    common case: `exp(x - max)` and the division by the sum both write the
    softmax's destination; after the rewrite, the division overwrites the
    exponentials (see `schedules/softmax/schedule.mlir`).

    #### Example

    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reuse_producer_destination
    } : !transform.any_op
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def ApplyReciprocalDivisionPatternsOp : Op<Transform_Dialect,
    "apply_patterns.loom.reciprocal_division",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let cppNamespace = "::mlir::loom";
  let summary = "Divide by a broadcast divisor through its reciprocal";
  let description = [{
    Inside `transform.apply_patterns`: `arith.divf %x, %d` where `%d` is a
    `vector.broadcast` of `%s` becomes `arith.mulf %x, broadcast(1.0 / %s)`;
    so does one where `%d` is such a broadcast transposed (by one or more
    `vector.transpose`s, which the product keeps): the sums of several rows,
    `vector<4xf32>` broadcast to `vector<64x4xf32>` and transposed to
    `vector<4x64xf32>`, each spread along its row.
    One division per broadcast value replaces one per lane: the division by
    a row's sum in a vectorized softmax, a normalization by a norm. Vector
    divisions are several times slower than multiplications (on Zen 4, a
    16-lane `vdivps` occupies the divider for about 5 cycles; a `vmulps`
    issues every cycle).

    The product can differ from the quotient by one rounding (at most
    about 1.5 ulp instead of 0.5), which is why it is a pattern a schedule
    chooses rather than part of the lowering. Apply it after
    vectorization.

    #### Example

    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reciprocal_division
    } : !transform.any_op
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def ApplyReductionTreePatternsOp : Op<Transform_Dialect,
    "apply_patterns.loom.reduction_tree",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let cppNamespace = "::mlir::loom";
  let summary = "Reduce the last dimension of a vector by halves";
  let description = [{
    Inside `transform.apply_patterns`: a `vector.multi_reduction` over the
    last dimension only, or a `vector.reduction`, of a size n of at least 2
    becomes log2(n) elementwise steps, each combining the two halves of the
    vector (`vector.extract_strided_slice` and the reduction's arith op),
    then one combination with the accumulator. When n is not a power of
    two, a first step combines its last n - p elements with its first ones
    (p the power of two below n) and puts them back into the first p
    (`vector.insert_strided_slice`): a row of 100 floats is 36 combined
    with 36, then 64 by halves. Masked reductions are left alone.

    LLVM turns a float reduction that may not be reassociated (a sum
    without `reassoc`, a NaN-aware maximum) into n - 1 dependent scalar
    operations on x86: the 32 partial maxima of a softmax row took 31
    compares and blends in a row. By halves it is 5 steps, the first on
    whole registers.

    For floating-point `add` and `mul` the terms are associated
    differently, so the result can differ from the ordered one by rounding
    (as when `transform.structured.tile_reduction_using_for` splits a
    reduction into lanes); min, max and integer kinds give the same result.
    That is why it is a pattern a schedule chooses rather than part of the
    lowering. Apply it after vectorization.

    #### Example

    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.reduction_tree
    } : !transform.any_op
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def ApplySliceBeforeTransposePatternsOp : Op<Transform_Dialect,
    "apply_patterns.loom.slice_before_transpose",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let cppNamespace = "::mlir::loom";
  let summary = "Slice a transpose's input rather than its result";
  let description = [{
    Inside `transform.apply_patterns`: a `tensor.extract_slice` (unit
    strides, not rank-reducing) of the result of a `linalg.transpose` on
    tensors becomes a `linalg.transpose` of the matching slice of its
    input, into a new `tensor.empty`. The original transpose stays for its
    other users (or is erased when it has none).

    The matmul schedule splits a matmul into its whole panels of columns
    and the rest, each reading a slice of B; when B is the transpose of a
    B^T (`transform.loom.transpose_matmul_b`), the slice sits between the
    transpose and the pack of B, and upstream's
    `transform.apply_patterns.tensor.fold_into_pack_and_unpack` cannot fold
    them. With the slice moved before the transpose, it does: each part's
    panels are packed from B^T directly (docs/performance.md, "Packed from
    B^T").

    #### Example

    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.slice_before_transpose
      transform.apply_patterns.tensor.fold_into_pack_and_unpack
    } : !transform.any_op
    ```

    turns `extract_slice (transpose %bt : 777x555 -> 555x777) [0, 0]
    [555, 768]` into `transpose (extract_slice %bt [0, 0] [768, 555])`.
  }];
  let assemblyFormat = "attr-dict";
}

def ApplyUnrollVectorsPatternsOp : Op<Transform_Dialect,
    "apply_patterns.loom.unroll_vectors",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let cppNamespace = "::mlir::loom";
  let summary = "Unroll vectors whose last size is not a power of two";
  let description = [{
    Inside `transform.apply_patterns`: a vector op whose innermost size S
    is not a power of two is unrolled (upstream's vector unroll patterns)
    into pieces of the largest power of two that divides S, when that is
    at least `lanes` elements, one row at a time: a transfer or
    elementwise op into pieces of `1 x ... x 1 x piece`, a
    `vector.contract` into one contraction per row of its result and piece
    of its columns, its reductions whole. A 2-D `vector.transpose` whose
    sizes are both multiples of 16, larger than 16 x 16, is unrolled into
    transposes of 16 x 16, which upstream's `shuffle_16x16` lowering takes
    (one transpose of all its elements is a flat shuffle, which LLVM
    lowers with some three times the shuffles: the 32 x 16 blocks of a
    transposed B that the matmul schedule packs). An op that would become
    more than 64 pieces stays whole (a register tile has at most as many
    pieces as registers; the fill of a 1 x 7 x 7 x 40 convolution output,
    245 pieces, made a chain of writes that bufferization took minutes
    over). Other vectors are left alone.

    LLVM legalizes a vector of, say, 48 floats by inserting and extracting
    its elements one at a time. In pieces of 16 each is one AVX-512
    register, and a register tile of 8 rows x 48 columns computed row by
    row needs 24 accumulators, 3 vectors of B and one broadcast of A at a
    time (27 of the 32 registers; column by column, the 8 broadcasts stay
    live and it spills). `lanes` is the narrowest vector worth a piece (8
    floats, a 256-bit register). Apply it after vectorization and before
    the accumulators are hoisted out of the k loop
    (`schedules/lib/vector.mlir`).

    #### Example

    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.unroll_vectors lanes = 8
    } : !transform.any_op
    ```

    turns `vector.contract` of `vector<8x1xf32>`, `vector<1x48xf32>` into
    `vector<8x48xf32>` into 24 contractions of `vector<1x1xf32>`,
    `vector<1x16xf32>` into `vector<1x16xf32>`, row by row.
  }];
  let arguments = (ins I64Attr:$lanes);
  let assemblyFormat = "`lanes` `=` $lanes attr-dict";
}

#endif // LOOM_DIALECT_LOOMTRANSFORMOPS_TD
