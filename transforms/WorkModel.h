//===- WorkModel.h - FLOPs and bytes of structured ops ----------*- C++ -*-===//
//
// The work model counts what a payload asks the machine to do, before any
// schedule runs, so that every report can say GFLOP/s and GB/s without anyone
// typing a FLOP count by hand. The counting rules are documented in
// docs/loom-run.md ("How work is counted").
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_WORKMODEL_H
#define LOOM_TRANSFORMS_WORKMODEL_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"

namespace mlir::loom {

/// FLOPs that one iteration of a structured op's body performs: every op in
/// the body counts 1, except constants, `linalg.yield`, `linalg.index` and
/// casts (0), and fused multiply-adds (`math.fma`: 2).
int64_t countBodyFlops(Block &body);

/// Work of one structured op on static shapes.
struct OpWork {
  Operation *op = nullptr;
  /// Product of all loop extents.
  int64_t iterations = 0;
  int64_t flopsPerIteration = 0;
  double flops = 0;
  /// Size in bytes of every input and init operand, each counted once.
  double bytes = 0;
  /// Product of the extents of the reduction loops (1 when there are none):
  /// how many terms are accumulated into each output element.
  int64_t reduction = 1;
};

/// Counts one structured op: any linalg::LinalgOp, linalg.pack, linalg.unpack.
/// Fails for other ops and for dynamic shapes.
FailureOr<OpWork> analyzeOpWork(Operation *op);

/// Work of a whole function.
struct FunctionWork {
  SmallVector<OpWork> ops;
  /// Structured ops that could not be counted (dynamic shapes, op kinds the
  /// model does not know). When non-empty, `flops` is a lower bound.
  SmallVector<Operation *> uncounted;
  double flops = 0;
  /// Bytes of the function's interface: every ranked tensor or memref argument
  /// and result once (an in-out memref counts once). Arguments with dynamic
  /// shapes are left out and clear `bytesComplete`.
  double bytes = 0;
  bool bytesComplete = true;
  /// Longest reduction feeding each result, and each memref argument written
  /// by the function (1 for arguments that are not written or not memrefs).
  SmallVector<int64_t> resultReduction;
  SmallVector<int64_t> argReduction;
  /// Whether the function may write each argument (memrefs it stores to,
  /// passes to an op with unknown effects, or exposes as a writable tensor).
  SmallVector<bool> argWritten;
};

/// Whether the function owning `arg` may write the memory of `arg`.
bool mayWriteArgument(BlockArgument arg);

/// Counts every structured op in `func` (see analyzeOpWork).
FunctionWork analyzeFunctionWork(FunctionOpInterface func);

/// Size in bytes of one element of `type` as stored in memory (i1 takes a
/// byte), or 0 for types that are not int, index or float.
int64_t getElementByteSize(Type type);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_WORKMODEL_H
