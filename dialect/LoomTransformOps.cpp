//===- LoomTransformOps.cpp - Loom transform dialect extension ------------===//
//
// Loom's transform dialect extension: registration and op implementations.
//
//===----------------------------------------------------------------------===//

#include "dialect/LoomTransformOps.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "dialect/LoomTransformOps.cpp.inc"

namespace {
/// The extension that injects Loom's ops into the transform dialect.
class LoomTransformExtension
    : public transform::TransformDialectExtension<LoomTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoomTransformExtension)

  using Base::Base;

  void init() {
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
