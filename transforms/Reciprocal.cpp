//===- Reciprocal.cpp - Division by a shared divisor as a product ---------===//

#include "transforms/Reciprocal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::loom {
namespace {

struct DivideByReciprocal : OpRewritePattern<arith::DivFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::DivFOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getRhs().getDefiningOp<vector::BroadcastOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(op, "the divisor is not a broadcast");
    Value divisor = broadcast.getSource();
    Type type = divisor.getType();
    auto elementType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "not a float division");
    Location loc = op.getLoc();
    TypedAttr oneAttr = rewriter.getFloatAttr(elementType, 1.0);
    if (auto vectorType = dyn_cast<VectorType>(type))
      oneAttr = DenseElementsAttr::get(vectorType, oneAttr);
    Value one = arith::ConstantOp::create(rewriter, loc, oneAttr);
    Value reciprocal = arith::DivFOp::create(rewriter, loc, one, divisor,
                                             op.getFastmathAttr());
    Value spread = vector::BroadcastOp::create(
        rewriter, loc, op.getRhs().getType(), reciprocal);
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, op.getLhs(), spread,
                                               op.getFastmathAttr());
    return success();
  }
};

} // namespace

void populateReciprocalDivisionPatterns(RewritePatternSet &patterns) {
  patterns.add<DivideByReciprocal>(patterns.getContext());
}

} // namespace mlir::loom
