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
    // The divisor: a broadcast, or a broadcast transposed (the sums of
    // several rows spread along them: vector<4xf32> broadcast to
    // vector<64x4xf32>, transposed to vector<4x64xf32>).
    SmallVector<vector::TransposeOp> transposes;
    Value spreadDivisor = op.getRhs();
    while (auto transpose =
               spreadDivisor.getDefiningOp<vector::TransposeOp>()) {
      transposes.push_back(transpose);
      spreadDivisor = transpose.getVector();
    }
    auto broadcast = spreadDivisor.getDefiningOp<vector::BroadcastOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(
          op, "the divisor is not a broadcast, transposed or not");
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
        rewriter, loc, broadcast.getResult().getType(), reciprocal);
    for (vector::TransposeOp transpose : llvm::reverse(transposes))
      spread = vector::TransposeOp::create(rewriter, loc, spread,
                                           transpose.getPermutation());
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
