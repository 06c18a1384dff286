//===- UnrollLoops.cpp - Unroll the loops a schedule marked ---------------===//
//
// An scf.for marked `loom.unroll = N` (a matmul's k loop of one step per
// FMA row: transform.annotate %loop "loom.unroll" = %param) is unrolled by N
// after the passes that read its body as one step (loom-pack-in-first-tile,
// loom-prefetch-next-iteration, loom-prefetch-ahead): unrolled in the
// schedule, those no longer recognize it. The unroll itself is upstream's
// loopUnrollByFactor (a remainder loop when N does not divide the trip
// count).
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMUNROLLLOOPSPASS
#include "transforms/Passes.h.inc"

namespace {

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
    for (auto [loop, factor] : marked)
      if (mlir::failed(loopUnrollByFactor(loop, factor))) {
        loop->emitError() << "could not unroll the loop by " << factor;
        return signalPassFailure();
      }
  }
};

} // namespace
} // namespace mlir::loom
