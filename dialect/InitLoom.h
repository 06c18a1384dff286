//===- InitLoom.h - Register everything Loom's tools use --------*- C++ -*-===//
//
// The one place where upstream MLIR and Loom are registered. Every tool
// (loom-opt, loom) and every test calls these instead of listing dialects.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_INITLOOM_H
#define LOOM_DIALECT_INITLOOM_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::loom {

/// All upstream dialects, extensions (transform extensions included) and LLVM
/// IR translations, plus Loom's transform extension.
void registerAllDialects(DialectRegistry &registry);

/// All upstream passes and pipelines plus Loom's passes and pipelines, in the
/// global registry (once, however often it is called): every pass loom-opt
/// knows is one a schedule's transform.apply_registered_pass can name.
void registerAllPasses();

} // namespace mlir::loom

#endif // LOOM_DIALECT_INITLOOM_H
