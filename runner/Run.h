//===- Run.h - `loom run` as a library function -----------------*- C++ -*-===//

#ifndef LOOM_RUNNER_RUN_H
#define LOOM_RUNNER_RUN_H

#include "runner/Record.h"
#include "runner/RunOptions.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

#include <memory>

namespace mlir::loom {

/// One kernel as `loom run` handles it, in two steps so that it can be timed
/// again and again (`loom bench` interleaves repetitions of several kernels):
/// prepare() loads the payload and schedule, applies the schedule, lowers,
/// JIT-compiles and checks against the unscheduled reference; time() runs
/// the timing loop and puts its statistics into the record. Bad input never
/// crashes either: the record carries the status, exit code and error.
class KernelRun {
public:
  /// MLIR diagnostics go to `diagnostics` as they happen.
  KernelRun(const RunOptions &options, llvm::raw_ostream &diagnostics);
  ~KernelRun();

  /// False when a step failed (see getRecord().error).
  bool prepare();
  /// Times the prepared kernel once more; the record's timing is replaced by
  /// this measurement. False when not prepared or when the kernel crashed.
  bool time();

  const Record &getRecord() const;

private:
  class Runner;
  std::unique_ptr<Runner> runner;
  bool prepared = false;
};

/// Does what `loom run` does: load the payload and schedule, apply the
/// schedule, lower, JIT-compile, check against the unscheduled reference and
/// time. Bad input never crashes it: the returned record carries the status,
/// the exit code and the error. MLIR diagnostics go to `diagnostics`.
/// The caller prints the report and writes the JSON.
Record runKernel(const RunOptions &options, llvm::raw_ostream &diagnostics);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RUN_H
