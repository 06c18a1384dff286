//===- Run.h - `loom run` as a library function -----------------*- C++ -*-===//

#ifndef LOOM_RUNNER_RUN_H
#define LOOM_RUNNER_RUN_H

#include "runner/Record.h"
#include "runner/RunOptions.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

/// Does what `loom run` does: load the payload and schedule, apply the
/// schedule, lower, JIT-compile, check against the unscheduled reference and
/// time. Bad input never crashes it: the returned record carries the status,
/// the exit code and the error. MLIR diagnostics go to `diagnostics`.
/// The caller prints the report and writes the JSON.
Record runKernel(const RunOptions &options, llvm::raw_ostream &diagnostics);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RUN_H
