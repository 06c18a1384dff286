//===- InterchangeReductions.cpp - Contiguous innermost loops -------------===//
//
// Moves the loop that walks the output's last dimension innermost in
// structured ops with reductions, keeping every element's summation order.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "loom-interchange-reductions"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMINTERCHANGEREDUCTIONSPASS
#include "transforms/Passes.h.inc"

/// The loop to move innermost, if the op qualifies.
static std::optional<unsigned> getContiguousOutputLoop(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0 || op.getNumDpsInits() != 1)
    return std::nullopt;
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outputMap.getNumResults() == 0)
    return std::nullopt;
  auto last = dyn_cast<AffineDimExpr>(outputMap.getResults().back());
  if (!last)
    return std::nullopt;
  unsigned loop = last.getPosition();
  if (op.getIteratorTypesArray()[loop] != utils::IteratorType::parallel ||
      loop == op.getNumLoops() - 1)
    return std::nullopt;
  // Every operand that uses the loop must use it alone, as its last index.
  for (AffineMap map : op.getIndexingMapsArray()) {
    for (auto [i, result] : llvm::enumerate(map.getResults())) {
      if (!result.isFunctionOfDim(loop))
        continue;
      if (i + 1 != map.getNumResults() || result != last)
        return std::nullopt;
    }
  }
  return loop;
}

namespace {
struct LoomInterchangeReductionsPass
    : impl::LoomInterchangeReductionsPassBase<LoomInterchangeReductionsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() || op.hasPureBufferSemantics())
        if (getContiguousOutputLoop(op))
          candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      unsigned loop = *getContiguousOutputLoop(op);
      rewriter.setInsertionPoint(op);
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized))
          continue;
        generic = *generalized;
      }
      // interchangeVector[i] is the old loop that becomes loop i.
      SmallVector<unsigned> permutation;
      for (unsigned i = 0, e = generic.getNumLoops(); i < e; ++i)
        if (i != loop)
          permutation.push_back(i);
      permutation.push_back(loop);
      if (failed(linalg::interchangeGenericOp(rewriter, generic, permutation)))
        signalPassFailure();
    }
  }
};
} // namespace
} // namespace mlir::loom
