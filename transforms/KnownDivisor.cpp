//===- KnownDivisor.cpp - What an index is known to be a multiple of ------===//

#include "transforms/KnownDivisor.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <numeric>

namespace mlir::loom {

static int64_t getKnownDivisor(AffineExpr expr, ValueRange operands,
                               unsigned numDims, unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue() ? std::abs(constant.getValue()) : kZeroDivisor;
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return getKnownDivisor(operands[dim.getPosition()], depth + 1);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return getKnownDivisor(operands[numDims + symbol.getPosition()], depth + 1);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  int64_t lhs = getKnownDivisor(binary.getLHS(), operands, numDims, depth);
  int64_t rhs = getKnownDivisor(binary.getRHS(), operands, numDims, depth);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return std::gcd(lhs, rhs);
  case AffineExprKind::Mul:
    return std::min(lhs * rhs, kZeroDivisor);
  default:
    return 1;
  }
}

int64_t getKnownDivisor(Value value, unsigned depth) {
  if (depth > 16)
    return 1;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant ? std::abs(*constant) : kZeroDivisor;
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    // An induction variable: a multiple of what its lower bound and step
    // are multiples of.
    auto loop =
        dyn_cast<LoopLikeOpInterface>(argument.getOwner()->getParentOp());
    if (!loop || !loop.getLoopInductionVars())
      return 1;
    for (auto [index, iv] : llvm::enumerate(*loop.getLoopInductionVars())) {
      if (iv != value)
        continue;
      auto lowerBounds = loop.getLoopLowerBounds();
      auto steps = loop.getLoopSteps();
      if (!lowerBounds || !steps)
        return 1;
      auto divisorOf = [&](OpFoldResult bound) {
        if (std::optional<int64_t> constant = getConstantIntValue(bound))
          return *constant ? std::abs(*constant) : kZeroDivisor;
        return getKnownDivisor(cast<Value>(bound), depth + 1);
      };
      return std::gcd(divisorOf((*lowerBounds)[index]),
                      divisorOf((*steps)[index]));
    }
    return 1;
  }
  Operation *op = value.getDefiningOp();
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return getKnownDivisor(apply.getAffineMap().getResult(0),
                           apply.getMapOperands(),
                           apply.getAffineMap().getNumDims(), depth);
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return std::gcd(getKnownDivisor(op->getOperand(0), depth + 1),
                    getKnownDivisor(op->getOperand(1), depth + 1));
  if (isa<arith::MulIOp>(op))
    return std::min(getKnownDivisor(op->getOperand(0), depth + 1) *
                        getKnownDivisor(op->getOperand(1), depth + 1),
                    kZeroDivisor);
  if (isa<arith::IndexCastOp>(op))
    return getKnownDivisor(op->getOperand(0), depth + 1);
  return 1;
}

} // namespace mlir::loom
