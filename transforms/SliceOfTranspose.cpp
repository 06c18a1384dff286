//===- SliceOfTranspose.cpp - Slice before a transpose --------------------===//

#include "transforms/SliceOfTranspose.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::loom {
namespace {

struct SliceBeforeTranspose : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    auto transpose = slice.getSource().getDefiningOp<linalg::TransposeOp>();
    if (!transpose || !transpose.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(slice, "not a slice of a transpose");
    if (slice.getSourceType().getRank() != slice.getResultType().getRank())
      return rewriter.notifyMatchFailure(slice, "a rank-reducing slice");
    if (!slice.hasUnitStride())
      return rewriter.notifyMatchFailure(slice, "a strided slice");
    // Dimension i of the transpose's result is dimension permutation[i] of
    // its input.
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
    SmallVector<OpFoldResult> inputOffsets(offsets.size());
    SmallVector<OpFoldResult> inputSizes(sizes.size());
    for (auto [resultDim, inputDim] : llvm::enumerate(permutation)) {
      inputOffsets[inputDim] = offsets[resultDim];
      inputSizes[inputDim] = sizes[resultDim];
    }
    SmallVector<OpFoldResult> strides(offsets.size(), rewriter.getIndexAttr(1));
    Location loc = slice.getLoc();
    Value input = tensor::ExtractSliceOp::create(
        rewriter, loc, transpose.getInput(), inputOffsets, inputSizes, strides);
    Value init = tensor::EmptyOp::create(
        rewriter, loc, sizes, slice.getResultType().getElementType());
    auto sliced =
        linalg::TransposeOp::create(rewriter, loc, input, init, permutation);
    rewriter.replaceOp(slice, sliced->getResults());
    return success();
  }
};

} // namespace

void populateSliceBeforeTransposePatterns(RewritePatternSet &patterns) {
  patterns.add<SliceBeforeTranspose>(patterns.getContext());
}

} // namespace mlir::loom
