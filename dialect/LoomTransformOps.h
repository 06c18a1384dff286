//===- LoomTransformOps.h - Loom transform dialect extension ----*- C++ -*-===//
//
// Declarations of the ops of Loom's transform dialect extension.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_LOOMTRANSFORMOPS_H
#define LOOM_DIALECT_LOOMTRANSFORMOPS_H

#include "transforms/FuseElementwise.h"

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/MatchInterfaces.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

#include <vector>

#define GET_OP_CLASSES
#include "dialect/LoomTransformOps.h.inc"

namespace mlir::loom {

/// A fusion decision and the transform op that made it.
struct LoggedFusionDecision {
  Location transformLoc;
  FusionDecision decision;
};

/// Collects the decisions of every `transform.loom.fuse_elementwise` applied
/// while it is attached to the transform state into a vector the driver owns,
/// so they survive a schedule that fails later: a driver adds it in
/// applyTransforms' state initializer. Ops apply the same way without it.
class FusionDecisionLog : public transform::TransformState::Extension {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FusionDecisionLog)

  FusionDecisionLog(transform::TransformState &state,
                    std::vector<LoggedFusionDecision> &decisions)
      : Extension(state), decisions(decisions) {}

  std::vector<LoggedFusionDecision> &decisions;
};

/// What one `transform.loom.trace` op saw: its label and, per operand handle,
/// how many payload ops, values or params it held.
struct TraceRecord {
  std::string label;
  SmallVector<int64_t> counts;
};

/// Collects what `transform.loom.trace` ops see, into a vector the driver
/// owns, instead of emitting remarks. A driver adds it in applyTransforms'
/// state initializer.
class TraceLog : public transform::TransformState::Extension {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TraceLog)

  TraceLog(transform::TransformState &state, std::vector<TraceRecord> &records)
      : Extension(state), records(records) {}

  std::vector<TraceRecord> &records;
};

/// Registers Loom's transform dialect extension (the `transform.loom.*` ops).
void registerLoomTransformExtension(DialectRegistry &registry);
} // namespace mlir::loom

#endif // LOOM_DIALECT_LOOMTRANSFORMOPS_H
