//===- PackInFirstTile.cpp - Pack a block while its first tile computes ---===//
//
// A matmul that packs B per K block copies the block (a loop nest of vector
// copies into a buffer) and then runs its register tiles over the copy. With
// few rows the copy is a large part of the time, and nothing overlaps it:
// its loads wait for L2 or memory while the FMA units idle. oneDNN's sgemm
// packs inside its first micro-kernel instead: the first register tile
// reads B in place and stores each vector it loads into the packed buffer,
// and the other tiles read the buffer.
//
// In an scf.for marked `loom.pack_in_first` whose preceding op is such a
// copy nest (after bufferization), the first iteration is peeled; in it,
// the one vector read of the buffer becomes a read of the copy's source at
// the same element and a write of that vector into the buffer; the copy
// nest is erased. The rewrite is exact only when the first iteration reads
// every element the copy writes, once, and nothing else of the buffer: the
// pass checks that and otherwise leaves the IR as it is. With
// `loom.pack_in_first_ahead = D`, the first iteration reads each row of the
// source through a subview at its k loop's induction variable and marks
// that loop `loom.prefetch_ahead = D`, for loom-prefetch-ahead.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMPACKINFIRSTTILEPASS
#include "transforms/Passes.h.inc"

namespace {

/// Index expressions over a growing list of values (the affine dims):
/// constants fold, affine.apply ops are inlined, any other value is a dim.
struct IndexExprs {
  MLIRContext *context;
  SmallVector<Value> dims;

  AffineExpr get(Value value) {
    if (std::optional<int64_t> constant = getConstantIntValue(value))
      return getAffineConstantExpr(*constant, context);
    if (auto apply = value.getDefiningOp<affine::AffineApplyOp>()) {
      AffineMap map = apply.getAffineMap();
      SmallVector<AffineExpr> operands;
      for (Value operand : apply.getOperands())
        operands.push_back(get(operand));
      ArrayRef<AffineExpr> all(operands);
      return map.getResult(0).replaceDimsAndSymbols(
          all.take_front(map.getNumDims()), all.drop_front(map.getNumDims()));
    }
    auto *it = llvm::find(dims, value);
    if (it == dims.end()) {
      dims.push_back(value);
      return getAffineDimExpr(dims.size() - 1, context);
    }
    return getAffineDimExpr(it - dims.begin(), context);
  }
  AffineExpr get(OpFoldResult ofr) {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return getAffineConstantExpr(cast<IntegerAttr>(attr).getInt(), context);
    return get(cast<Value>(ofr));
  }
};

/// A vector transfer resolved through memref.subview ops of unit strides:
/// the base memref, the index of the vector's first element in each of the
/// base's dimensions, and the base dimension of each of the vector's.
struct Access {
  Value base;
  SmallVector<AffineExpr> indices;
  SmallVector<unsigned> vectorDims;
  VectorType type;
};

std::optional<Access> resolve(VectorTransferOpInterface transfer,
                              IndexExprs &exprs) {
  if (transfer.getMask() || !transfer.getPermutationMap().isMinorIdentity() ||
      llvm::any_of(transfer.getInBoundsValues(), [](bool b) { return !b; }))
    return std::nullopt;
  Value view = transfer.getBase();
  auto viewType = dyn_cast<MemRefType>(view.getType());
  if (!viewType)
    return std::nullopt;
  Access access;
  access.type = transfer.getVectorType();
  for (Value index : transfer.getIndices())
    access.indices.push_back(exprs.get(index));
  int64_t rank = viewType.getRank(), vectorRank = access.type.getRank();
  for (int64_t d = rank - vectorRank; d < rank; ++d)
    access.vectorDims.push_back(d);
  while (auto subview = view.getDefiningOp<memref::SubViewOp>()) {
    if (!llvm::all_of(subview.getStaticStrides(),
                      [](int64_t s) { return s == 1; }))
      return std::nullopt;
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<AffineExpr> indices;
    SmallVector<unsigned> toSource;
    unsigned next = 0;
    for (auto [d, offset] : llvm::enumerate(subview.getMixedOffsets())) {
      AffineExpr index = exprs.get(offset);
      if (!dropped[d]) {
        index = index + access.indices[next++];
        toSource.push_back(d);
      }
      indices.push_back(index);
    }
    for (unsigned &d : access.vectorDims)
      d = toSource[d];
    access.indices = std::move(indices);
    view = subview.getSource();
  }
  access.base = view;
  return access;
}

/// The copy nest before the marked loop: loops of constant bounds around a
/// single vector read of the source and a single write of the same vector
/// into the buffer, with nothing else that touches memory.
struct Copy {
  scf::ForOp nest;
  Access read, write;
  /// The copy's loops by induction variable (a dim of the exprs).
  llvm::DenseMap<Value, scf::ForOp> loops;
};

std::optional<Copy> getCopy(scf::ForOp nest, IndexExprs &exprs) {
  Copy copy;
  copy.nest = nest;
  vector::TransferReadOp read;
  vector::TransferWriteOp write;
  WalkResult walk = nest.walk([&](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (!getConstantIntValue(loop.getLowerBound()) ||
          !getConstantIntValue(loop.getUpperBound()) ||
          !getConstantIntValue(loop.getStep()) || loop.getNumResults())
        return WalkResult::interrupt();
      copy.loops[loop.getInductionVar()] = loop;
      return WalkResult::advance();
    }
    if (auto r = dyn_cast<vector::TransferReadOp>(op)) {
      if (read)
        return WalkResult::interrupt();
      read = r;
      return WalkResult::advance();
    }
    if (auto w = dyn_cast<vector::TransferWriteOp>(op)) {
      if (write)
        return WalkResult::interrupt();
      write = w;
      return WalkResult::advance();
    }
    if (isa<scf::YieldOp>(op) || isPure(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted() || !read || !write ||
      write.getValueToStore() != read.getResult())
    return std::nullopt;
  std::optional<Access> readAccess = resolve(read, exprs);
  std::optional<Access> writeAccess = resolve(write, exprs);
  if (!readAccess || !writeAccess ||
      (!writeAccess->base.getDefiningOp<memref::AllocOp>() &&
       !writeAccess->base.getDefiningOp<memref::AllocaOp>()))
    return std::nullopt;
  if (readAccess->base == writeAccess->base ||
      nest->isAncestor(readAccess->base.getParentRegion()->getParentOp()))
    return std::nullopt;
  copy.read = *readAccess;
  copy.write = *writeAccess;
  // The source's indices may use the copy's loops and values defined
  // before the nest (they are then defined before the marked loop too).
  for (Value dim : exprs.dims)
    if (!copy.loops.count(dim) &&
        nest->isAncestor(dim.getParentRegion()->getParentOp()))
      return std::nullopt;
  return copy;
}

/// Whether `expr` is the dim `position` plus terms that do not use it.
bool isUnitTerm(AffineExpr expr, unsigned position) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dim.getPosition() == position;
  auto add = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!add || add.getKind() != AffineExprKind::Add)
    return false;
  return (isUnitTerm(add.getLHS(), position) &&
          !add.getRHS().isFunctionOfDim(position)) ||
         (isUnitTerm(add.getRHS(), position) &&
          !add.getLHS().isFunctionOfDim(position));
}

/// What the buffer read `bufferRead` (in the marked loop's first iteration)
/// reads instead: the source's indices, affine in `operands` (symbols: the
/// first iteration's loops that stand for the copy's, and the values
/// defined before the copy). `relate` fails when the copy's buffer indices
/// are not each a loop of the copy or a constant, when the read does not
/// line up with the copy's vectors, or when its loops do not take every
/// value of the copy's loops, once.
struct Rewrite {
  SmallVector<AffineExpr> sourceIndices;
  SmallVector<Value> operands;
};

std::optional<Rewrite> relate(const Copy &copy, IndexExprs &exprs,
                              vector::TransferReadOp bufferRead,
                              const Access &consumer,
                              IndexExprs &consumerExprs) {
  MLIRContext *context = exprs.context;
  const Access &write = copy.write, &read = copy.read;
  int64_t copyRank = write.type.getRank();
  int64_t readRank = consumer.type.getRank();
  if (write.type.getElementType() != consumer.type.getElementType() ||
      readRank > copyRank ||
      consumer.type.getShape() != write.type.getShape().take_back(readRank) ||
      consumer.indices.size() != write.indices.size())
    return std::nullopt;
  // The buffer dims the copy's vector spans, and where in the source.
  llvm::DenseMap<unsigned, std::pair<int64_t, unsigned>> spanned;
  for (int64_t v = 0; v < copyRank; ++v)
    spanned[write.vectorDims[v]] = {write.type.getDimSize(v),
                                    read.vectorDims[v]};
  // The consumer's vector must span the copy's trailing vector dims, which
  // are the source's trailing dims (the rewrite reads them as such).
  int64_t sourceRank = read.indices.size();
  for (int64_t v = 0; v < readRank; ++v)
    if (consumer.vectorDims[v] != write.vectorDims[copyRank - readRank + v] ||
        read.vectorDims[copyRank - readRank + v] != sourceRank - readRank + v)
      return std::nullopt;

  // Substitutions of the copy's dims (loops) by the consumer's values, and
  // offsets added to the source's indices.
  SmallVector<AffineExpr> replacement;
  for (unsigned d = 0; d < exprs.dims.size(); ++d)
    replacement.push_back(getAffineDimExpr(d, context));
  SmallVector<AffineExpr> sourceIndices = read.indices;
  llvm::DenseSet<Value> usedLoops;
  llvm::DenseSet<Operation *> usedConsumerLoops;
  Rewrite rewrite;
  // The symbol of a value among the rewrite's operands.
  auto symbolFor = [&](Value value) {
    auto *it = llvm::find(rewrite.operands, value);
    if (it == rewrite.operands.end()) {
      rewrite.operands.push_back(value);
      it = rewrite.operands.end() - 1;
    }
    return getAffineSymbolExpr(it - rewrite.operands.begin(), context);
  };
  auto consumerValue = [&](AffineExpr expr) -> std::optional<Value> {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      return std::nullopt;
    return consumerExprs.dims[dim.getPosition()];
  };
  for (auto [d, index] : llvm::enumerate(write.indices)) {
    AffineExpr wanted = consumer.indices[d];
    auto span = spanned.find(d);
    bool consumerSpans = llvm::is_contained(consumer.vectorDims, d);
    if (auto constant = dyn_cast<AffineConstantExpr>(index)) {
      // A constant offset: the consumer's index must fall in the copy's
      // vector along it (the same start when the consumer's vector spans
      // it too); the source's index moves with it.
      auto at = dyn_cast<AffineConstantExpr>(wanted);
      if (!at)
        return std::nullopt;
      int64_t shift = at.getValue() - constant.getValue();
      int64_t extent = span == spanned.end() ? 1 : span->second.first;
      if (shift < 0 || shift >= extent || (consumerSpans && shift != 0))
        return std::nullopt;
      if (shift)
        sourceIndices[span->second.second] =
            sourceIndices[span->second.second] + shift;
      continue;
    }
    // A loop of the copy: the consumer's index must be a loop of the
    // first iteration that takes the same values (step 1 against the
    // copy's step when the copy's vector spans the dim).
    auto dim = dyn_cast<AffineDimExpr>(index);
    if (!dim || consumerSpans)
      return std::nullopt;
    Value iv = exprs.dims[dim.getPosition()];
    auto copyLoop = copy.loops.lookup(iv);
    std::optional<Value> value = consumerValue(wanted);
    if (!copyLoop || !value || !usedLoops.insert(iv).second)
      return std::nullopt;
    auto consumerLoop = dyn_cast_or_null<scf::ForOp>(
        value->getParentBlock() ? value->getParentBlock()->getParentOp()
                                : nullptr);
    if (!consumerLoop || consumerLoop.getInductionVar() != *value ||
        !consumerLoop->isAncestor(bufferRead))
      return std::nullopt;
    int64_t lb = *getConstantIntValue(copyLoop.getLowerBound());
    int64_t ub = *getConstantIntValue(copyLoop.getUpperBound());
    int64_t step = *getConstantIntValue(copyLoop.getStep());
    std::optional<int64_t> clb =
        getConstantIntValue(consumerLoop.getLowerBound());
    std::optional<int64_t> cub =
        getConstantIntValue(consumerLoop.getUpperBound());
    std::optional<int64_t> cstep = getConstantIntValue(consumerLoop.getStep());
    int64_t extent = span == spanned.end() ? 1 : span->second.first;
    if (!clb || !cub || !cstep || *clb != lb || *cub != ub ||
        (ub - lb) % step || step != extent * *cstep ||
        (*cstep != 1 && extent != 1))
      return std::nullopt;
    if (extent > 1) {
      // The copy's vector spans this loop's dim: the loop's value and the
      // vector's position add up in one source index (coefficient 1), and
      // the loop appears in no other.
      unsigned sourceDim = span->second.second;
      for (auto [s, sourceIndex] : llvm::enumerate(sourceIndices))
        if (s == sourceDim ? !isUnitTerm(sourceIndex, dim.getPosition())
                           : sourceIndex.isFunctionOfDim(dim.getPosition()))
          return std::nullopt;
    }
    if (!usedConsumerLoops.insert(consumerLoop).second)
      return std::nullopt;
    replacement[dim.getPosition()] = symbolFor(*value);
  }
  // Every loop of the copy must be covered.
  if (usedLoops.size() != copy.loops.size())
    return std::nullopt;
  // The other dims are values defined before the copy: operands too.
  for (unsigned d = 0; d < exprs.dims.size(); ++d) {
    if (copy.loops.count(exprs.dims[d]))
      continue;
    replacement[d] = symbolFor(exprs.dims[d]);
  }
  for (AffineExpr &index : sourceIndices)
    index = index.replaceDims(replacement);
  rewrite.sourceIndices = std::move(sourceIndices);
  return rewrite;
}

/// The ops that read or write `buffer` through subviews.
void collectAccesses(Value buffer, SmallVectorImpl<Operation *> &accesses) {
  for (Operation *user : buffer.getUsers()) {
    if (auto subview = dyn_cast<memref::SubViewOp>(user)) {
      collectAccesses(subview.getResult(), accesses);
      continue;
    }
    accesses.push_back(user);
  }
}

/// Whether an op in `root` may write `base`: a vector write that does not
/// resolve to another base, or any other op with a write or free effect (or
/// none declared).
bool mayWrite(Operation *root, Value base, MLIRContext *context) {
  WalkResult walk = root->walk([&](Operation *op) {
    if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
      IndexExprs exprs{context, {}};
      std::optional<Access> access = resolve(write, exprs);
      if (!access || access->base == base)
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      if (op->getNumRegions() || isa<scf::YieldOp>(op))
        return WalkResult::advance();
      return WalkResult::interrupt();
    }
    if (effects.hasEffect<MemoryEffects::Write>() ||
        effects.hasEffect<MemoryEffects::Free>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// The single op of `loop` that accesses the buffer, a vector read; null when
/// there are none, several, or another kind of access.
vector::TransferReadOp getBufferRead(scf::ForOp loop, Value buffer) {
  SmallVector<Operation *> accesses;
  collectAccesses(buffer, accesses);
  vector::TransferReadOp found;
  for (Operation *op : accesses) {
    if (!loop->isAncestor(op))
      continue;
    auto read = dyn_cast<vector::TransferReadOp>(op);
    if (!read || found)
      return {};
    found = read;
  }
  return found;
}

/// The row of the source that `read`'s rewrite reads at each step of its
/// loop (the first tile's k loop: one row of B per step), as a subview whose
/// offset in the row's dimension is the loop's induction variable, over a
/// view of the rows the loop reads: the form loom-prefetch-ahead prefetches
/// ahead. Null when the read is not a row of the source along its last
/// dimension, one row per step, or the loop's bounds are not constant.
memref::SubViewOp sliceRow(RewriterBase &rewriter, Location loc, Value source,
                           vector::TransferReadOp read,
                           const Rewrite &rewrite) {
  auto loop = dyn_cast<scf::ForOp>(read->getParentOp());
  if (!loop || read.getVectorType().getRank() != 1)
    return {};
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  const auto *it = llvm::find(rewrite.operands, loop.getInductionVar());
  if (!lb || !ub || !step || *lb != 0 || *step != 1 ||
      it == rewrite.operands.end())
    return {};
  MLIRContext *context = rewriter.getContext();
  unsigned position = it - rewrite.operands.begin();
  unsigned numSymbols = rewrite.operands.size();
  AffineExpr iv = getAffineSymbolExpr(position, context);
  int64_t rank = rewrite.sourceIndices.size();
  // One index follows the induction variable, plus terms that do not: the
  // row's dimension, not the last.
  std::optional<int64_t> rowDim;
  for (auto [d, index] : llvm::enumerate(rewrite.sourceIndices)) {
    if (!index.isFunctionOfSymbol(position))
      continue;
    AffineExpr rest = simplifyAffineExpr(index - iv, 0, numSymbols);
    if (rowDim || static_cast<int64_t>(d) == rank - 1 ||
        rest.isFunctionOfSymbol(position))
      return {};
    rowDim = d;
  }
  if (!rowDim)
    return {};
  // Rows a multiple of a page apart are left to the hardware: their lines
  // fall on the same L1 sets, and prefetched into L2 they were slower (on
  // Zen 5, one thread, 64 x 4096 x 4096: 183 GFLOP/s against 189).
  auto sourceType = cast<MemRefType>(source.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(sourceType.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(strides[*rowDim]) ||
      (strides[*rowDim] * sourceType.getElementTypeBitWidth() / 8) %
              kPageBytes ==
          0)
    return {};

  // The view, before the loop: the rows at the induction variable's values
  // (offsets at 0), the vector's width of the last dimension. The induction
  // variable, which the offsets no longer use, stands at 0 there.
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> operands = rewrite.operands;
  operands[position] = zero;
  int64_t width = read.getVectorType().getDimSize(0);
  SmallVector<OpFoldResult> offsets, sizes, rowOffsets, rowSizes;
  SmallVector<OpFoldResult> unitStrides(rank, rewriter.getIndexAttr(1));
  for (auto [d, index] : llvm::enumerate(rewrite.sourceIndices)) {
    AffineExpr start = index.replace(iv, getAffineConstantExpr(0, context));
    offsets.push_back(
        affine::AffineApplyOp::create(
            rewriter, loc, AffineMap::get(0, numSymbols, start), operands)
            .getResult());
    bool isRow = static_cast<int64_t>(d) == *rowDim;
    bool isLast = static_cast<int64_t>(d) == rank - 1;
    sizes.push_back(rewriter.getIndexAttr(isRow ? *ub : isLast ? width : 1));
    rowOffsets.push_back(isRow ? OpFoldResult(loop.getInductionVar())
                               : OpFoldResult(rewriter.getIndexAttr(0)));
    rowSizes.push_back(rewriter.getIndexAttr(isLast ? width : 1));
  }
  auto view = memref::SubViewOp::create(rewriter, loc, source, offsets, sizes,
                                        unitStrides);
  rewriter.setInsertionPoint(read);
  return memref::SubViewOp::create(rewriter, loc, view, rowOffsets, rowSizes,
                                   unitStrides);
}

/// Rewrites `loop` and its copy; false when they are not as described
/// above (the IR is left as it is), failure on an internal error.
FailureOr<bool> packInFirstTile(scf::ForOp loop, int64_t ahead) {
  MLIRContext *context = loop.getContext();
  // The copy: the last op before the loop that is not pure.
  Operation *previous = loop->getPrevNode();
  while (previous && isPure(previous) && previous->getNumRegions() == 0)
    previous = previous->getPrevNode();
  auto nest = dyn_cast_or_null<scf::ForOp>(previous);
  if (!nest)
    return false;
  IndexExprs exprs{context, {}};
  std::optional<Copy> copy = getCopy(nest, exprs);
  if (!copy)
    return false;
  Value buffer = copy->write.base, source = copy->read.base;
  // The buffer is written by the copy only.
  SmallVector<Operation *> accesses;
  collectAccesses(buffer, accesses);
  for (Operation *op : accesses)
    if (!isa<vector::TransferReadOp, memref::DeallocOp>(op) &&
        !nest->isAncestor(op))
      return false;
  // The loop has a constant trip count of at least one, does not write the
  // source, and its body reads the buffer once per element of the copy:
  // checked on the loop before peeling (the peeled iteration is a clone).
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (!trips || trips->isZero() || loop.getNumResults() ||
      mayWrite(loop, source, context))
    return false;
  vector::TransferReadOp bufferRead = getBufferRead(loop, buffer);
  if (!bufferRead)
    return false;
  for (Operation *parent = bufferRead->getParentOp(); parent != loop;
       parent = parent->getParentOp())
    if (!isa<scf::ForOp>(parent))
      return false;
  IndexExprs consumerExprs{context, {}};
  std::optional<Access> consumer = resolve(bufferRead, consumerExprs);
  if (!consumer || consumer->base != buffer ||
      !relate(*copy, exprs, bufferRead, *consumer, consumerExprs))
    return false;

  // Peel, find the read again in the first iteration, rewrite it.
  IRRewriter rewriter(context);
  scf::ForOp first;
  if (failed(scf::peelForLoopFirstIteration(rewriter, loop, first)))
    return false;
  vector::TransferReadOp firstRead = getBufferRead(first, buffer);
  IndexExprs firstExprs{context, {}};
  std::optional<Access> firstAccess =
      firstRead ? resolve(firstRead, firstExprs) : std::nullopt;
  std::optional<Rewrite> rewrite =
      firstAccess ? relate(*copy, exprs, firstRead, *firstAccess, firstExprs)
                  : std::nullopt;
  if (!rewrite)
    return first.emitError("the peeled first iteration does not read the "
                           "packed buffer as the loop did");
  rewriter.setInsertionPoint(firstRead);
  Location loc = firstRead.getLoc();
  // With `ahead`, the row is read through a subview at the k loop's
  // induction variable, which loom-prefetch-ahead then prefetches.
  Value readSource = source;
  SmallVector<Value> indices;
  memref::SubViewOp row =
      ahead > 0 ? sliceRow(rewriter, loc, source, firstRead, *rewrite)
                : memref::SubViewOp();
  if (row) {
    readSource = row.getResult();
    indices.assign(rewrite->sourceIndices.size(),
                   arith::ConstantIndexOp::create(rewriter, loc, 0));
    firstRead->getParentOp()->setAttr(kPrefetchAheadAttrName,
                                      rewriter.getI64IntegerAttr(ahead));
  } else {
    for (AffineExpr index : rewrite->sourceIndices) {
      AffineMap map = AffineMap::get(0, rewrite->operands.size(), index);
      indices.push_back(
          affine::AffineApplyOp::create(rewriter, loc, map, rewrite->operands));
    }
  }
  auto sourceRead = vector::TransferReadOp::create(
      rewriter, loc, firstRead.getVectorType(), readSource, indices,
      firstRead.getPadding(),
      SmallVector<bool>(firstRead.getVectorType().getRank(), true));
  vector::TransferWriteOp::create(
      rewriter, loc, sourceRead.getResult(), firstRead.getBase(),
      firstRead.getIndices(),
      SmallVector<bool>(firstRead.getVectorType().getRank(), true));
  rewriter.replaceOp(firstRead, sourceRead.getResult());
  rewriter.eraseOp(nest);
  return true;
}

struct PackInFirstTilePass
    : impl::LoomPackInFirstTilePassBase<PackInFirstTilePass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kPackInFirstAttrName) ||
          loop->hasAttr(kPackInFirstAheadAttrName))
        marked.push_back(loop);
    });
    for (scf::ForOp loop : marked) {
      Attribute mark = loop->getAttr(kPackInFirstAttrName);
      auto enabled = dyn_cast_if_present<IntegerAttr>(mark);
      auto ahead = dyn_cast_if_present<IntegerAttr>(
          loop->getAttr(kPackInFirstAheadAttrName));
      loop->removeAttr(kPackInFirstAttrName);
      loop->removeAttr(kPackInFirstAheadAttrName);
      // (A distance without the mark asks for nothing.)
      if (!mark || (enabled && enabled.getInt() == 0))
        continue;
      if (failed(packInFirstTile(loop, ahead ? ahead.getInt() : 0)))
        return signalPassFailure();
    }
  }
};

} // namespace
} // namespace mlir::loom
