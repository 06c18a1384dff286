//===- LoomTransformOps.h - Loom transform dialect extension ----*- C++ -*-===//
//
// Declarations of the ops of Loom's transform dialect extension.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_LOOMTRANSFORMOPS_H
#define LOOM_DIALECT_LOOMTRANSFORMOPS_H

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialect/LoomTransformOps.h.inc"

namespace mlir::loom {
/// Registers Loom's transform dialect extension (the `transform.loom.*` ops).
void registerLoomTransformExtension(DialectRegistry &registry);
} // namespace mlir::loom

#endif // LOOM_DIALECT_LOOMTRANSFORMOPS_H
