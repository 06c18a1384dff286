//===- Decompose.cpp - Decompose ops that have no loop lowering -----------===//
//
// Rewrites aggregated linalg ops (linalg.softmax), linalg.pack/unpack and the
// winograd transforms into ops that bufferization and convert-linalg-to-loops
// handle.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "loom-decompose"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMDECOMPOSEPASS
#include "transforms/Passes.h.inc"

LogicalResult decomposeForLowering(Operation *root) {
  SmallVector<Operation *> targets;
  root->walk([&](Operation *op) {
    if (isa<linalg::AggregatedOpInterface, linalg::PackOp, linalg::UnPackOp,
            linalg::WinogradFilterTransformOp, linalg::WinogradInputTransformOp,
            linalg::WinogradOutputTransformOp>(op))
      targets.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : targets) {
    rewriter.setInsertionPoint(op);
    LogicalResult result = success();
    if (auto pack = dyn_cast<linalg::PackOp>(op)) {
      result = linalg::lowerPack(rewriter, pack);
    } else if (auto unpack = dyn_cast<linalg::UnPackOp>(op)) {
      result = linalg::lowerUnPack(rewriter, unpack);
    } else if (auto filter = dyn_cast<linalg::WinogradFilterTransformOp>(op)) {
      result = linalg::decomposeWinogradFilterTransformOp(rewriter, filter);
    } else if (auto input = dyn_cast<linalg::WinogradInputTransformOp>(op)) {
      result = linalg::decomposeWinogradInputTransformOp(rewriter, input);
    } else if (auto output = dyn_cast<linalg::WinogradOutputTransformOp>(op)) {
      result = linalg::decomposeWinogradOutputTransformOp(rewriter, output);
    } else {
      auto aggregate = cast<linalg::AggregatedOpInterface>(op);
      FailureOr<SmallVector<Value>> replacements =
          aggregate.decomposeOperation(rewriter);
      if (succeeded(replacements))
        rewriter.replaceOp(op, *replacements);
      result = replacements;
    }
    if (failed(result))
      return op->emitError("cannot decompose this op into ops that lower to "
                           "loops; lower it in the schedule");
  }
  return success();
}

namespace {
struct LoomDecomposePass : impl::LoomDecomposePassBase<LoomDecomposePass> {
  void runOnOperation() override {
    if (failed(decomposeForLowering(getOperation())))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::loom
