//===- DecomposeAggregates.cpp - Decompose aggregated linalg ops ----------===//
//
// Rewrites ops implementing linalg::AggregatedOpInterface (linalg.softmax)
// into the structured ops they stand for.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "loom-decompose-aggregates"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMDECOMPOSEAGGREGATESPASS
#include "transforms/Passes.h.inc"

LogicalResult decomposeAggregatedOps(Operation *root) {
  SmallVector<linalg::AggregatedOpInterface> aggregates;
  root->walk([&](linalg::AggregatedOpInterface op) { aggregates.push_back(op); });
  IRRewriter rewriter(root->getContext());
  for (linalg::AggregatedOpInterface op : aggregates) {
    rewriter.setInsertionPoint(op);
    FailureOr<SmallVector<Value>> replacements =
        op.decomposeOperation(rewriter);
    if (failed(replacements))
      return op->emitError("cannot decompose this op into structured ops");
    rewriter.replaceOp(op, *replacements);
  }
  return success();
}

namespace {
struct LoomDecomposeAggregatesPass
    : impl::LoomDecomposeAggregatesPassBase<LoomDecomposeAggregatesPass> {
  void runOnOperation() override {
    if (failed(decomposeAggregatedOps(getOperation())))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::loom
