//===- FoldReshapePairs.cpp - A collapse and its inverse expand cancel ----===//

#include "transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMFOLDRESHAPEPAIRSPASS
#include "transforms/Passes.h.inc"

namespace {

/// expand_shape(collapse_shape(%x)) with the same reassociation and the
/// type of %x is %x.
struct FoldExpandOfCollapse : OpRewritePattern<memref::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::ExpandShapeOp expand,
                                PatternRewriter &rewriter) const override {
    auto collapse = expand.getSrc().getDefiningOp<memref::CollapseShapeOp>();
    if (!collapse || collapse.getSrcType() != expand.getResultType() ||
        collapse.getReassociationIndices() != expand.getReassociationIndices())
      return rewriter.notifyMatchFailure(expand,
                                         "not the inverse of its source");
    rewriter.replaceOp(expand, collapse.getSrc());
    return success();
  }
};

struct FoldReshapePairsPass
    : public impl::LoomFoldReshapePairsPassBase<FoldReshapePairsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldExpandOfCollapse>(&getContext());
    memref::CopyOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
} // namespace mlir::loom
