//===- TransferInBounds.cpp - Vector transfers proven within their memref -===//

#include "transforms/Passes.h"

#include "transforms/KnownDivisor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

#include <numeric>

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMTRANSFERINBOUNDSPASS
#include "transforms/Passes.h.inc"

namespace {

using Bounds = ValueBoundsConstraintSet;

/// Whether `size` elements from `index` on stay within dimension `dim` of
/// `source`: proven by the value bounds of the index, or, for the induction
/// variable of an scf.for whose range is whole steps of at least `size`,
/// by the loop's upper bound (the last iteration starts a step before it).
bool isWithin(Value source, int64_t dim, Value index, int64_t size) {
  MLIRContext *context = source.getContext();
  AffineExpr d0 = getAffineDimExpr(0, context);
  Bounds::Variable end(AffineMap::get(1, 0, d0 + size), ValueRange{index});
  Bounds::Variable extent(source, dim);
  if (Bounds::compare(end, Bounds::LE, extent))
    return true;
  auto iv = dyn_cast<BlockArgument>(index);
  auto loop =
      iv ? dyn_cast<scf::ForOp>(iv.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || loop.getInductionVar() != iv)
    return false;
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step < size)
    return false;
  int64_t range = std::gcd(getKnownDivisor(loop.getLowerBound()),
                           getKnownDivisor(loop.getUpperBound()));
  if (range % *step)
    return false;
  return Bounds::compare(Bounds::Variable(loop.getUpperBound()), Bounds::LE,
                         extent);
}

template <typename TransferOp> void markInBounds(TransferOp transfer) {
  if (transfer.getMask() || !transfer.getPermutationMap().isMinorIdentity())
    return;
  VectorType vectorType = transfer.getVectorType();
  int64_t rank = transfer.getShapedType().getRank();
  int64_t vectorRank = vectorType.getRank();
  SmallVector<bool> inBounds = transfer.getInBoundsValues();
  bool changed = false;
  for (int64_t i = 0; i < vectorRank; ++i) {
    int64_t dim = rank - vectorRank + i;
    if (inBounds[i] || vectorType.getScalableDims()[i] ||
        !isWithin(transfer.getBase(), dim, transfer.getIndices()[dim],
                  vectorType.getDimSize(i)))
      continue;
    inBounds[i] = true;
    changed = true;
  }
  if (changed)
    transfer.setInBoundsAttr(
        Builder(transfer.getContext()).getBoolArrayAttr(inBounds));
}

struct LoomTransferInBoundsPass
    : impl::LoomTransferInBoundsPassBase<LoomTransferInBoundsPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (auto read = dyn_cast<vector::TransferReadOp>(op))
        markInBounds(read);
      else if (auto write = dyn_cast<vector::TransferWriteOp>(op))
        markInBounds(write);
    });
  }
};

} // namespace
} // namespace mlir::loom
