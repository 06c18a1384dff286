//===- OpenMPSchedule.cpp - The OpenMP schedule a schedule chose ----------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMOPENMPSCHEDULEPASS
#include "transforms/Passes.h.inc"

namespace {

struct OpenMPSchedulePass
    : public impl::LoomOpenMPSchedulePassBase<OpenMPSchedulePass> {
  void runOnOperation() override {
    // Before the conversions: the mark moves from the loop to the first op
    // of its body, which they move into the omp.loop_nest.
    WalkResult marked = getOperation()->walk([&](scf::ForallOp loop) {
      Attribute mark = loop->getDiscardableAttr(kOpenMPScheduleAttrName);
      if (!mark)
        return WalkResult::advance();
      if (failed(parseSchedule(loop, mark)))
        return WalkResult::interrupt();
      loop->removeDiscardableAttr(kOpenMPScheduleAttrName);
      loop.getBody()->front().setDiscardableAttr(kOpenMPScheduleAttrName, mark);
      return WalkResult::advance();
    });
    if (marked.wasInterrupted())
      return signalPassFailure();

    // After them: the mark on an op of a loop nest's body, whose innermost
    // worksharing loop is the one the mark was for.
    WalkResult applied = getOperation()->walk([&](Operation *op) {
      Attribute mark = op->getDiscardableAttr(kOpenMPScheduleAttrName);
      if (!mark || isa<scf::ForallOp>(op))
        return WalkResult::advance();
      auto wsloop = op->getParentOfType<omp::WsloopOp>();
      if (!wsloop)
        return WalkResult::advance();
      FailureOr<omp::ClauseScheduleKind> kind = parseSchedule(op, mark);
      if (failed(kind))
        return WalkResult::interrupt();
      op->removeDiscardableAttr(kOpenMPScheduleAttrName);
      if (!wsloop.getScheduleKind())
        wsloop.setScheduleKind(*kind);
      return WalkResult::advance();
    });
    if (applied.wasInterrupted())
      signalPassFailure();
  }

  /// The schedule a mark names, or failure with an error at `op`.
  static FailureOr<omp::ClauseScheduleKind> parseSchedule(Operation *op,
                                                          Attribute mark) {
    auto name = dyn_cast<StringAttr>(mark);
    if (name && name.getValue() == "guided")
      return omp::ClauseScheduleKind::Guided;
    if (name && name.getValue() == "dynamic")
      return omp::ClauseScheduleKind::Dynamic;
    return op->emitError() << "'" << kOpenMPScheduleAttrName
                           << "' must be \"guided\" or \"dynamic\", got "
                           << mark;
  }
};

} // namespace
} // namespace mlir::loom
