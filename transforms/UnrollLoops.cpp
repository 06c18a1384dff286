//===- UnrollLoops.cpp - Unroll the loops a schedule marked ---------------===//
//
// An scf.for marked `loom.unroll = N` (a matmul's k loop of one step per
// FMA row: transform.annotate %loop "loom.unroll" = %param) is unrolled by N
// after the passes that read its body as one step (loom-pack-in-first-tile,
// loom-prefetch-next-iteration, loom-prefetch-ahead): unrolled in the
// schedule, those no longer recognize it. The unroll itself is upstream's
// loopUnrollByFactor (a remainder loop when N does not divide the trip
// count). The prefetches of the unrolled body (with the index arithmetic
// only they use, and the scf.if that guards them) then move to the top of
// the body, so that its loads and FMAs stay one block (see
// hoistPrefetches).
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMUNROLLLOOPSPASS
#include "transforms/Passes.h.inc"

namespace {

/// Whether `op` only prefetches: a memref.prefetch, or an scf.if without
/// results whose regions hold nothing but ops without memory effects,
/// prefetches and such ifs.
bool isPrefetchOnly(Operation *op) {
  if (isa<memref::PrefetchOp>(op))
    return true;
  auto ifOp = dyn_cast<scf::IfOp>(op);
  if (!ifOp || ifOp.getNumResults() != 0)
    return false;
  WalkResult result = ifOp->walk([&](Operation *nested) {
    if (nested == op || isa<memref::PrefetchOp, scf::YieldOp>(nested))
      return WalkResult::advance();
    if (isa<scf::IfOp>(nested) && nested->getNumResults() == 0)
      return WalkResult::advance();
    if (nested->getNumRegions() == 0 && isMemoryEffectFree(nested))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// Moves the prefetches of `body` (and the ops of `body` they use, which
/// must be free of memory effects) to its top, in their order. Unrolled,
/// a k loop whose prefetches were at the top of its body has one copy of
/// them after each step: each guard is a branch, and LLVM then sinks a
/// step's FMAs past the branch that follows them, away from their loads,
/// which then wait in registers (the 8 x 32 tiles of 64 x 768 x 3072
/// spilled five broadcasts of A every four steps).
void hoistPrefetches(Block &body) {
  llvm::SetVector<Operation *> moved;
  for (Operation &op : body) {
    if (!isPrefetchOnly(&op))
      continue;
    // The ops of the body that the prefetch uses, also from within its
    // regions.
    llvm::SetVector<Operation *> slice;
    SmallVector<Operation *> worklist = {&op};
    // Adds the ops of the body that `nested` uses to the slice; interrupts
    // at one with memory effects (or regions), which cannot move.
    auto addUses = [&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || def->getBlock() != &body || def == &op ||
            moved.contains(def) || slice.contains(def))
          continue;
        if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
          return WalkResult::interrupt();
        slice.insert(def);
        worklist.push_back(def);
      }
      return WalkResult::advance();
    };
    bool movable = true;
    while (!worklist.empty() && movable)
      movable = !worklist.pop_back_val()->walk(addUses).wasInterrupted();
    if (!movable)
      continue;
    moved.insert(slice.begin(), slice.end());
    moved.insert(&op);
  }
  if (moved.empty())
    return;
  Operation *anchor = nullptr;
  for (Operation &op : body)
    if (!moved.contains(&op)) {
      anchor = &op;
      break;
    }
  SmallVector<Operation *> inOrder;
  for (Operation &op : body)
    if (moved.contains(&op))
      inOrder.push_back(&op);
  for (Operation *op : inOrder)
    op->moveBefore(anchor);
}

struct LoomUnrollLoopsPass
    : public impl::LoomUnrollLoopsPassBase<LoomUnrollLoopsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, int64_t>> marked;
    bool failed = false;
    getOperation()->walk([&](scf::ForOp loop) {
      Attribute attr = loop->getAttr(kUnrollAttrName);
      if (!attr)
        return;
      loop->removeAttr(kUnrollAttrName);
      auto factor = dyn_cast<IntegerAttr>(attr);
      if (!factor || factor.getInt() < 1) {
        loop->emitError() << "'" << kUnrollAttrName
                          << "' must be a positive integer, not " << attr;
        failed = true;
        return;
      }
      if (factor.getInt() > 1)
        marked.emplace_back(loop, factor.getInt());
    });
    if (failed)
      return signalPassFailure();
    // Innermost first (the walk is post-order): unrolling an outer loop
    // would copy the inner ones before they are unrolled.
    for (auto [loop, factor] : marked) {
      FailureOr<UnrolledLoopInfo> unrolled = loopUnrollByFactor(loop, factor);
      if (mlir::failed(unrolled)) {
        loop->emitError() << "could not unroll the loop by " << factor;
        return signalPassFailure();
      }
      if (unrolled->mainLoopOp)
        hoistPrefetches(*unrolled->mainLoopOp->getBody());
    }
  }
};

} // namespace
} // namespace mlir::loom
