//===- Passes.td - Loom passes -----------------------------*- tablegen -*-===//
//
// Loom's passes. Flags start with `loom-`; keep the list alphabetical.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_PASSES_TD
#define LOOM_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LoomDecomposePass : Pass<"loom-decompose", "func::FuncOp"> {
  let summary = "Decompose linalg ops that have no loop lowering of their own";
  let description = [{
    Rewrites the linalg ops that neither bufferization nor
    `convert-linalg-to-loops` handle into ops they do:

    - ops implementing `linalg::AggregatedOpInterface`, such as
      `linalg.softmax`, become the structured ops they stand for;
    - `linalg.pack` becomes `tensor.pad` + `tensor.expand_shape` +
      `linalg.transpose`, and `linalg.unpack` the reverse;
    - `linalg.winograd_filter_transform`, `winograd_input_transform` and
      `winograd_output_transform` become loops of `linalg.matmul` on tiles.

    Runs at the start of `loom-bufferize`, after any schedule: a schedule that
    wants another decomposition applies `transform.structured.decompose_interface`
    or `transform.structured.lower_pack` itself.

    ```mlir
    %0 = linalg.softmax dimension(1) ins(%x : tensor<4x8xf32>)
                                      outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    // becomes a max reduction, a subtract-exp, a sum reduction and a divide.
    ```
  }];
  let dependentDialects = ["linalg::LinalgDialect", "arith::ArithDialect",
                           "math::MathDialect", "tensor::TensorDialect"];
}

def LoomFuseElementwisePass : Pass<"loom-fuse-elementwise", "func::FuncOp"> {
  let summary = "Fuse elementwise linalg.generic producers into consumers, explaining each decision";
  let description = [{
    The pass form of `transform.loom.fuse_elementwise`, with the same code,
    legality conditions and options: fuses producer/consumer pairs of
    `linalg.generic` ops in the function until no pair is left that the
    conditions and options allow. Unlike upstream's
    `linalg-fuse-elementwise-ops`, it fuses only single-use producers unless
    told otherwise, never recomputes a producer unless `rematerialize` allows
    it, and with `explain` says for every candidate pair why it was or was
    not fused. docs/fusion.md lists the conditions.

    ```
    $ loom-opt --loom-fuse-elementwise="explain rematerialize=2" chain.mlir
    chain.mlir:10:8: remark: fused the producer linalg.generic at chain.mlir:4:8 (operand #0); condition 8 (producer result): the fused op drops the producer's result
    ```
  }];
  let options = [
    Option<"allowMultiUse", "allow-multi-use", "bool", "false",
           "Fuse producers with other users too, keeping their result alive">,
    Option<"rematerialize", "rematerialize", "int64_t", "-1",
           "Recompute producers whose body has at most this many ops in every "
           "consumer (-1: never)">,
    Option<"maxFusions", "max-fusions", "int64_t", "-1",
           "Stop after this many fusions (-1: no bound)">,
    Option<"generalize", "generalize", "bool", "false",
           "Generalize named ops whose loops are all parallel first">,
    Option<"explain", "explain", "bool", "false",
           "Emit a remark for every candidate pair, fused or not">,
  ];
  let dependentDialects = ["linalg::LinalgDialect", "affine::AffineDialect"];
}

def LoomInterchangeReductionsPass
    : Pass<"loom-interchange-reductions", "func::FuncOp"> {
  let summary = "Make the innermost loop of reductions walk the output contiguously";
  let description = [{
    For every structured op with reduction loops whose output's last dimension
    is a parallel loop `p` that every operand indexes only as its last
    dimension (unit stride), generalizes the op and moves `p` to the innermost
    position. A matmul `(m, n, k)` becomes `(m, k, n)`: the loop nest that
    `convert-linalg-to-loops` produces then vectorizes.

    Each output element still accumulates its terms in the same order, so the
    results are bit-identical; only the interleaving of independent elements
    changes. `loom run` applies this to the reference (the payload without the
    schedule) so that checking a large kernel takes seconds, not minutes.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def LoomLowerLibraryCallsPass
    : Pass<"loom-lower-library-calls", "ModuleOp"> {
  let summary = "Replace linalg ops that name a library_call with calls";
  let description = [{
    Replaces every linalg op on memrefs that has a `library_call`
    attribute with a `func.call` of that function, passing the operands
    (inputs, then outputs) as memrefs of dynamic sizes and strides, and
    declares the function with `llvm.emit_c_interface`: the library receives
    pointers to memref descriptors. Other linalg ops are left alone (unlike
    upstream's `convert-linalg-to-std`, which turns every named op into a
    call).

    A convolution (a named one, or a generic whose indexing maps are a
    convolution's: `linalg::inferConvolutionDims`) passes its strides, then
    its dilations, one `i64` per output image dimension, after its operands:
    the sizes of the memrefs do not tell them apart. A `linalg.softmax`
    passes its operands unranked (`memref<*xf32>`: one function serves
    every rank) and its dimension as an `i64` after them. A contraction of
    one M, N and K dimension (a matmul or batch matmul, generalized) whose
    operand is indexed in another order than A (batch, m, k), B (batch, k,
    n), C (batch, m, n) (`linalg.matmul indexing_maps = [...]` with B (n,
    k)) passes that operand's `memref.transpose` view in that order (no
    copy); libLoomPeers reads it as a transposed matrix by its strides.

    A function whose name ends with an element type (`_f32`, `_f64`, `_i32`,
    ...: those of libLoomPeers compute in one type) takes operands of that
    type only: an op with others is an error (an f64 matmul marked for
    `loom_onednn_matmul_f32` would hand doubles to sgemm).

    A schedule marks ops with `transform.annotate ... "library_call"`
    (named ops, or generics made with `transform.structured.generalize`);
    `loom-lower-bufferized-to-llvm` runs this pass first.
    schedules/lib/onednn.mlir and openblas.mlir mark matmuls, batch matmuls
    and convolutions for libLoomPeers.

    ```mlir
    linalg.generic {..., library_call = "loom_onednn_matmul_f32"}
        ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>)
        outs(%c : memref<64x16xf32>) { ... }
    // becomes
    %0 = memref.cast %a : memref<64x32xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    ...
    func.call @loom_onednn_matmul_f32(%0, %1, %2) : (...) -> ()

    linalg.conv_2d_nhwc_hwcf {library_call = "loom_onednn_conv_2d_nhwc_hwcf_f32",
                              strides = dense<2> : tensor<2xi64>} ins(...) outs(...)
    // becomes (strides 2 and 2, dilations 1 and 1)
    func.call @loom_onednn_conv_2d_nhwc_hwcf_f32(%0, %1, %2, %c2, %c2, %c1, %c1)
        : (..., i64, i64, i64, i64) -> ()
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "func::FuncDialect",
                           "memref::MemRefDialect"];
}

def LoomStridedCopiesToLinalgPass
    : Pass<"loom-strided-copies-to-linalg", "func::FuncOp"> {
  let summary = "Rewrite memref.copy between non-contiguous memrefs as linalg.copy";
  let description = [{
    Bufferization copies with `memref.copy`; when a side is not contiguous
    (a subview of a padded or packed buffer), upstream lowers it to a call of
    the runtime's `memrefCopy`, which walks the elements one at a time
    through their descriptors (about 20x slower than a loop). This pass makes
    such copies `linalg.copy` ops, which `convert-linalg-to-loops` turns into
    loops that LLVM vectorizes. Copies between contiguous memrefs (one
    `memcpy`) are left alone. `loom-lower-bufferized-to-llvm` runs it.

    ```mlir
    memref.copy %a, %b : memref<333x777xf32> to memref<333x777xf32, strided<[800, 1]>>
    // becomes
    linalg.copy ins(%a : memref<333x777xf32>)
                outs(%b : memref<333x777xf32, strided<[800, 1]>>)
    ```
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def LoomFoldReshapePairsPass : Pass<"loom-fold-reshape-pairs", "func::FuncOp"> {
  let summary = "Fold a memref.expand_shape of a memref.collapse_shape back to the collapsed memref";
  let description = [{
    A schedule that collapses an op's dimensions on tensors
    (`transform.structured.flatten_elementwise`,
    `transform.loom.collapse_leading_loops`) leaves, after bufferization in
    place, `memref.expand_shape(memref.collapse_shape(%out))` in front of the
    copy into the output, and `%out` copied onto itself. With dynamic sizes
    LLVM 22's `expand-strided-metadata` crashes on that `expand_shape` (a
    segmentation fault building its `memref.reinterpret_cast`). This pass
    replaces an `expand_shape` whose source is a `collapse_shape` with the
    same reassociation and whose result type is that collapse's source type
    by the collapse's source, and erases the copies of a memref onto itself
    that remain (`memref.copy` canonicalization).
    `loom-lower-bufferized-to-llvm` runs it first.

    ```mlir
    %c = memref.collapse_shape %out [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    ... writes into %c ...
    %e = memref.expand_shape %c [[0, 1]] output_shape [%d0, %d1] : memref<?xf32> into memref<?x?xf32>
    memref.copy %e, %out : memref<?x?xf32> to memref<?x?xf32>
    // becomes
    %c = memref.collapse_shape %out [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    ... writes into %c ...
    ```
  }];
  let dependentDialects = ["memref::MemRefDialect"];
}

def LoomOpenMPSchedulePass : Pass<"loom-openmp-schedule"> {
  let summary = "Give the OpenMP loops of marked scf.forall loops the schedule the schedule chose";
  let description = [{
    An `scf.forall` that a schedule marked `loom.omp_schedule = "guided"`
    (or `"dynamic"`; `transform.annotate %forall "loom.omp_schedule" =
    %param`, a `transform.param<...>` of a string) becomes an `omp.wsloop`
    with that schedule when the lowering is for more than one thread. The
    OpenMP default (`static`) hands each thread the same iterations up
    front, on every call the same ones: right for loops whose parts stay in
    a core's caches between calls (a matmul's or a convolution's parts), but
    a thread on a slower core (a vCPU whose core another tenant shares, an
    efficiency core) then holds the others back at the loop's end. With
    `guided`, a thread that finishes takes the next chunk, each a share of
    the iterations left, down to one: few atomic steps per thread even over
    thousands of rows; right for loops over data that streams from memory
    (an elementwise chain's blocks, a softmax's rows).

    The upstream conversions (`scf-forall-to-parallel`,
    `convert-scf-to-openmp`) drop the loop's attributes, so the pass runs
    twice in `loom-lower-bufferized-to-llvm`: before them it moves the
    mark to the first op of the loop's body, which they move into the
    `omp.loop_nest`; after them it finds the mark there and sets the
    `omp.wsloop`'s schedule. Lowered for one thread, the mark is dropped
    with the loop.

    ```mlir
    scf.forall (%i) in (256) { ... } {loom.omp_schedule = "guided"}
    // becomes, lowered for two threads
    omp.parallel {
      omp.wsloop schedule(guided) {
        omp.loop_nest (%i) : index = (%c0) to (%c256) step (%c1) { ... }
      }
    }
    ```
  }];
  let dependentDialects = ["omp::OpenMPDialect"];
}

def LoomNontemporalStoresPass
    : Pass<"loom-nontemporal-stores", "func::FuncOp"> {
  let summary = "Make vector stores into a marked function's arguments non-temporal";
  let description = [{
    In a function with the `loom.nontemporal_stores` attribute (a schedule
    sets it with `transform.annotate %func "loom.nontemporal_stores"`),
    lowers 1-D vector transfer writes to `vector.store` and marks every
    `vector.store` into a function argument (or a view of one) non-temporal:
    LLVM emits streaming stores (`vmovntps`), which write around the caches
    instead of reading each line first. The function's memref arguments are
    then assumed 64-byte aligned (`memref.assume_alignment`; Loom's buffers
    are), so that LLVM can prove whole vectors aligned: callers of such a
    function must pass aligned buffers. For outputs that are written once
    and not read again by the kernel (an elementwise chain over arrays larger
    than the caches), that saves a third of the memory traffic of a
    two-input map; for outputs read again soon, it is slower. Arguments of
    a static size under 16 KiB keep plain stores: streaming stores into so
    few lines cost more than they save (a chain over 32 x 32 floats ran
    3.5x slower with them). `loom-lower-bufferized-to-llvm` runs it after
    `convert-vector-to-scf`.

    ```mlir
    func.func @chain(...) attributes {loom.nontemporal_stores} {
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<64xf32>, memref<4096x4096xf32>
    // becomes
      vector.store %v, %out[%i, %j] {nontemporal = true} : memref<4096x4096xf32>, vector<64xf32>
    ```
  }];
  let dependentDialects = ["vector::VectorDialect"];
}

def LoomTransferInBoundsPass
    : Pass<"loom-transfer-in-bounds", "func::FuncOp"> {
  let summary = "Mark vector transfers that stay within their memref or tensor in bounds";
  let description = [{
    Sets `in_bounds` on each dimension of a vector transfer (unmasked, minor
    identity map) that is proven to stay within its source: by the value
    bounds of its index (`ValueBoundsConstraintSet`), or, where the index is
    the induction variable of an `scf.for` whose range is whole steps of at
    least the vector's size (its lower and upper bounds multiples of the
    step), by the loop's upper bound being at most the dimension. The main
    loop of a peeled loop over a slice of dynamic size is such a loop: a
    block of an elementwise op split among threads, whose size is an
    `affine.min`, has whole vectors up to `(size floordiv 64) * 64`. Without
    the mark such a store is lowered to a masked store whose mask is computed
    at every step, and `loom-nontemporal-stores` leaves it plain (the
    elementwise chain over 4097 x 4095 on Zen 4 ran at 4.8 GFLOP/s against
    6.6 with it). `loom-lower-bufferized-to-llvm` runs it before the vector
    lowering.

    ```mlir
    %whole = affine.apply affine_map<()[s0] -> ((s0 floordiv 64) * 64)>()[%n]
    %block = memref.subview %out[%offset] [%n] [1] : ...
    scf.for %i = %c0 to %whole step %c64 {
      vector.transfer_write %v, %block[%i] : vector<64xf32>, memref<?xf32, ...>
    // becomes
      vector.transfer_write %v, %block[%i] {in_bounds = [true]} : vector<64xf32>, memref<?xf32, ...>
    ```
  }];
  let dependentDialects = ["vector::VectorDialect"];
}

def LoomPrefetchAheadPass : Pass<"loom-prefetch-ahead", "func::FuncOp"> {
  let summary = "Prefetch the rows a marked loop reads a stride apart, or its reads of an enclosing loop's later iterations, iterations ahead";
  let description = [{
    In an `scf.for` of step 1 with the `loom.prefetch_ahead` attribute (an
    integer D, iterations; a schedule sets it with `transform.annotate
    %loop "loom.prefetch_ahead" = %param`, 0 turns it off), every
    `memref.subview` of the loop's body that slices one row at the
    induction variable, in a dimension other than the innermost and with
    static sizes (a register tile's row of B in a matmul's k loop), is
    prefetched D iterations ahead: one `memref.prefetch` (read) per
    64-byte line of the row (and one for its last element, which may start
    another line, unless the row is known to start on a line: rows a
    multiple of 64 bytes apart, the row's first column and the offsets of
    the subviews it comes from multiples of a line, as constants, loop
    bounds and steps and affine maps show; a buffer's base is taken to be
    aligned), at row `min(iv + D, ub - 1)`. The hardware prefetchers
    follow streams within a 4 KiB page; rows a page or more apart, one or
    two lines of each, are a new stream every iteration, and each iteration
    waits for memory without it (on Zen 5, a matmul of 8 x 2000 x 2000
    reading B in place: 61 GFLOP/s without, 117 with D = 64). The rows go
    into L1 (`prefetcht0` on x86), or into L2 (`prefetcht1`) when their
    stride is a multiple of 4 KiB: such rows fall on the same L1 sets and
    would evict each other before they are read; a `loom.prefetch_cache`
    attribute (1: L1, 2: L2) names the cache instead (a few rows ahead of a
    B that stays in L3, measured faster into L1: on Zen 5, 8 x 1024 x 1024 read in
    place, 132 GFLOP/s 8 rows ahead into L1 against 99 64 rows ahead into
    L2). With a
    `loom.prefetch_span` attribute too (S, bytes), rows of a static stride
    are prefetched at most `S / stride` iterations ahead (at least one): on
    Zen 5, rows a whole L2 (1 MiB) ahead lost their prefetches (8 x 4096 x
    4096 read in place, rows of 16 KiB: 48 GFLOP/s 64 rows ahead, 77 at 48
    rows, 768 KiB). A row the loop only writes (the packed copy of a row,
    `loom-pack-in-first-tile`) is not prefetched. A row at least as many
    iterations ahead as the loop has (it would prefetch the loop's last row
    only), or a loop without such rows, is left as it is, silently (the
    mark is a hint); the marks are removed.

    In an `scf.for` with the `loom.prefetch_outer_ahead` attribute (D,
    iterations of the loop that encloses it: an `scf.for`, or an
    `scf.forall` of one dimension), each `vector.transfer_read` of the body
    (unmasked, row-major: a minor identity map) whose address changes with
    the enclosing loop is prefetched as it will read D iterations of the
    enclosing loop ahead: the ops its address comes from (subviews, index
    arithmetic; none with effects) are cloned with the enclosing induction
    variable at `min(iv + D * step, last)`, the last iteration's value, and
    one `memref.prefetch` goes to each 64-byte line of each row of the
    vector (reads of more than 32 lines are left alone), into L1 or, with
    `loom.prefetch_cache = 2`, L2. The exp map of a softmax, one row of the
    enclosing `scf.forall` at a time, so fetches the next row while it
    computes from L1 (on an Intel Xeon, 4096 x 4096 on one thread: 6.0 ->
    8.4 GFLOP/s; `schedules/softmax/schedule.mlir`, knob
    `prefetch_rows_ahead`).
    `loom-lower-bufferized-to-llvm` runs it after
    `loom-prefetch-next-iteration`.

    ```mlir
    scf.for %k = %c0 to %c256 step %c1 iter_args(...) {
      %row = memref.subview %b[%k, 0] [1, 32] [1, 1] : ...
      ...
    } {loom.prefetch_ahead = 24 : i64}
    // becomes, at the start of the body:
    //   %r = arith.minsi (%k + 24), (%c256 - 1)
    //   memref.prefetch %b[%r, %c0], read, locality<3>, data
    //   memref.prefetch %b[%r, %c16], read, locality<3>, data
    //   memref.prefetch %b[%r, %c31], read, locality<3>, data
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
}

def LoomUnrollLoopsPass : Pass<"loom-unroll-loops", "func::FuncOp"> {
  let summary = "Unroll the loops a schedule marked, after the prefetch passes";
  let description = [{
    An `scf.for` with the `loom.unroll` attribute (an integer N; a schedule
    sets it with `transform.annotate %loop "loom.unroll" = %param`) is
    unrolled by N, with a remainder loop when N does not divide its trip
    count (upstream's `loopUnrollByFactor`); 1 leaves it as it is, and the
    marks are removed. `loom-lower-bufferized-to-llvm` runs it after
    `loom-pack-in-first-tile`, `loom-prefetch-next-iteration` and
    `loom-prefetch-ahead`, which read a loop's body as one step:
    `transform.loop.unroll` in the schedule would hide the loop from them.
    The loop overhead it saves is a matmul's k loop's (a counter, a
    compare and a branch for every 16 FMAs of an 8 x 32 register tile): on
    an Intel core those run on the ports of the FMAs
    (docs/performance.md, "The register loop on its own"). The prefetches
    of the unrolled body (with the guards and index arithmetic only they
    use) then move to its top: one copy after each step would split the
    body at each guard's branch, and LLVM sinks a step's FMAs past such a
    branch, away from their loads, which then spill (docs/performance.md,
    "Prefetches before the unrolled steps"). A prefetch whose index needs
    an op with memory effects stays where it is. A mark that is not a
    positive integer is an error.

    ```mlir
    scf.for %k = %c0 to %c256 step %c1 iter_args(...) {
      ...
    } {loom.unroll = 4 : i64}
    // becomes a loop of step 4 whose body is the four steps in order
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "scf::SCFDialect"];
}

def LoomPrefetchNextIterationPass
    : Pass<"loom-prefetch-next-iteration", "func::FuncOp"> {
  let summary = "Prefetch the blocks a marked loop's next iteration reads";
  let description = [{
    In an `scf.for` with the `loom.prefetch_next` attribute (a schedule sets
    it with `transform.annotate %loop "loom.prefetch_next"`, or `= %param`
    with a knob: 0 turns it off), every `memref.subview` of the loop's body
    whose offsets follow the induction variable (a block contiguous in its
    last dimension, its sizes static or bounded by constants) is prefetched
    for the next iteration while this one runs: one `memref.prefetch`
    (read, into L2: `prefetcht1` on x86) per 64-byte line, spread evenly
    over the iterations of the body's busiest innermost loop (one line
    every `iterations / lines` of them, rounded down to a power of two so
    that the loop's test of its turn is a mask and a shift: with a
    division, the index arithmetic added 20 instructions to each step of a
    matmul's k loop). The last iteration prefetches its own blocks. Blocks
    are taken largest first while their footprints fit the
    budget (the attribute's integer, in bytes): a block's footprint is its
    bytes scaled by how few of a page's 64 line offsets its rows cover,
    since the cache sets of a line follow its offset in the page (rows
    4 KiB apart, 1 KiB of each, cover a quarter of them: 256 KiB of such
    rows weigh 1 MiB, the bytes that would fill L2's sets as they fill a
    quarter; on Zen 5, 384 x 1024 x 1024 on two threads ran at 226-373
    GFLOP/s between processes with that block prefetched, 306-370
    without).

    Sizes and loop bounds may be dynamic where the IR bounds them by a
    constant (`ValueBoundsOpInterface`: the `affine.min` of the last block
    of a dimension that the block size does not divide, such as a K of
    1000 in blocks of 256): the block and the loops are counted at their
    largest, and a line is prefetched only when it starts inside the next
    block's actual sizes. So may the marked loop's own trip count (the loop
    over a register tile's panels in the last, narrower block of columns:
    16 panels, then 15 of N = 1000): its next iteration is the next one up
    to its actual last. A marked loop whose trip count has no constant
    bound, without such a block or without a nest of such loops is left as
    it is, silently (the mark is a hint).

    A block that a nested loop slices but whose offsets follow only the
    marked loop's induction variable (the rows of A of a register tile,
    sliced in the loop over its panels) counts too: the loop-invariant code
    of the nested loops is hoisted first. So do the pieces a loop directly
    in the body writes, one per iteration, when they add up to a block that
    follows the marked loop (C's register tiles in the loop over a tile's
    panels, a column offset a multiple of the panel's variable, the tiles
    adjacent): the next row tile's block of C is prefetched, and its tiles'
    loads of C find it in L2 (on Zen 5, 2048 x 2048 x 2048 in a minute when
    the host's memory was shared: 183 GFLOP/s against 174, where 16% of the
    samples had been on those loads; the same in a quiet one).

    With `loom.prefetch_next_written` on the loop too, only the blocks its
    body reads and writes count (a register tile's tile of C in the loop
    over the tile's panels, not the next panel of B, read and already in
    L2, nor the packed copy of B that a first register tile writes whole);
    with
    `loom.prefetch_next_cache = 1`, the lines go into L1 (`prefetcht0`)
    instead of L2. Both marks are removed with the loop's.

    The matmul schedule marks the K loop when it packs B per K block: the
    copy of the next block from memory then reads lines already in L2
    instead of waiting for DRAM, as a micro-kernel that packs while it
    computes would. It marks the loop over the register tiles' rows too:
    the next tile's rows of A, read in place, are then in L2 when it
    starts; and the loop over a register tile's panels, written blocks
    only (knob `prefetch_c`): the next panel's tile of C.
    `loom-lower-bufferized-to-llvm` runs it first.

    ```mlir
    scf.for %k = %c0 to %c4096 step %c64 {
      %b = memref.subview %B[%k, 0] [64, 512] [1, 1] : ...
      ... pack %b, then 8192 iterations of the register tile ...
    } {loom.prefetch_next}
    // becomes, in the register tile's loop, every 4th iteration:
    //   memref.prefetch %b_next[%row, %col], read, locality<2>, data
    ```
  }];
  let dependentDialects = ["affine::AffineDialect", "arith::ArithDialect",
                           "memref::MemRefDialect", "scf::SCFDialect"];
}

def LoomPackInFirstTilePass
    : Pass<"loom-pack-in-first-tile", "func::FuncOp"> {
  let summary = "Pack a block of B while the first register tile reads it";
  let description = [{
    In an `scf.for` with the `loom.pack_in_first` attribute (a schedule sets
    it with `transform.annotate`, or `= %param` with a knob: 0 turns it
    off) whose preceding op is a copy nest into a buffer (loops of constant
    bounds around one vector read of a source and one write of that vector
    into a `memref.alloc`/`alloca`, after bufferization), the loop's first
    iteration is peeled, and in it the one vector read of the buffer
    becomes a read of the source element the copy would have put there
    plus a write of that vector into the buffer; the copy nest is erased.
    The other iterations read the buffer as before.

    This is how a matmul that packs B per K block packs it in its first
    register tile, as oneDNN's sgemm does: the tile's FMAs overlap the
    loads of B from L2 or memory that the separate copy waited for, and
    each packed vector is stored once, from a register (on Zen 5, one
    thread, 64 x 1280 x 4096 ran at 190.9 GFLOP/s against 182.4 with the
    copy; docs/performance.md, "Packing in the first tile").

    With a `loom.pack_in_first_ahead` attribute too (an integer D, k steps),
    the first iteration reads each row of the source through a
    `memref.subview` at its innermost loop's induction variable (over a
    view of the rows that loop reads) and that loop gets
    `loom.prefetch_ahead = D`: `loom-prefetch-ahead`, which runs after,
    prefetches the rows D steps ahead into L1, so that the first tile's
    loads, rows a stride apart, do not wait for L2 or memory when the block
    is not there (on Zen 5, 64 x 768 x 3072, two threads: 364 GFLOP/s
    against 306; docs/performance.md, "Rows ahead in the first tile"). Not
    for rows a multiple of a page apart (their lines fall on the same L1
    sets; into L2 they were slower), nor where the row is not one step of
    that loop along the source's last dimension.

    The rewrite needs the first iteration to read every element the copy
    writes, once per element, through loops that take the copy loops'
    values (its vector along the copy's trailing vector dims, an index
    that is a loop of the copy spanned by the copy's vector read with step
    1), to read nothing else of the buffer, and not to write the source;
    the buffer must be written by the copy only. A marked loop where any
    of that does not hold is left as it is, silently (the mark is a hint);
    the marks are removed. `loom-lower-bufferized-to-llvm` runs it first.

    ```mlir
    scf.for %k = %c0 to %c128 step %c8 {      // the copy
      scf.for %p = %c0 to %c8 step %c1 {
        %v = vector.transfer_read %b[%k, %p * 32] : vector<8x32xf32>
        vector.transfer_write %v, %packed[%p, %k, 0]
      }
    }
    scf.for %i = %c0 to %c64 step %c8 {       // loom.pack_in_first
      scf.for %p = %c0 to %c8 step %c1 {
        scf.for %k = %c0 to %c128 step %c1 {
          %row = vector.transfer_read %packed[%p, %k, 0] : vector<32xf32>
          ...
    // becomes the first tile (%i = 0) reading
    //   %row = vector.transfer_read %b[%k, %p * 32] : vector<32xf32>
    //   vector.transfer_write %row, %packed[%p, %k, 0]
    // and the loop from %i = 8 reading %packed.
    ```
  }];
  let dependentDialects = ["affine::AffineDialect", "scf::SCFDialect",
                           "vector::VectorDialect"];
}

def LoomPrintWorkPass : Pass<"loom-print-work", "ModuleOp"> {
  let summary = "Report the work model (FLOPs, bytes) of every structured op";
  let description = [{
    Emits a remark on every structured op with the FLOPs and bytes the work
    model counts for it, and one on every function with the totals. This is
    the analysis that `loom run` uses to report GFLOP/s and GB/s; see
    docs/loom-run.md for the counting rules. Shapes must be static: `loom run`
    specializes dynamic dimensions before it counts.

    ```
    $ loom-opt --loom-print-work matmul.mlir
    matmul.mlir:3:8: remark: linalg.matmul: 2.147e+09 FLOPs (1.074e+09 iterations x 2), 1.258e+07 bytes, reduction 1024
    ```
  }];
}

#endif // LOOM_TRANSFORMS_PASSES_TD
