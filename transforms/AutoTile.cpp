//===- AutoTile.cpp - Tile and vectorize any structured op ----------------===//

#include "transforms/AutoTile.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

#include "llvm/ADT/STLExtras.h"

namespace mlir::loom {

namespace {

/// Bytes of the widest element type among the operands (index counts as 8).
int64_t getWidestElementBytes(Operation *op) {
  int64_t widest = 1;
  for (Type type : op->getOperandTypes()) {
    Type element = getElementTypeOrSelf(type);
    int64_t bytes = 8;
    if (element.isIntOrFloat())
      bytes = std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
    widest = std::max(widest, bytes);
  }
  return widest;
}

/// A tile of at most `target` iterations for a loop of `range` (dynamic or
/// not): 0 (whole loop) when the loop fits; else, so that tiles stay static,
/// a divisor of the range from half the target up: for vector lanes
/// (`anyDivisor` false) only the target or its half, for loops that are
/// unrolled (the output columns of a 1-D convolution, which the vectorizer
/// cannot mask) any; else the target (the last tile is partial).
int64_t chooseTile(int64_t range, int64_t target, bool anyDivisor = false) {
  if (ShapedType::isDynamic(range))
    return target;
  if (range <= target)
    return 0;
  for (int64_t divisor = target; 2 * divisor >= target; --divisor) {
    bool candidate = anyDivisor || divisor == target || 2 * divisor == target;
    if (candidate && range % divisor == 0)
      return divisor;
  }
  return target;
}

/// The loop that indexes the last dimension of the op's first output, if
/// any: vectors along it are contiguous in the result.
std::optional<unsigned> getOutputMinorLoop(linalg::LinalgOp op) {
  if (op.getNumDpsInits() == 0)
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  for (AffineExpr result : llvm::reverse(map.getResults()))
    if (auto dim = dyn_cast<AffineDimExpr>(result))
      return dim.getPosition();
  return std::nullopt;
}

void planConvolution(const linalg::ConvolutionDimensions &dims,
                     std::optional<unsigned> outputMinor,
                     ArrayRef<int64_t> ranges, int64_t vectorLanes,
                     SmallVectorImpl<int64_t> &tiles) {
  // Every loop starts at 1; the last loop of these groups gets a vector's
  // worth, the last window loop stays whole.
  auto lastOf = [](ArrayRef<unsigned> group) -> std::optional<unsigned> {
    if (group.empty())
      return std::nullopt;
    return *llvm::max_element(group);
  };
  if (std::optional<unsigned> ow = lastOf(dims.outputImage))
    tiles[*ow] = chooseTile(ranges[*ow], 8, /*anyDivisor=*/true);
  // Output channels: two vectors (8 x 2 accumulators with the 8 columns).
  if (std::optional<unsigned> f = lastOf(dims.outputChannel))
    tiles[*f] = chooseTile(ranges[*f], 2 * vectorLanes);
  for (ArrayRef<unsigned> group :
       {ArrayRef<unsigned>(dims.depth), ArrayRef<unsigned>(dims.inputChannel)})
    if (std::optional<unsigned> last = lastOf(group))
      tiles[*last] = chooseTile(ranges[*last], vectorLanes);
  if (std::optional<unsigned> kw = lastOf(dims.filterLoop))
    tiles[*kw] = 0;
  // The loop of the output's last dimension when it is none of those (the
  // channels of a pooling op count as batch loops).
  if (outputMinor && !llvm::is_contained(dims.outputImage, *outputMinor) &&
      !llvm::is_contained(dims.filterLoop, *outputMinor) &&
      tiles[*outputMinor] == 1)
    tiles[*outputMinor] = chooseTile(ranges[*outputMinor], vectorLanes);
  // Channels-first pooling (the output's last dimension is an image loop):
  // the 1-D form works on channels-last vectors, so the channels get a
  // vector's worth too.
  if (outputMinor && llvm::is_contained(dims.outputImage, *outputMinor) &&
      dims.outputChannel.empty() && dims.depth.empty())
    if (std::optional<unsigned> channel = lastOf(dims.batch))
      if (ranges[*channel] != 1)
        tiles[*channel] = chooseTile(ranges[*channel], vectorLanes);
}

} // namespace

AutoTilePlan computeAutoTilePlan(TilingInterface op, int64_t vectorBytes) {
  SmallVector<utils::IteratorType> iterators = op.getLoopIteratorTypes();
  unsigned numLoops = iterators.size();
  SmallVector<int64_t> ranges(numLoops, ShapedType::kDynamic);
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op.getOperation());
  if (linalgOp)
    ranges = linalgOp.getStaticLoopRanges();
  int64_t vectorLanes =
      std::max<int64_t>(1, vectorBytes / getWidestElementBytes(op));

  AutoTilePlan plan;
  plan.loopTileSizes.assign(numLoops, 1);
  FailureOr<linalg::ConvolutionDimensions> convDims = failure();
  if (linalgOp && linalg::isaConvolutionOpInterface(linalgOp))
    convDims = linalg::inferConvolutionDims(linalgOp);
  FailureOr<linalg::ContractionDimensions> contractionDims = failure();
  if (linalgOp && linalg::isaContractionOpInterface(linalgOp))
    contractionDims = linalg::inferContractionDims(linalgOp);
  if (succeeded(convDims)) {
    planConvolution(*convDims, getOutputMinorLoop(linalgOp), ranges,
                    vectorLanes, plan.loopTileSizes);
  } else if (succeeded(contractionDims) && !contractionDims->m.empty() &&
             !contractionDims->n.empty()) {
    // A register tile of outer products: 8 rows of a vector's worth of
    // columns, one step of the reduction at a time.
    unsigned m = contractionDims->m.back(), n = contractionDims->n.back();
    plan.loopTileSizes[m] = chooseTile(ranges[m], 8);
    plan.loopTileSizes[n] = chooseTile(ranges[n], 2 * vectorLanes);
    // Cache blocks of 256 columns and 256 reduction steps: the block of the
    // second operand (256 KiB of f32) stays in L2 while the register tiles
    // sweep it.
    plan.cacheTileSizes.assign(numLoops, 0);
    plan.cacheTileSizes[n] = chooseTile(ranges[n], 256);
    if (!contractionDims->k.empty()) {
      unsigned k = contractionDims->k.front();
      plan.cacheTileSizes[k] = chooseTile(ranges[k], 256);
    }
    // A short innermost reduction (the inner tile of mmt4d) stays whole:
    // its operands are contiguous along it.
    if (!contractionDims->k.empty()) {
      unsigned k = contractionDims->k.back();
      if (!ShapedType::isDynamic(ranges[k]) && ranges[k] <= vectorLanes)
        plan.loopTileSizes[k] = 0;
    }
  } else {
    std::optional<unsigned> vectorLoop;
    if (linalgOp)
      vectorLoop = getOutputMinorLoop(linalgOp);
    if (!vectorLoop) {
      auto parallel =
          llvm::find(llvm::reverse(iterators), utils::IteratorType::parallel);
      if (parallel != iterators.rend())
        vectorLoop = std::distance(parallel, iterators.rend()) - 1;
      else if (numLoops > 0)
        vectorLoop = numLoops - 1;
    }
    // Ops without reductions (elementwise, copies, broadcasts) get four
    // vectors per step: fewer loop iterations for the same work.
    bool allParallel = llvm::all_of(iterators, [](utils::IteratorType type) {
      return type == utils::IteratorType::parallel;
    });
    if (vectorLoop)
      plan.loopTileSizes[*vectorLoop] = chooseTile(
          ranges[*vectorLoop], allParallel ? 4 * vectorLanes : vectorLanes);
    for (unsigned loop = numLoops; loop-- > 0;) {
      if (iterators[loop] != utils::IteratorType::reduction)
        continue;
      if (loop != vectorLoop)
        plan.loopTileSizes[loop] = chooseTile(ranges[loop], vectorLanes);
      break;
    }
  }
  // A loop of one iteration needs no tiling.
  for (unsigned loop = 0; loop < numLoops; ++loop)
    if (ranges[loop] == 1)
      plan.loopTileSizes[loop] = 0;

  // Threads: the outermost parallel loop with more than one iteration, in
  // about four chunks that are whole multiples of its vector tile.
  // For a contraction with many more columns than rows (64 x 4096), the
  // columns: split by rows, every thread would stream all of the second
  // operand.
  std::optional<unsigned> threadLoop;
  if (succeeded(contractionDims) && !contractionDims->m.empty() &&
      !contractionDims->n.empty()) {
    unsigned m = contractionDims->m.back(), n = contractionDims->n.back();
    if (!ShapedType::isDynamic(ranges[m]) &&
        !ShapedType::isDynamic(ranges[n]) && ranges[n] > 2 * ranges[m])
      threadLoop = n;
  }
  plan.threadTileSizes.assign(numLoops, 0);
  for (unsigned loop = 0; loop < numLoops; ++loop) {
    if (threadLoop && loop != *threadLoop)
      continue;
    if (iterators[loop] != utils::IteratorType::parallel || ranges[loop] == 1)
      continue;
    int64_t inner = plan.loopTileSizes[loop];
    if (inner == 0)
      break; // The whole loop is one vector tile.
    int64_t chunk = 4 * inner;
    if (!ShapedType::isDynamic(ranges[loop]))
      chunk = llvm::alignTo(llvm::divideCeil(ranges[loop], 4), inner);
    if (ShapedType::isDynamic(ranges[loop]) || chunk < ranges[loop])
      plan.threadTileSizes[loop] = chunk;
    break;
  }
  return plan;
}

static FailureOr<scf::SCFTilingResult>
tileLevel(RewriterBase &rewriter, TilingInterface op, ArrayRef<int64_t> sizes,
          scf::SCFTilingOptions::LoopType loopType) {
  scf::SCFTilingOptions options;
  options.setLoopType(loopType);
  options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(tiled))
    return failure();
  if (op->getNumResults() == 0)
    rewriter.eraseOp(op);
  else
    rewriter.replaceOp(op, tiled->replacements);
  return tiled;
}

FailureOr<AutoTileResult> tileWithPlan(RewriterBase &rewriter,
                                       TilingInterface op,
                                       const AutoTilePlan &plan,
                                       std::string &reason) {
  AutoTileResult result;
  result.tiledOp = op;
  auto isUntiled = [](ArrayRef<int64_t> sizes) {
    return llvm::all_of(sizes, [](int64_t size) { return size == 0; });
  };
  if (!isUntiled(plan.threadTileSizes)) {
    FailureOr<scf::SCFTilingResult> tiled =
        tileLevel(rewriter, op, plan.threadTileSizes,
                  scf::SCFTilingOptions::LoopType::ForallOp);
    if (failed(tiled)) {
      reason = "tiling to scf.forall failed";
      return failure();
    }
    result.tiledOp = tiled->tiledOps.back();
    result.forallOp = tiled->loops.front();
  }
  // The scf.for levels: cache blocks (if any), then vector tiles. When one
  // fails, the levels above stay: the op is still correct, only less finely
  // tiled.
  std::pair<ArrayRef<int64_t>, StringRef> levels[] = {
      {plan.cacheTileSizes, "tiling to cache blocks failed"},
      {plan.loopTileSizes, "tiling to scf.for failed"}};
  for (auto [sizes, failure] : levels) {
    if (sizes.empty() || isUntiled(sizes))
      continue;
    auto inner = dyn_cast<TilingInterface>(result.tiledOp);
    FailureOr<scf::SCFTilingResult> tiled = mlir::failure();
    if (inner)
      tiled = tileLevel(rewriter, inner, sizes,
                        scf::SCFTilingOptions::LoopType::ForOp);
    if (failed(tiled)) {
      reason = failure.str();
      return result;
    }
    result.tiledOp = tiled->tiledOps.back();
    for (LoopLikeOpInterface loop : tiled->loops)
      result.forOps.push_back(loop);
  }
  return result;
}

FailureOr<SmallVector<int64_t>> inferVectorSizes(Operation *op,
                                                 std::string &reason) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp) {
    reason = "not a linalg op";
    return failure();
  }
  SmallVector<int64_t> sizes = linalgOp.getStaticLoopRanges();
  for (auto [loop, size] : llvm::enumerate(sizes)) {
    if (!ShapedType::isDynamic(size))
      continue;
    // The tightest bound of any operand dimension that the loop indexes
    // directly.
    AffineExpr loopExpr = getAffineDimExpr(loop, op->getContext());
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<ShapedType>(operand.get().getType()))
        continue;
      AffineMap map = linalgOp.getMatchingIndexingMap(&operand);
      for (auto [dim, result] : llvm::enumerate(map.getResults())) {
        if (result != loopExpr)
          continue;
        FailureOr<int64_t> bound =
            ValueBoundsConstraintSet::computeConstantBound(
                presburger::BoundType::UB,
                ValueBoundsConstraintSet::Variable(operand.get(), dim),
                /*stopCondition=*/nullptr, /*closedUB=*/true);
        if (succeeded(bound) && (ShapedType::isDynamic(size) || *bound < size))
          size = *bound;
      }
    }
    if (ShapedType::isDynamic(size)) {
      reason = "loop " + std::to_string(loop) +
               " has no constant upper bound (tile it)";
      return failure();
    }
  }
  return sizes;
}

LogicalResult vectorizeToBounds(RewriterBase &rewriter, Operation *op,
                                int64_t maxVectorElements,
                                std::string &reason) {
  // LLVM packs vectors of i1 into bits but memrefs of i1 hold a byte per
  // element: vector loads and stores of them would read and write the
  // wrong bytes.
  for (Type type : op->getOperandTypes()) {
    Type element = getElementTypeOrSelf(type);
    if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() < 8) {
      reason = "it has operands of " +
               std::to_string(element.getIntOrFloatBitWidth()) +
               "-bit elements, which vector loads would read as packed bits "
               "(memrefs store one byte per element)";
      return failure();
    }
  }
  SmallVector<int64_t> vectorSizes;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    FailureOr<SmallVector<int64_t>> sizes = inferVectorSizes(op, reason);
    if (failed(sizes))
      return failure();
    int64_t elements = 1;
    for (int64_t size : *sizes)
      elements *= std::max<int64_t>(size, 1);
    if (elements > maxVectorElements) {
      reason = "its vectors would have " + std::to_string(elements) +
               " elements, more than " + std::to_string(maxVectorElements) +
               " (tile it)";
      return failure();
    }
    // Sizes equal to the static loop ranges: plain (unmasked) vectorization.
    if (*sizes != linalgOp.getStaticLoopRanges())
      vectorSizes = *sizes;
  } else if (auto pack = dyn_cast<linalg::PackOp>(op)) {
    // A tile of a pack whose source is partial (padding at the edge of the
    // packed dimension): upstream masks the read of the source when it is
    // given the vector sizes of the write, the destination's static shape.
    ShapedType source = pack.getSourceType(), dest = pack.getDestType();
    if (!source.hasStaticShape() && dest.hasStaticShape())
      vectorSizes = llvm::to_vector(dest.getShape());
  }
  // Fixed-length vectors: one "not scalable" flag per size.
  SmallVector<bool> scalable(vectorSizes.size(), false);
  if (failed(linalg::vectorizeOpPrecondition(op, vectorSizes, scalable,
                                             /*vectorizeNDExtract=*/true))) {
    reason = "the vectorizer does not support it";
    if (!vectorSizes.empty())
      reason += " with masked vector sizes";
    return failure();
  }
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, op, vectorSizes, scalable,
                        /*vectorizeNDExtract=*/true);
  if (failed(vectorized)) {
    reason = "the vectorizer failed on it";
    return failure();
  }
  if (vectorized->replacements.empty())
    rewriter.eraseOp(op);
  else
    rewriter.replaceOp(op, vectorized->replacements);
  return success();
}

} // namespace mlir::loom
