//===- Subprocess.h - Run a command in a child process ----------*- C++ -*-===//
//
// The one way Loom isolates work that may crash or hang (a candidate of
// `loom tune`): a child process with a time limit.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_SUBPROCESS_H
#define LOOM_RUNNER_CAMPAIGNS_SUBPROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <string>

namespace mlir::loom {

struct ChildResult {
  /// The exit code when the child exited.
  int exitCode = 0;
  bool timedOut = false;
  /// Killed by a signal (a crash the child could not report itself).
  bool crashed = false;
  /// Could not be started.
  bool failedToStart = false;
  /// What went wrong, when something did ("Child timed out", the signal).
  std::string message;

  bool exitedNormally() const {
    return !timedOut && !crashed && !failedToStart;
  }
};

/// Runs `argv` (argv[0] is the program's path) with stdout and stderr sent
/// to `outputPath` (empty: discarded), killing it after `timeoutSeconds`
/// (0: no limit).
ChildResult runChild(llvm::ArrayRef<std::string> argv, unsigned timeoutSeconds,
                     llvm::StringRef outputPath = "");

/// A child started without waiting for it, to run several at once.
class RunningChild {
public:
  /// Starts `argv` with stdout and stderr sent to `outputPath`; a child that
  /// cannot start reports it on the first poll.
  RunningChild(llvm::ArrayRef<std::string> argv, llvm::StringRef outputPath,
               unsigned timeoutSeconds);

  /// The result once the child is done (killed when it passes its time
  /// limit); std::nullopt while it runs.
  std::optional<ChildResult> poll();

private:
  llvm::sys::ProcessInfo info;
  std::optional<ChildResult> failure;
  double started = 0;
  unsigned timeout = 0;
};

/// The path of the running executable.
std::string getCurrentExecutable();

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_SUBPROCESS_H
