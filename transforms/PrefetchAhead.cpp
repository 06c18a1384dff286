//===- PrefetchAhead.cpp - Prefetch strided rows iterations ahead ---------===//
//
// In a loop marked `loom.prefetch_ahead = D`, every subview of the body that
// slices a row at the induction variable (a dimension other than the
// innermost, so that each iteration reads a row a stride away from the last)
// is prefetched D iterations ahead: one `memref.prefetch` per 64-byte line
// of the row (into L1, or L2 for rows a multiple of a page apart), at the
// row of iteration `iv + D` (the loop's last row once that passes its end;
// with `loom.prefetch_span = S`, D is at most S / the rows' stride). It
// is the software prefetch of a micro-kernel that reads B in place: the
// hardware prefetchers follow streams within a page and lose a column of rows
// each a page or more apart, so that every row of a register tile's step waits
// for memory. A row whose start is not known to be a line's prefetches its
// last element too (it may end in one more line); one that starts on a line
// (see isLineAligned) does not: the extra prefetch costs an issue slot every
// step.
//
// In a loop marked `loom.prefetch_outer_ahead = D`, what each vector read of
// the body loads is prefetched as the same read will load it D iterations of
// the enclosing loop ahead: the reads' addresses are computed again with the
// enclosing loop's induction variable moved on. A softmax's exp map over one
// row so fetches the next row from memory while it computes: the hardware
// prefetchers have nothing to follow while a row is computed from L1, and
// each row's first pass otherwise waits for memory.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMPREFETCHAHEADPASS
#include "transforms/Passes.h.inc"

namespace {

/// LLVM's locality hints: 3, prefetcht0 on x86, into L1 (the row is read
/// within a few hundred cycles); 2, prefetcht1, into L2, for rows a multiple
/// of a page apart: their lines fall on the same L1 sets, and the rows
/// prefetched ahead would evict each other there (on Zen 5, 8 x 2048 x 2048
/// read in place: 94 GFLOP/s into L2 against 82 into L1; 8 x 2000 x 2000
/// 115 into L1 against 106 into L2), unless the loop names the cache: a few
/// rows ahead of a B that stays in L3 were faster into L1 (on Zen 5, 8 x 1024 x
/// 1024: 132 GFLOP/s 8 rows ahead into L1 against 99 64 rows ahead into L2).
constexpr unsigned kLocalityL1 = 3, kLocalityL2 = 2;
/// Rows of at most this many lines are prefetched (a register tile's row
/// of B is two or three); a wider slice is a block, not a row.
constexpr int64_t kMaxLines = 8;

/// The dimension of `subview` whose offset is `loop`'s induction variable,
/// when no other offset changes with the loop, it is not the innermost
/// dimension and the slice is one row (static sizes, 1 but the innermost).
std::optional<unsigned> getRowDimension(memref::SubViewOp subview,
                                        scf::ForOp loop) {
  std::optional<unsigned> rowDim;
  SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
  for (auto [dim, offset] : llvm::enumerate(offsets)) {
    auto value = dyn_cast<Value>(offset);
    if (!value || loop.isDefinedOutsideOfLoop(value))
      continue;
    if (value != loop.getInductionVar() || rowDim)
      return std::nullopt;
    rowDim = dim;
  }
  if (!rowDim || *rowDim + 1 == offsets.size())
    return std::nullopt;
  ArrayRef<int64_t> sizes = subview.getStaticSizes();
  if (ShapedType::isDynamic(sizes.back()) ||
      llvm::any_of(sizes.drop_back(), [](int64_t size) { return size != 1; }))
    return std::nullopt;
  return rowDim;
}

/// Whether the loop only writes the row (the packed copy of a row it reads
/// elsewhere): such a row is not prefetched for reading.
bool isWrittenOnly(memref::SubViewOp subview) {
  return !subview->use_empty() &&
         llvm::all_of(subview->getUsers(), [&](Operation *user) {
           if (auto write = dyn_cast<vector::TransferWriteOp>(user))
             return write.getBase() == subview.getResult();
           if (auto store = dyn_cast<memref::StoreOp>(user))
             return store.getMemRef() == subview.getResult();
           return false;
         });
}

/// Whether `value` is a multiple of `n`, as far as its constants, the
/// bounds and steps of the loops it is an induction variable of, sums,
/// products and affine maps show; false when they do not tell.
bool isMultipleOf(Value value, int64_t n, unsigned depth = 0);
bool isMultipleOf(OpFoldResult value, int64_t n, unsigned depth = 0);

bool isMultipleOf(AffineExpr expr, ValueRange operands, unsigned numDims,
                  int64_t n, unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue() % n == 0;
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return isMultipleOf(operands[dim.getPosition()], n, depth + 1);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return isMultipleOf(operands[numDims + symbol.getPosition()], n, depth + 1);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return isMultipleOf(binary.getLHS(), operands, numDims, n, depth) &&
           isMultipleOf(binary.getRHS(), operands, numDims, n, depth);
  case AffineExprKind::Mul:
    return isMultipleOf(binary.getLHS(), operands, numDims, n, depth) ||
           isMultipleOf(binary.getRHS(), operands, numDims, n, depth);
  default:
    return false;
  }
}

bool isMultipleOf(OpFoldResult value, int64_t n, unsigned depth) {
  if (n <= 1)
    return true;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant % n == 0;
  return isMultipleOf(cast<Value>(value), n, depth);
}

bool isMultipleOf(Value value, int64_t n, unsigned depth) {
  if (n <= 1)
    return true;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant % n == 0;
  // (Deep chains are not worth following for a hint.)
  if (depth > 8)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner))
      return arg == loop.getInductionVar() &&
             isMultipleOf(loop.getLowerBound(), n, depth + 1) &&
             isMultipleOf(loop.getStep(), n, depth + 1);
    if (auto loop = dyn_cast<scf::ForallOp>(owner)) {
      unsigned index = arg.getArgNumber();
      if (index >= loop.getRank())
        return false;
      return isMultipleOf(loop.getMixedLowerBound()[index], n, depth + 1) &&
             isMultipleOf(loop.getMixedStep()[index], n, depth + 1);
    }
    if (auto loop = dyn_cast<scf::ParallelOp>(owner)) {
      unsigned index = arg.getArgNumber();
      return isMultipleOf(loop.getLowerBound()[index], n, depth + 1) &&
             isMultipleOf(loop.getStep()[index], n, depth + 1);
    }
    return false;
  }
  Operation *op = value.getDefiningOp();
  if (isa<arith::AddIOp, arith::SubIOp, arith::MinSIOp, arith::MinUIOp,
          arith::MaxSIOp, arith::MaxUIOp>(op))
    return isMultipleOf(op->getOperand(0), n, depth + 1) &&
           isMultipleOf(op->getOperand(1), n, depth + 1);
  if (isa<arith::MulIOp>(op))
    return isMultipleOf(op->getOperand(0), n, depth + 1) ||
           isMultipleOf(op->getOperand(1), n, depth + 1);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return isMultipleOf(op->getOperand(0), n, depth + 1);
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return isMultipleOf(apply.getAffineMap().getResult(0),
                        apply.getMapOperands(),
                        apply.getAffineMap().getNumDims(), n, depth);
  if (auto min = dyn_cast<affine::AffineMinOp>(op))
    return llvm::all_of(min.getAffineMap().getResults(), [&](AffineExpr e) {
      return isMultipleOf(e, min.getMapOperands(),
                          min.getAffineMap().getNumDims(), n, depth);
    });
  return false;
}

bool hasOffsetMultipleOf(Value memref, int64_t n, unsigned depth);

/// Whether the first element of `subview` (of its rows along `rowDim`, when
/// given: that offset is then left out, and the rows' stride must be a
/// multiple of `n`) sits a multiple of `n` elements from the base of the
/// buffer it views: each offset times its source's stride, and the
/// source's own offset (hasOffsetMultipleOf). `depth` counts the subviews
/// and casts followed.
bool startsAtMultipleOf(memref::SubViewOp subview, int64_t n,
                        std::optional<unsigned> rowDim, unsigned depth) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (depth > 8 ||
      failed(subview.getSourceType().getStridesAndOffset(strides, offset)))
    return false;
  for (auto [dim, offsetValue, stride] :
       llvm::enumerate(subview.getMixedOffsets(), strides)) {
    if (ShapedType::isDynamic(stride))
      return false;
    int64_t needed = n / std::gcd(n, std::abs(stride));
    if (dim == rowDim ? needed != 1 : !isMultipleOf(offsetValue, needed))
      return false;
  }
  return hasOffsetMultipleOf(subview.getSource(), n, depth + 1);
}

/// Whether the first element of `memref` sits a multiple of `n` elements
/// from the base of the buffer it views: its layout's offset, when static,
/// or else the offsets and strides of the subviews (and casts) it comes
/// from. A buffer's base is taken to be aligned to a line (Loom's are
/// aligned to 64 bytes or more; a row wrongly taken for aligned only misses
/// the prefetch of its last line).
bool hasOffsetMultipleOf(Value memref, int64_t n, unsigned depth) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type || failed(type.getStridesAndOffset(strides, offset)))
    return false;
  if (!ShapedType::isDynamic(offset))
    return offset % n == 0;
  if (auto cast = memref.getDefiningOp<memref::CastOp>())
    return depth <= 8 && hasOffsetMultipleOf(cast.getSource(), n, depth + 1);
  auto subview = memref.getDefiningOp<memref::SubViewOp>();
  return subview && startsAtMultipleOf(subview, n, std::nullopt, depth + 1);
}

/// Whether every row `subview` slices along `rowDim` starts on a line of
/// `perLine` elements: its source's rows a multiple of a line apart, its
/// offsets in the other dimensions (the row's first column) and its
/// source's own offset multiples of a line.
bool isLineAligned(memref::SubViewOp subview, unsigned rowDim,
                   int64_t perLine) {
  return startsAtMultipleOf(subview, perLine, rowDim, /*depth=*/0);
}

/// A row to prefetch: the subview, its row dimension, how many iterations
/// ahead and into which cache.
struct RowPrefetch {
  memref::SubViewOp subview;
  unsigned rowDim;
  int64_t elementBytes;
  int64_t distance;
  unsigned locality;
};

/// Prefetches the rows `loop` slices `distance` iterations ahead, or as
/// many as span `spanBytes` when fewer (and `spanBytes` is positive), into
/// `cache` (1: L1, 2: L2, 0: by their stride).
void prefetchAhead(scf::ForOp loop, int64_t distance, int64_t spanBytes,
                   int64_t cache) {
  // Rows are sliced at an index; a loop over another integer type slices
  // them at a cast of its induction variable, which is not followed.
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!loop.getInductionVar().getType().isIndex() || !step || *step != 1)
    return;
  // A row at least as many iterations ahead as the loop has would be
  // prefetched at its last row only (a K block of 8 rows of a matmul of
  // few rows): it is left alone.
  std::optional<int64_t> trips;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  FailureOr<int64_t> ub = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB,
      ValueBoundsConstraintSet::Variable(loop.getUpperBound()),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (lb && succeeded(ub))
    trips = *ub - *lb;
  SmallVector<RowPrefetch> rows;
  for (auto subview : loop.getBody()->getOps<memref::SubViewOp>()) {
    MemRefType sourceType = subview.getSourceType();
    if (!sourceType.getElementType().isIntOrFloat())
      continue;
    std::optional<unsigned> rowDim = getRowDimension(subview, loop);
    if (!rowDim || isWrittenOnly(subview))
      continue;
    int64_t elementBytes =
        std::max<int64_t>(sourceType.getElementTypeBitWidth() / 8, 1);
    if (subview.getStaticSizes().back() * elementBytes > kMaxLines * kLineBytes)
      continue;
    // Into the cache the loop names, or else L1, L2 (kLocalityL2) for rows
    // a multiple of a page apart; the distance is lowered so that the rows
    // ahead span at most `spanBytes`.
    bool named = cache == 1 || cache == 2;
    RowPrefetch row{subview, *rowDim, elementBytes, distance,
                    cache == 2 ? kLocalityL2 : kLocalityL1};
    SmallVector<int64_t> strides;
    int64_t offset;
    if (succeeded(sourceType.getStridesAndOffset(strides, offset)) &&
        !ShapedType::isDynamic(strides[*rowDim]) && strides[*rowDim] > 0) {
      int64_t strideBytes = strides[*rowDim] * elementBytes;
      if (!named && strideBytes % kPageBytes == 0)
        row.locality = kLocalityL2;
      if (spanBytes > 0)
        row.distance =
            std::clamp<int64_t>(spanBytes / strideBytes, 1, distance);
    }
    if (trips && *trips <= row.distance)
      continue;
    rows.push_back(row);
  }
  if (rows.empty())
    return;

  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  // The last row: the loop's upper bound less one (a step of 1).
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value lastRow =
      arith::SubIOp::create(builder, loc, loop.getUpperBound(), one);
  // The row `distance` iterations ahead, min(iv + distance, ub - 1), one
  // per distance (rows of different strides may take different ones), at
  // the start of the body.
  llvm::SmallDenseMap<int64_t, Value> rowsAhead;
  auto getRowAhead = [&](int64_t rowDistance) {
    Value &row = rowsAhead[rowDistance];
    if (!row) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(loop.getBody());
      Value ahead = arith::AddIOp::create(
          builder, loc, loop.getInductionVar(),
          arith::ConstantIndexOp::create(builder, loc, rowDistance));
      row = arith::MinSIOp::create(builder, loc, ahead, lastRow);
    }
    return row;
  };
  for (const RowPrefetch &row : rows) {
    memref::SubViewOp subview = row.subview;
    int64_t width = subview.getStaticSizes().back();
    int64_t perLine = std::max<int64_t>(kLineBytes / row.elementBytes, 1);
    // Elements 0, perLine, 2 perLine, ... of the row, and its last one
    // unless the row starts on a line (one not aligned to a line ends in
    // one more line).
    SmallVector<int64_t> columns;
    for (int64_t column = 0; column < width; column += perLine)
      columns.push_back(column);
    if (width > 1 && (width - 1) % perLine != 0 &&
        !isLineAligned(subview, row.rowDim, perLine))
      columns.push_back(width - 1);
    Value rowAhead = getRowAhead(row.distance);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(subview);
    SmallVector<Value> indices;
    for (auto [dim, offset] : llvm::enumerate(subview.getMixedOffsets())) {
      if (dim == row.rowDim)
        indices.push_back(rowAhead);
      else
        indices.push_back(
            getValueOrCreateConstantIndexOp(builder, loc, offset));
    }
    Value base = indices.back();
    for (int64_t column : columns) {
      indices.back() =
          column == 0 ? base
                      : arith::AddIOp::create(builder, loc, base,
                                              arith::ConstantIndexOp::create(
                                                  builder, loc, column));
      memref::PrefetchOp::create(builder, loc, subview.getSource(), indices,
                                 /*isWrite=*/false, row.locality,
                                 /*isDataCache=*/true);
    }
  }
}

/// Reads of at most this many lines are prefetched ahead of the enclosing
/// loop (a step of four rows of 64 floats is 16).
constexpr int64_t kMaxOuterLines = 32;

/// Prefetches what each vector read of `loop` loads as it will load it
/// `distance` iterations of the enclosing loop (an scf.for, or an scf.forall
/// of one dimension) ahead, into `cache` (1 or absent: L1; 2: L2). A read
/// whose address does not change with the enclosing loop, is not a plain
/// row-major one (minor identity map) or reaches the enclosing loop's
/// induction variable through an op with effects is left alone.
void prefetchOuterAhead(scf::ForOp loop, int64_t distance, int64_t cache) {
  Operation *outer = loop->getParentOp();
  Value iv;
  OpFoldResult lowerBound, upperBound, step;
  if (auto forOp = dyn_cast<scf::ForOp>(outer)) {
    iv = forOp.getInductionVar();
    lowerBound = forOp.getLowerBound();
    upperBound = forOp.getUpperBound();
    step = forOp.getStep();
  } else if (auto forall = dyn_cast<scf::ForallOp>(outer);
             forall && forall.getRank() == 1) {
    iv = forall.getInductionVar(0);
    lowerBound = forall.getMixedLowerBound()[0];
    upperBound = forall.getMixedUpperBound()[0];
    step = forall.getMixedStep()[0];
  } else {
    return;
  }
  if (!iv.getType().isIndex())
    return;
  unsigned locality = cache == 2 ? kLocalityL2 : kLocalityL1;

  // The iteration `distance` ahead, min(iv + distance * step, last), made
  // once at the start of the enclosing loop's body; the last iteration is
  // ub - 1 - (ub - 1 - lb) mod step, so that a step of several rows ahead
  // stays inside the rows.
  Value ivAhead;
  auto getIvAhead = [&]() {
    if (ivAhead)
      return ivAhead;
    OpBuilder builder = OpBuilder::atBlockBegin(iv.getParentBlock());
    Location loc = outer->getLoc();
    auto value = [&](OpFoldResult ofr) {
      return getValueOrCreateConstantIndexOp(builder, loc, ofr);
    };
    Value stepValue = value(step);
    Value ahead = arith::AddIOp::create(
        builder, loc, iv,
        arith::MulIOp::create(
            builder, loc, stepValue,
            arith::ConstantIndexOp::create(builder, loc, distance)));
    Value beforeEnd =
        arith::SubIOp::create(builder, loc, value(upperBound),
                              arith::ConstantIndexOp::create(builder, loc, 1));
    Value past = arith::RemUIOp::create(
        builder, loc,
        arith::SubIOp::create(builder, loc, beforeEnd, value(lowerBound)),
        stepValue);
    Value last = arith::SubIOp::create(builder, loc, beforeEnd, past);
    ivAhead = arith::MinSIOp::create(builder, loc, ahead, last);
    return ivAhead;
  };

  SmallVector<vector::TransferReadOp> reads;
  loop.getBody()->walk(
      [&](vector::TransferReadOp read) { reads.push_back(read); });
  for (vector::TransferReadOp read : reads) {
    auto memrefType = dyn_cast<MemRefType>(read.getBase().getType());
    VectorType vectorType = read.getVectorType();
    if (!memrefType || !memrefType.getElementType().isIntOrFloat() ||
        !read.getPermutationMap().isMinorIdentity() ||
        vectorType.isScalable() || read.getMask())
      continue;
    int64_t elementBytes =
        std::max<int64_t>(memrefType.getElementTypeBitWidth() / 8, 1);
    int64_t perLine = std::max<int64_t>(kLineBytes / elementBytes, 1);
    ArrayRef<int64_t> shape = vectorType.getShape();
    int64_t width = shape.back();
    int64_t rows = vectorType.getNumElements() / width;
    int64_t lines = rows * llvm::divideCeil(width, perLine);
    if (lines > kMaxOuterLines)
      continue;

    // The ops inside the enclosing loop that the read's address comes from
    // and that change with its induction variable, in order.
    BackwardSliceOptions options;
    // (The op that defines each operand too.)
    options.inclusive = true;
    options.filter = [&](Operation *op) { return outer->isProperAncestor(op); };
    SetVector<Operation *> slice;
    for (Value operand : read->getOperands()) {
      if (operand == read.getPadding())
        continue;
      (void)getBackwardSlice(operand, &slice, options);
    }
    llvm::SmallPtrSet<Operation *, 8> dependent;
    auto changesWithIv = [&](ValueRange operands) {
      return llvm::any_of(operands, [&](Value operand) {
        Operation *def = operand.getDefiningOp();
        return operand == iv || (def && dependent.contains(def));
      });
    };
    SmallVector<Operation *> toClone;
    bool pure = true;
    for (Operation *op : slice) {
      if (!changesWithIv(op->getOperands()))
        continue;
      if (!isPure(op) || op->getNumRegions() != 0) {
        pure = false;
        break;
      }
      dependent.insert(op);
      toClone.push_back(op);
    }
    if (!pure || !changesWithIv(read->getOperands()))
      continue;

    OpBuilder builder(read);
    Location loc = read.getLoc();
    IRMapping mapping;
    mapping.map(iv, getIvAhead());
    for (Operation *op : toClone)
      builder.clone(*op, mapping);
    Value base = mapping.lookupOrDefault(read.getBase());
    SmallVector<Value> indices =
        llvm::map_to_vector(read.getIndices(), [&](Value index) {
          return mapping.lookupOrDefault(index);
        });
    // One prefetch per line of each row of the vector: the vector's
    // dimensions are the memref's last ones.
    size_t firstDim = indices.size() - shape.size();
    SmallVector<int64_t> position(shape.size() - 1, 0);
    for (int64_t row = 0; row < rows; ++row) {
      int64_t rest = row;
      for (int64_t dim = shape.size() - 2; dim >= 0; --dim) {
        position[dim] = rest % shape[dim];
        rest /= shape[dim];
      }
      for (int64_t column = 0; column < width; column += perLine) {
        SmallVector<Value> at = indices;
        auto addTo = [&](size_t index, int64_t offset) {
          if (offset != 0)
            at[index] = arith::AddIOp::create(
                builder, loc, at[index],
                arith::ConstantIndexOp::create(builder, loc, offset));
        };
        for (auto [dim, offset] : llvm::enumerate(position))
          addTo(firstDim + dim, offset);
        addTo(at.size() - 1, column);
        memref::PrefetchOp::create(builder, loc, base, at, /*isWrite=*/false,
                                   locality, /*isDataCache=*/true);
      }
    }
  }
}

struct PrefetchAheadPass : impl::LoomPrefetchAheadPassBase<PrefetchAheadPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kPrefetchAheadAttrName) ||
          loop->hasAttr(kPrefetchOuterAheadAttrName) ||
          loop->hasAttr(kPrefetchSpanAttrName) ||
          loop->hasAttr(kPrefetchCacheAttrName))
        marked.push_back(loop);
    });
    // A loop without such rows is left as it is, silently: the mark is a
    // hint.
    for (scf::ForOp loop : marked) {
      auto distance = dyn_cast_if_present<IntegerAttr>(
          loop->getAttr(kPrefetchAheadAttrName));
      auto span = dyn_cast_if_present<IntegerAttr>(
          loop->getAttr(kPrefetchSpanAttrName));
      auto cache = dyn_cast_if_present<IntegerAttr>(
          loop->getAttr(kPrefetchCacheAttrName));
      auto outerDistance = dyn_cast_if_present<IntegerAttr>(
          loop->getAttr(kPrefetchOuterAheadAttrName));
      if (distance && distance.getInt() > 0)
        prefetchAhead(loop, distance.getInt(), span ? span.getInt() : 0,
                      cache ? cache.getInt() : 0);
      if (outerDistance && outerDistance.getInt() > 0)
        prefetchOuterAhead(loop, outerDistance.getInt(),
                           cache ? cache.getInt() : 0);
      loop->removeAttr(kPrefetchAheadAttrName);
      loop->removeAttr(kPrefetchOuterAheadAttrName);
      loop->removeAttr(kPrefetchSpanAttrName);
      loop->removeAttr(kPrefetchCacheAttrName);
    }
  }
};

} // namespace
} // namespace mlir::loom
