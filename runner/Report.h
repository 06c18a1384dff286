//===- Report.h - The human-readable summary of a run -----------*- C++ -*-===//

#ifndef LOOM_RUNNER_REPORT_H
#define LOOM_RUNNER_REPORT_H

#include "runner/Record.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

/// Prints the short table that `loom run` shows on stdout.
void printReport(const Record &record, llvm::raw_ostream &os);

} // namespace mlir::loom

#endif // LOOM_RUNNER_REPORT_H
