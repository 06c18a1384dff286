//===- LoomTransformOps.cpp - Loom transform dialect extension ------------===//
//
// Loom's transform dialect extension: registration and op implementations.
//
//===----------------------------------------------------------------------===//

#include "dialect/LoomTransformOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "dialect/LoomTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// FuseElementwiseOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::FuseElementwiseOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  // The scope: linalg ops in the handle, and every linalg op inside the
  // other ops it holds.
  SmallVector<Operation *> scope;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(target)) {
      if (!isa<linalg::GenericOp>(target) && !getGeneralize()) {
        DiagnosedSilenceableFailure diag =
            emitSilenceableError()
            << "expects linalg.generic ops or ops that contain them; got "
            << target->getName()
            << " (generalize it first or set the generalize option)";
        diag.attachNote(target->getLoc()) << "target op";
        return diag;
      }
      scope.push_back(target);
      continue;
    }
    if (target->getNumRegions() == 0) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError()
          << "expects linalg.generic ops or ops that contain them (such as "
             "func.func); got "
          << target->getName();
      diag.attachNote(target->getLoc()) << "target op";
      return diag;
    }
    target->walk([&](linalg::LinalgOp op) { scope.push_back(op); });
  }

  loom::FuseElementwiseOptions options;
  options.allowMultiUse = getAllowMultiUse();
  if (std::optional<uint64_t> maxOps = getRematerialize())
    options.rematerializeMaxOps = *maxOps;
  if (std::optional<uint64_t> maxFusions = getMaxFusions())
    options.maxFusions = *maxFusions;
  options.generalize = getGeneralize();
  loom::FuseElementwiseResult fused =
      loom::fuseElementwise(rewriter, scope, options);

  if (getExplain())
    loom::emitFusionRemarks(fused.decisions);
  if (auto *log = state.getExtension<loom::FusionDecisionLog>())
    for (loom::FusionDecision &decision : fused.decisions)
      log->decisions.push_back({getLoc(), std::move(decision)});
  results.set(cast<OpResult>(getTransformed()), fused.ops);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// TraceOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::TraceOp::apply(transform::TransformRewriter &rewriter,
                     transform::TransformResults &results,
                     transform::TransformState &state) {
  TraceRecord record{getLabel().str(), {}};
  for (Value handle : getHandles()) {
    if (isa<transform::TransformHandleTypeInterface>(handle.getType()))
      record.counts.push_back(llvm::range_size(state.getPayloadOps(handle)));
    else if (isa<transform::TransformValueHandleTypeInterface>(
                 handle.getType()))
      record.counts.push_back(llvm::range_size(state.getPayloadValues(handle)));
    else
      record.counts.push_back(state.getParams(handle).size());
  }
  if (auto *log = state.getExtension<TraceLog>()) {
    log->records.push_back(std::move(record));
  } else {
    InFlightDiagnostic remark = emitRemark() << record.label;
    for (auto [i, count] : llvm::enumerate(record.counts))
      remark << (i ? ", " : ": ") << count;
  }
  return DiagnosedSilenceableFailure::success();
}

void loom::TraceOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getHandlesMutable(), effects);
}

namespace {
/// The extension that injects Loom's ops into the transform dialect.
class LoomTransformExtension
    : public transform::TransformDialectExtension<LoomTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoomTransformExtension)

  using Base::Base;

  void init() {
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "dialect/LoomTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::loom::registerLoomTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<LoomTransformExtension>();
}
