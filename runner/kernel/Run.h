//===- Run.h - `loom run` as a library function -----------------*- C++ -*-===//

#ifndef LOOM_RUNNER_KERNEL_RUN_H
#define LOOM_RUNNER_KERNEL_RUN_H

#include "runner/results/Record.h"
#include "runner/results/RunOptions.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

/// How a run cooperates with the process that starts it. Never written down:
/// a record says what was computed, not who was waiting for it.
struct RunHooks {
  /// Called with a short message when a long step starts.
  std::function<void(llvm::StringRef)> progress;
  /// When set, the run holds an exclusive lock (flock) on this file from
  /// its first kernel call (the check) to the end of timing, so that runs
  /// started together (loom tune) compile in parallel but run kernels one
  /// at a time.
  std::string timingLockPath;
  /// --schedule replaces a schedule embedded in the payload without a
  /// warning (a bundle's resolved schedule does).
  bool scheduleReplacesEmbedded = false;
};

/// One kernel as `loom run` handles it, in two steps so that it can be timed
/// again and again (`loom bench` interleaves repetitions of several kernels):
/// prepare() loads the payload and schedule, applies the schedule, lowers,
/// JIT-compiles and checks against the unscheduled reference; time() runs
/// the timing loop and puts its statistics into the record. Bad input never
/// crashes either: the record carries the status, exit code and error.
class KernelRun {
public:
  /// MLIR diagnostics go to `diagnostics` as they happen.
  KernelRun(const RunOptions &options, const RunHooks &hooks,
            llvm::raw_ostream &diagnostics);
  ~KernelRun();

  /// False when a step failed (see getRecord().error).
  bool prepare();
  /// Times the prepared kernel once more; the record's timing is replaced by
  /// this measurement. False when not prepared or when the kernel crashed.
  bool time();

  const Record &getRecord() const;

  /// A copy of the record as it stands and the step under way ("applying
  /// the schedule"); safe to call from another thread (a watchdog) while
  /// prepare() or time() runs.
  Record getSnapshot(std::string *step = nullptr) const;

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
Record runKernel(const RunOptions &options, llvm::raw_ostream &diagnostics,
                 const RunHooks &hooks = {});

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_RUN_H
