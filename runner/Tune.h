//===- Tune.h - `loom tune` -------------------------------------*- C++ -*-===//
//
// Autotuning over the knobs written in a schedule (issue: loom tune). So far:
// reading the space from the schedule and pruning it with constraints
// (`loom tune --list-space`); the sweep itself lands next.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_TUNE_H
#define LOOM_RUNNER_TUNE_H

#include "runner/RunOptions.h"
#include "runner/TuneSpace.h"

#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

/// The space of the schedule `options` names (--schedule, its libraries, or
/// the one embedded in the payload). Fails with InvalidInput.
llvm::Expected<TuneSpace> loadTuneSpace(const RunOptions &options,
                                        llvm::raw_ostream &diagnostics);

/// Prints each dimension (name, kind, options, location) and the size of the
/// space, before and after `constraints`.
void printTuneSpace(const TuneSpace &space,
                    llvm::ArrayRef<Constraint> constraints,
                    llvm::raw_ostream &os);

} // namespace mlir::loom

#endif // LOOM_RUNNER_TUNE_H
