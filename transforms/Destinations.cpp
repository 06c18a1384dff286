//===- Destinations.cpp - Destinations that bufferize in place ------------===//

#include "transforms/Destinations.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

namespace mlir::loom {
namespace {

/// The input of `op` that was computed by a DPS op into `init` (the same
/// destination as `init`'s), with the same type and indexing map as `init`.
OpOperand *findInputWrittenInto(linalg::LinalgOp op, OpOperand &init) {
  AffineMap initMap = op.getMatchingIndexingMap(&init);
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (value.getType() != init.get().getType() ||
        op.getMatchingIndexingMap(input) != initMap)
      continue;
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      continue;
    auto producer = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    if (producer && producer.getTiedOpOperand(result)->get() == init.get())
      return input;
  }
  return nullptr;
}

struct ReuseProducerDestination : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() ||
        op.getNumParallelLoops() != op.getNumLoops())
      return rewriter.notifyMatchFailure(op, "not an all-parallel tensor op");
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (op.payloadUsesValueFromOperand(&init))
        continue;
      OpOperand *input = findInputWrittenInto(op, init);
      if (!input)
        continue;
      rewriter.modifyOpInPlace(op, [&] { init.set(input->get()); });
      return success();
    }
    return rewriter.notifyMatchFailure(
        op, "no input was written into this op's destination");
  }
};

} // namespace

void populateReuseProducerDestinationPatterns(RewritePatternSet &patterns) {
  patterns.add<ReuseProducerDestination>(patterns.getContext());
}

} // namespace mlir::loom
