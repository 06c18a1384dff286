//===- PrefetchNextIteration.cpp - Prefetch a loop's next block -----------===//
//
// In a loop marked `loom.prefetch_next`, the blocks of memory the next
// iteration reads (subviews whose offsets follow the induction variable) are
// prefetched into L2 while this iteration computes: one `memref.prefetch` per
// cache line, spread evenly over the iterations of the loop's busiest
// innermost loop. Blocks and loops whose sizes are dynamic but bounded by
// constants (the last, smaller block of a dimension) count at their largest;
// a line outside the actual next block is not prefetched. The B block that a
// matmul packs per K block is the case it was written for: its copy from
// memory no longer waits for DRAM. The rows of A of a matmul's next register
// tile, sliced in the loop over the tile's panels, are hoisted out of it
// first, and prefetched the same way; the tiles of C that loop writes, one
// per panel, are prefetched as the block of C they add up to. A loop may
// ask for the blocks it writes only, and for L1 instead of L2 (the next
// panel's tile of C, in the loop over a register tile's panels).
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMPREFETCHNEXTITERATIONPASS
#include "transforms/Passes.h.inc"

namespace {

/// LLVM's locality hints: 2, prefetcht1 on x86, into L2 (the packed block is
/// copied from there; into L1 it would evict the block in use), unless the
/// loop names L1 (3, prefetcht0: a register tile's block of C, 1 KiB).
constexpr unsigned kLocalityL1 = 3, kLocalityL2 = 2;

struct ConstantLoop {
  scf::ForOp loop;
  /// The trip count, or its largest value when the upper bound is dynamic.
  int64_t lowerBound, step, tripCount;
};

/// The largest value of an index `value` (a size or bound that an
/// affine.min caps, for a block or loop left over at the end of a
/// dimension), when the IR bounds it by a constant.
std::optional<int64_t> getLargestValue(Value value) {
  FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(value),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (failed(bound))
    return std::nullopt;
  return *bound;
}

/// `loop`'s constant bounds and trip count; with `allowBounded`, a dynamic
/// upper bound that has a constant largest value gives the largest trip
/// count.
std::optional<ConstantLoop> getConstantLoop(scf::ForOp loop,
                                            bool allowBounded = false) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !step || *step <= 0)
    return std::nullopt;
  if (std::optional<APInt> tripCount = loop.getStaticTripCount()) {
    if (tripCount->isZero())
      return std::nullopt;
    return ConstantLoop{loop, *lb, *step, tripCount->getSExtValue()};
  }
  if (!allowBounded)
    return std::nullopt;
  std::optional<int64_t> ub = getLargestValue(loop.getUpperBound());
  if (!ub || *ub <= *lb)
    return std::nullopt;
  return ConstantLoop{loop, *lb, *step,
                      llvm::divideCeilSigned(*ub - *lb, *step)};
}

/// The ops of `loop`'s body that `value` is computed from, in order, when
/// they are pure and read only the induction variable and values defined
/// outside the loop (`usesIv` tells whether it reads the induction
/// variable); false otherwise.
bool collectSlice(Value value, scf::ForOp loop,
                  llvm::SetVector<Operation *> &slice, bool &usesIv) {
  if (value == loop.getInductionVar()) {
    usesIv = true;
    return true;
  }
  Operation *op = value.getDefiningOp();
  if (!op)
    return !loop->isAncestor(value.getParentBlock()->getParentOp());
  if (!loop->isProperAncestor(op))
    return true;
  if (op->getBlock() != loop.getBody() || !isPure(op) ||
      op->getNumRegions() != 0)
    return false;
  for (Value operand : op->getOperands())
    if (!collectSlice(operand, loop, slice, usesIv))
      return false;
  slice.insert(op);
  return true;
}

/// A block the next iteration reads: a subview in the loop's body whose
/// offsets follow the induction variable, contiguous in its last dimension,
/// its sizes static or bounded by constants (the last block of a dimension
/// that the block size does not divide is smaller: its lines beyond the
/// block's sizes are not prefetched).
struct Block {
  memref::SubViewOp subview;
  llvm::SetVector<Operation *> slice;
  /// The sizes, or their largest values where dynamic.
  SmallVector<int64_t> shape;
  /// The dimensions (of the subview's result) whose sizes are dynamic.
  SmallVector<int64_t> dynamicDims;
  int64_t linesPerRow = 0, elementsPerLine = 0, lines = 0, bytes = 0;
  /// The bytes the block weighs in the cache sets its lines fall on: its
  /// bytes, scaled by how few of a page's line offsets its rows cover. Rows
  /// 4 KiB apart, 1 KiB of each, fall on a quarter of the sets of L2: a
  /// block of 256 KiB then fills them as 1 MiB spread evenly would.
  int64_t footprint = 0;
};

/// How many of a page's lines (offsets in the page, in lines) the rows of a
/// block of `shape` and `strides` (elements) cover, its first element at
/// the start of a line.
int64_t getCoveredPageLines(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
                            int64_t elementBytes) {
  constexpr int64_t kPageLines = kPageBytes / kLineBytes;
  int64_t rowBytes = shape.back() * elementBytes;
  if (rowBytes >= kPageBytes)
    return kPageLines;
  llvm::BitVector covered(kPageLines);
  // Rows in order, the leading dimensions delinearized. A row's offset in
  // the page repeats every 4096 / gcd(row stride, 4096) rows, and rows of a
  // line or more cover the page sooner: the cap only bounds the work.
  int64_t rows = 1;
  for (int64_t size : shape.drop_back())
    rows *= size;
  for (int64_t row = 0, e = std::min<int64_t>(rows, 4 * kPageLines); row < e;
       ++row) {
    int64_t offset = 0, rest = row;
    for (int64_t dim = shape.size() - 2; dim >= 0; --dim) {
      offset += (rest % shape[dim]) * strides[dim] * elementBytes;
      rest /= shape[dim];
    }
    for (int64_t byte = offset; byte < offset + rowBytes; byte += kLineBytes)
      covered.set((byte % kPageBytes) / kLineBytes);
    // The line of the row's last byte (a row not a multiple of lines).
    covered.set(((offset + rowBytes - 1) % kPageBytes) / kLineBytes);
  }
  return std::max<int64_t>(1, covered.count());
}

std::optional<Block> getBlock(memref::SubViewOp subview, scf::ForOp loop) {
  MemRefType type = subview.getType();
  if (type.getRank() == 0 || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1 || llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  Block block;
  block.subview = subview;
  // An operand that reads the induction variable is an offset or a size
  // (the last block's).
  bool usesIv = false;
  if (!collectSlice(subview.getResult(), loop, block.slice, usesIv) || !usesIv)
    return std::nullopt;
  int64_t elementBytes =
      std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  // The sizes of the result's dimensions (a rank-reducing subview drops
  // some of its sizes, all of them 1).
  llvm::SmallBitVector dropped = subview.getDroppedDims();
  for (auto [dim, size] : llvm::enumerate(subview.getMixedSizes())) {
    if (dropped.test(dim))
      continue;
    std::optional<int64_t> largest = getConstantIntValue(size);
    if (!largest) {
      largest = getLargestValue(cast<Value>(size));
      block.dynamicDims.push_back(block.shape.size());
    }
    if (!largest || *largest <= 0)
      return std::nullopt;
    block.shape.push_back(*largest);
  }
  if (block.shape.size() != strides.size())
    return std::nullopt;
  block.elementsPerLine = std::max<int64_t>(1, kLineBytes / elementBytes);
  block.linesPerRow =
      llvm::divideCeil(block.shape.back(), block.elementsPerLine);
  // (A bound so large that the counts overflow is no block to prefetch.)
  block.lines = block.linesPerRow;
  for (int64_t size : ArrayRef(block.shape).drop_back())
    if (llvm::MulOverflow(block.lines, size, block.lines))
      return std::nullopt;
  block.bytes = elementBytes;
  for (int64_t size : block.shape)
    if (llvm::MulOverflow(block.bytes, size, block.bytes))
      return std::nullopt;
  if (llvm::MulOverflow(block.bytes, kPageBytes / kLineBytes, block.footprint))
    return std::nullopt;
  block.footprint /= getCoveredPageLines(block.shape, strides, elementBytes);
  return block;
}

/// The innermost loop of `loop`'s body with the most iterations per
/// iteration of `loop`, with the constant loops from `loop`'s body down to
/// it (outermost first); empty when no nest has constant bounds.
SmallVector<ConstantLoop> getBusiestNest(scf::ForOp loop) {
  SmallVector<ConstantLoop> best;
  int64_t bestIterations = 0;
  loop.getBody()->walk([&](scf::ForOp inner) {
    bool innermost = true;
    inner.getBody()->walk([&](scf::ForOp) { innermost = false; });
    if (!innermost)
      return;
    SmallVector<ConstantLoop> nest;
    int64_t iterations = 1;
    for (Operation *op = inner; op != loop.getOperation();
         op = op->getParentOp()) {
      auto forOp = dyn_cast<scf::ForOp>(op);
      std::optional<ConstantLoop> constant =
          forOp ? getConstantLoop(forOp, /*allowBounded=*/true) : std::nullopt;
      // Another region (an scf.if) would make the count unknown.
      if (!constant)
        return;
      nest.insert(nest.begin(), *constant);
      iterations *= constant->tripCount;
    }
    if (iterations > bestIterations) {
      bestIterations = iterations;
      best = std::move(nest);
    }
  });
  return best;
}

/// How an offset follows `inner`'s induction variable: 0 when it does not
/// read it (it is defined outside `inner`), the coefficient when it is the
/// variable or `affine.apply` of `d0 * c` on it, nullopt otherwise.
std::optional<int64_t> getIvCoefficient(OpFoldResult offset, scf::ForOp inner) {
  auto value = dyn_cast<Value>(offset);
  if (!value)
    return 0;
  if (value == inner.getInductionVar())
    return 1;
  Operation *def = value.getDefiningOp();
  if (!def ? inner->isAncestor(value.getParentBlock()->getParentOp())
           : inner->isProperAncestor(def)) {
    auto apply = dyn_cast_or_null<affine::AffineApplyOp>(def);
    if (!apply || apply.getMapOperands().size() != 1 ||
        apply.getMapOperands()[0] != inner.getInductionVar())
      return std::nullopt;
    AffineExpr expr = apply.getAffineMap().getResult(0);
    auto mul = dyn_cast<AffineBinaryOpExpr>(expr);
    if (!mul || mul.getKind() != AffineExprKind::Mul ||
        !isa<AffineDimExpr>(mul.getLHS()))
      return std::nullopt;
    auto coefficient = dyn_cast<AffineConstantExpr>(mul.getRHS());
    if (!coefficient || coefficient.getValue() <= 0)
      return std::nullopt;
    return coefficient.getValue();
  }
  return 0;
}

/// Whether an op has an `Effect` (MemoryEffects::Write, Read) on
/// `subview`; a user that does not say counts as `unknown`.
template <typename Effect>
bool hasEffectOn(memref::SubViewOp subview, bool unknown) {
  return llvm::any_of(subview->getUses(), [&](OpOperand &use) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(use.getOwner());
    if (!effects)
      return unknown;
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffectsOnValue(use.get(), list);
    return llvm::any_of(list, [](const MemoryEffects::EffectInstance &e) {
      return isa<Effect>(e.getEffect());
    });
  });
}

/// Whether the loop reads and writes `subview` (a register tile's tile of
/// C, loaded and stored), the blocks `loom.prefetch_next_written` takes. A
/// block only written (the packed copy of B that the first register tile
/// stores as it reads B in place) is overwritten whole: its old lines are
/// not worth a prefetch (on an Emerald Rapids, 64 x 768 x 3072: 8 of the 17
/// prefetches of the first tile's k loop; 157.8 GFLOP/s without them
/// against 154.1).
bool isReadAndWritten(memref::SubViewOp subview) {
  return hasEffectOn<MemoryEffects::Write>(subview, /*unknown=*/false) &&
         hasEffectOn<MemoryEffects::Read>(subview, /*unknown=*/true);
}

/// The pieces that a loop directly in `loop`'s body writes one per
/// iteration (C's register tiles in the loop over a tile's panels: a
/// subview one of whose offsets is that loop's induction variable, or a
/// multiple of it, the pieces adjacent) add up to a block that follows
/// `loop`'s variable: that block, as a subview in `loop`'s body just before
/// the nested loop, for the blocks of the next iteration to take. The
/// subviews are created here; the caller erases those it leaves unused.
SmallVector<memref::SubViewOp> createWrittenBlocks(scf::ForOp loop) {
  SmallVector<memref::SubViewOp> created;
  Builder builder(loop.getContext());
  for (auto inner : loop.getBody()->getOps<scf::ForOp>()) {
    std::optional<ConstantLoop> constant = getConstantLoop(inner);
    if (!constant || constant->lowerBound < 0)
      continue;
    for (auto subview : inner.getBody()->getOps<memref::SubViewOp>()) {
      Value source = subview.getSource();
      if (!isReadAndWritten(subview) ||
          inner->isAncestor(source.getParentBlock()->getParentOp()) ||
          !llvm::all_of(subview.getStaticStrides(),
                        [](int64_t stride) { return stride == 1; }))
        continue;
      SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
      SmallVector<OpFoldResult> sizes = subview.getMixedSizes();
      std::optional<int64_t> dim;
      int64_t coefficient = 0;
      bool valid = true;
      for (auto [index, offset] : llvm::enumerate(offsets)) {
        std::optional<int64_t> c = getIvCoefficient(offset, inner);
        if (!c || (*c && dim)) {
          valid = false;
          break;
        }
        if (*c) {
          dim = index;
          coefficient = *c;
        }
      }
      std::optional<int64_t> size =
          dim ? getConstantIntValue(sizes[*dim]) : std::nullopt;
      // Pieces with gaps between them are not one block.
      if (!valid || !size || constant->step * coefficient > *size)
        continue;
      offsets[*dim] = builder.getIndexAttr(constant->lowerBound * coefficient);
      sizes[*dim] = builder.getIndexAttr(
          (constant->tripCount - 1) * constant->step * coefficient + *size);
      OpBuilder atInner(inner);
      created.push_back(memref::SubViewOp::create(atInner, subview.getLoc(),
                                                  source, offsets, sizes,
                                                  subview.getMixedStrides()));
    }
  }
  return created;
}

/// Prefetches the blocks of `loop`'s next iteration, the largest first (the
/// one whose wait costs most, such as the block a matmul packs), as long as
/// their footprints add up to at most `budget` bytes (a block that does not
/// fit is skipped: prefetched, it would evict the lines in use from the
/// sets it falls on); false when the loop does not have the shape this needs
/// (a trip count of a constant bound, blocks and a nest of loops of constant or
/// constant-bounded sizes).
bool prefetchNextIteration(scf::ForOp loop, int64_t budget, unsigned locality,
                           bool writtenOnly) {
  // A dynamic trip count bounded by a constant (the loop over a register
  // tile's panels in the last, narrower column block) counts at its largest.
  std::optional<ConstantLoop> outer =
      getConstantLoop(loop, /*allowBounded=*/true);
  if (!outer || outer->tripCount < 2)
    return false;
  // Blocks that a nested loop takes but that change only with `loop` (the
  // rows of A of a register tile, sliced in the loop over its panels) are
  // first hoisted into `loop`'s body.
  loop.getBody()->walk(
      [](scf::ForOp inner) { (void)moveLoopInvariantCode(inner); });
  // The tiles of C that a nested loop writes, one per iteration, count as
  // the block they add up to (the next register tile's rows of C).
  SmallVector<memref::SubViewOp> writtenBlocks = createWrittenBlocks(loop);
  llvm::scope_exit eraseUnused([&] {
    for (memref::SubViewOp subview : writtenBlocks)
      if (subview->use_empty())
        subview->erase();
  });
  SmallVector<Block> candidates, blocks;
  for (auto subview : loop.getBody()->getOps<memref::SubViewOp>()) {
    if (writtenOnly && !isReadAndWritten(subview) &&
        !llvm::is_contained(writtenBlocks, subview))
      continue;
    if (std::optional<Block> block = getBlock(subview, loop))
      candidates.push_back(std::move(*block));
  }
  llvm::stable_sort(candidates, [](const Block &a, const Block &b) {
    return a.bytes > b.bytes;
  });
  for (Block &block : candidates) {
    if (block.footprint > budget)
      continue;
    budget -= block.footprint;
    blocks.push_back(std::move(block));
  }
  SmallVector<ConstantLoop> nest = getBusiestNest(loop);
  if (blocks.empty() || nest.empty())
    return false;
  int64_t iterations = 1;
  for (const ConstantLoop &inner : nest)
    iterations *= inner.tripCount;

  // The next iteration's blocks, computed at the top of the body; the last
  // iteration prefetches its own (in bounds, and already cached).
  Location loc = loop.getLoc();
  OpBuilder builder = OpBuilder::atBlockBegin(loop.getBody());
  Value iv = loop.getInductionVar();
  Value step = arith::ConstantIndexOp::create(builder, loc, outer->step);
  // The last iteration's induction variable: lb + (ub - lb - 1) floordiv
  // step * step (a constant when the bounds are).
  AffineExpr upper = getAffineSymbolExpr(0, loop.getContext());
  Value last = getValueOrCreateConstantIndexOp(
      builder, loc,
      affine::makeComposedFoldedAffineApply(
          builder, loc,
          outer->lowerBound +
              (upper - outer->lowerBound - 1).floorDiv(outer->step) *
                  outer->step,
          {getAsOpFoldResult(loop.getUpperBound())}));
  Value next = arith::MinSIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, iv, step), last);
  SmallVector<Value> nextBlocks;
  SmallVector<SmallVector<Value>> nextSizes;
  for (Block &block : blocks) {
    IRMapping mapping;
    mapping.map(iv, next);
    for (Operation *op : block.slice)
      builder.clone(*op, mapping);
    Value nextBlock = mapping.lookup(block.subview.getResult());
    nextBlocks.push_back(nextBlock);
    SmallVector<Value> &sizes = nextSizes.emplace_back();
    for (int64_t dim : block.dynamicDims)
      sizes.push_back(memref::DimOp::create(builder, loc, nextBlock, dim));
  }

  // At the top of the busiest innermost loop: its linear iteration index
  // within one iteration of `loop`, and one line of each block every
  // `iterations / lines` of them (or several lines per iteration).
  scf::ForOp innermost = nest.back().loop;
  builder.setInsertionPointToStart(innermost.getBody());
  MLIRContext *context = loop.getContext();
  AffineExpr linear = getAffineConstantExpr(0, context);
  SmallVector<Value> ivs;
  int64_t stride = 1;
  for (auto [index, inner] : llvm::enumerate(llvm::reverse(nest))) {
    AffineExpr dim = getAffineDimExpr(index, context);
    linear = linear + ((dim - inner.lowerBound).floorDiv(inner.step)) * stride;
    ivs.push_back(inner.loop.getInductionVar());
    stride *= inner.tripCount;
  }
  for (auto [block, nextBlock, sizes] :
       llvm::zip(blocks, nextBlocks, nextSizes)) {
    // (A power of two, so that the index arithmetic in the loop is shifts
    // and masks: the lines then start sooner, within the first half or
    // more of the iteration.)
    int64_t every =
        llvm::bit_floor(std::max<uint64_t>(1, iterations / block.lines));
    int64_t perIteration =
        every > 1 ? 1 : llvm::divideCeil(block.lines, iterations);
    for (int64_t part = 0; part < perIteration; ++part) {
      // line = index / every (or index * perIteration + part).
      AffineExpr line =
          every > 1 ? linear.floorDiv(every) : linear * perIteration + part;
      Value lineValue = affine::AffineApplyOp::create(
          builder, loc, AffineMap::get(ivs.size(), 0, line), ivs);
      Value inRange = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, lineValue,
          arith::ConstantIndexOp::create(builder, loc, block.lines));
      if (every > 1) {
        Value remainder = affine::AffineApplyOp::create(
            builder, loc, AffineMap::get(ivs.size(), 0, linear % every), ivs);
        Value onTurn = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::eq, remainder,
            arith::ConstantIndexOp::create(builder, loc, 0));
        inRange = arith::AndIOp::create(builder, loc, inRange, onTurn);
      }
      auto ifOp = scf::IfOp::create(builder, loc, inRange);
      OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
      // The line's indices: the rows delinearized, then the column of the
      // line's first element.
      AffineExpr lineDim = getAffineDimExpr(0, context);
      SmallVector<AffineExpr> indices(block.shape.size());
      AffineExpr rows = lineDim.floorDiv(block.linesPerRow);
      indices.back() = (lineDim % block.linesPerRow) * block.elementsPerLine;
      for (int64_t dim = block.shape.size() - 2; dim >= 0; --dim) {
        indices[dim] = dim == 0 ? rows : rows % block.shape[dim];
        rows = rows.floorDiv(block.shape[dim]);
      }
      SmallVector<Value> indexValues;
      for (AffineExpr index : indices)
        indexValues.push_back(affine::AffineApplyOp::create(
            thenBuilder, loc, AffineMap::get(1, 0, index), lineValue));
      // A line of a smaller block (its sizes below the largest) is
      // prefetched only when it starts inside it.
      Value inBlock;
      for (auto [dim, size] : llvm::zip(block.dynamicDims, sizes)) {
        Value inDim =
            arith::CmpIOp::create(thenBuilder, loc, arith::CmpIPredicate::ult,
                                  indexValues[dim], size);
        inBlock = inBlock
                      ? arith::AndIOp::create(thenBuilder, loc, inBlock, inDim)
                      : inDim;
      }
      if (inBlock) {
        auto inBlockIf = scf::IfOp::create(thenBuilder, loc, inBlock);
        thenBuilder = inBlockIf.getThenBodyBuilder();
      }
      memref::PrefetchOp::create(thenBuilder, loc, nextBlock, indexValues,
                                 /*isWrite=*/false, locality,
                                 /*isDataCache=*/true);
    }
  }
  return true;
}

/// The bytes `loop` asks to prefetch per iteration: `loom.prefetch_next`
/// as an integer (0: none), or as a unit attribute or true (no limit).
std::optional<int64_t> getBudget(scf::ForOp loop) {
  Attribute attr = loop->getAttr(kPrefetchNextAttrName);
  if (auto integer = dyn_cast_or_null<IntegerAttr>(attr))
    return integer.getInt() > 0 ? std::optional(integer.getInt())
                                : std::nullopt;
  if (auto boolean = dyn_cast_or_null<BoolAttr>(attr))
    return boolean.getValue() ? std::optional(INT64_MAX) : std::nullopt;
  if (isa_and_nonnull<UnitAttr>(attr))
    return INT64_MAX;
  return std::nullopt;
}

struct PrefetchNextIterationPass
    : impl::LoomPrefetchNextIterationPassBase<PrefetchNextIterationPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kPrefetchNextAttrName))
        marked.push_back(loop);
    });
    // A loop without the shape this needs is left as it is, silently: the
    // mark is a hint (the matmul schedule marks the K loop of every shape,
    // and a K that is not a multiple of the block leaves a smaller last
    // block, of dynamic size).
    for (scf::ForOp loop : marked) {
      auto cache = dyn_cast_if_present<IntegerAttr>(
          loop->getAttr(kPrefetchNextCacheAttrName));
      unsigned locality =
          cache && cache.getInt() == 1 ? kLocalityL1 : kLocalityL2;
      bool writtenOnly = loop->hasAttr(kPrefetchNextWrittenAttrName);
      if (std::optional<int64_t> budget = getBudget(loop))
        (void)prefetchNextIteration(loop, *budget, locality, writtenOnly);
      loop->removeAttr(kPrefetchNextAttrName);
      loop->removeAttr(kPrefetchNextCacheAttrName);
      loop->removeAttr(kPrefetchNextWrittenAttrName);
    }
  }
};

} // namespace
} // namespace mlir::loom
