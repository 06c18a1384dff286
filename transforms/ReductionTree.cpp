//===- ReductionTree.cpp - Vector reductions by halves --------------------===//

#include "transforms/ReductionTree.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::loom {
namespace {

/// Combines the two halves of `value` along its last dimension with `kind`
/// until that dimension has size 1. A size n that is not a power of two is
/// first brought to the power of two p below it: its last n - p elements are
/// combined with its first n - p.
Value reduceLastDimByHalves(PatternRewriter &rewriter, Location loc,
                            vector::CombiningKind kind, Value value,
                            arith::FastMathFlagsAttr fastmath) {
  auto type = cast<VectorType>(value.getType());
  SmallVector<int64_t> sizes(type.getShape());
  SmallVector<int64_t> strides(sizes.size(), 1);
  SmallVector<int64_t> zeros(sizes.size(), 0);
  if (int64_t size = sizes.back(); !llvm::isPowerOf2_64(size)) {
    int64_t power = llvm::bit_floor(static_cast<uint64_t>(size));
    SmallVector<int64_t> tailSizes = sizes;
    tailSizes.back() = size - power;
    SmallVector<int64_t> tailOffsets = zeros;
    tailOffsets.back() = power;
    Value low = vector::ExtractStridedSliceOp::create(
        rewriter, loc, value, zeros, tailSizes, strides);
    Value high = vector::ExtractStridedSliceOp::create(
        rewriter, loc, value, tailOffsets, tailSizes, strides);
    Value folded =
        vector::makeArithReduction(rewriter, loc, kind, low, high, fastmath);
    sizes.back() = power;
    Value head = vector::ExtractStridedSliceOp::create(rewriter, loc, value,
                                                       zeros, sizes, strides);
    value = vector::InsertStridedSliceOp::create(rewriter, loc, folded, head,
                                                 zeros, strides);
  }
  while (sizes.back() > 1) {
    sizes.back() /= 2;
    SmallVector<int64_t> lowOffsets(sizes.size(), 0);
    SmallVector<int64_t> highOffsets = lowOffsets;
    highOffsets.back() = sizes.back();
    Value low = vector::ExtractStridedSliceOp::create(
        rewriter, loc, value, lowOffsets, sizes, strides);
    Value high = vector::ExtractStridedSliceOp::create(
        rewriter, loc, value, highOffsets, sizes, strides);
    value =
        vector::makeArithReduction(rewriter, loc, kind, low, high, fastmath);
  }
  return value;
}

bool isReducibleByHalves(VectorType type, Operation *op) {
  if (type.isScalable() || type.getRank() == 0)
    return false;
  if (type.getShape().back() < 2)
    return false;
  auto maskable = dyn_cast<vector::MaskableOpInterface>(op);
  return !maskable || !maskable.isMasked();
}

struct MultiReductionByHalves : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType sourceType = op.getSourceVectorType();
    if (!isReducibleByHalves(sourceType, op))
      return rewriter.notifyMatchFailure(
          op, "the last dimension has fewer than 2 elements, or the "
              "reduction is masked");
    SmallVector<bool> reduced = op.getReductionMask();
    if (!reduced.back() || llvm::count(reduced, true) != 1)
      return rewriter.notifyMatchFailure(
          op, "reduces other dimensions than the last one");
    Location loc = op.getLoc();
    Value halves = reduceLastDimByHalves(rewriter, loc, op.getKind(),
                                         op.getSource(), nullptr);
    // Drop the last dimension, now of size 1, and combine with the
    // accumulator.
    Value rest;
    if (sourceType.getRank() == 1) {
      rest = vector::ExtractOp::create(rewriter, loc, halves,
                                       ArrayRef<int64_t>{0});
    } else {
      rest =
          vector::ShapeCastOp::create(rewriter, loc, op.getDestType(), halves);
    }
    rewriter.replaceOp(op, vector::makeArithReduction(
                               rewriter, loc, op.getKind(), rest, op.getAcc()));
    return success();
  }
};

struct ReductionByHalves : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    if (!isReducibleByHalves(op.getSourceVectorType(), op))
      return rewriter.notifyMatchFailure(
          op, "the size is less than 2, or the reduction is masked");
    Location loc = op.getLoc();
    Value halves = reduceLastDimByHalves(rewriter, loc, op.getKind(),
                                         op.getVector(), op.getFastmathAttr());
    Value result =
        vector::ExtractOp::create(rewriter, loc, halves, ArrayRef<int64_t>{0});
    if (Value acc = op.getAcc())
      result = vector::makeArithReduction(rewriter, loc, op.getKind(), result,
                                          acc, op.getFastmathAttr());
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateReductionTreePatterns(RewritePatternSet &patterns) {
  patterns.add<MultiReductionByHalves, ReductionByHalves>(
      patterns.getContext());
}

} // namespace mlir::loom
