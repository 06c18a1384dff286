//===- Passes.h - Loom passes -----------------------------------*- C++ -*-===//

#ifndef LOOM_TRANSFORMS_PASSES_H
#define LOOM_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::loom {

#define GEN_PASS_DECL
#include "transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "transforms/Passes.h.inc"

/// Decomposes every op implementing linalg::AggregatedOpInterface under
/// `root`. Returns failure (with a diagnostic) if one refuses to decompose.
LogicalResult decomposeAggregatedOps(Operation *root);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_PASSES_H
