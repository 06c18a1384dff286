//===- Destinations.cpp - Destinations that bufferize in place ------------===//

#include "transforms/Destinations.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/IRMapping.h"

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

/// `op` with `input` (a tensor that is also its destination `init`, with the
/// same indexing map) read through the destination instead: the payload uses
/// `init`'s block argument and the input is dropped. After tiling, the tile
/// then reads the slice of the loop's own destination that it overwrites,
/// which bufferizes in place; reading the input's slice (the value before the
/// loop) would make bufferization copy the whole tensor.
void readInputThroughInit(linalg::GenericOp op, OpOperand &input,
                          OpOperand &init, PatternRewriter &rewriter) {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    if (operand == &input)
      continue;
    inputs.push_back(operand->get());
    maps.push_back(op.getMatchingIndexingMap(operand));
  }
  for (OpOperand &operand : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&operand));
  auto generic = linalg::GenericOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getOutputs(), maps,
      op.getIteratorTypesArray());
  generic->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  Block *body = op.getBlock();
  Region &region = generic.getRegion();
  IRMapping mapping;
  Block *newBody = rewriter.createBlock(&region);
  for (BlockArgument arg : body->getArguments()) {
    if (arg.getArgNumber() == input.getOperandNumber())
      continue;
    mapping.map(arg, newBody->addArgument(arg.getType(), arg.getLoc()));
  }
  mapping.map(body->getArgument(input.getOperandNumber()),
              mapping.lookup(op.getMatchingBlockArgument(&init)));
  rewriter.setInsertionPointToEnd(newBody);
  for (Operation &nested : body->getOperations())
    rewriter.clone(nested, mapping);
  rewriter.replaceOp(op, generic->getResults());
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
      if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
        readInputThroughInit(generic, *input, init, rewriter);
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
