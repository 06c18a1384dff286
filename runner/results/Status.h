//===- Status.h - Exit codes and errors of the runner -----------*- C++ -*-===//
//
// Every failure the runner reports carries the exit code that `loom` returns
// for it. The codes are part of the tool's interface (docs/loom-run.md).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_STATUS_H
#define LOOM_RUNNER_RESULTS_STATUS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::loom {

enum class ExitCode : int {
  /// Verified (or not checked) and timed.
  Success = 0,
  /// The scheduled kernel's result differs from the reference.
  Mismatch = 1,
  /// Usage or input error: bad option, missing file, parse or verifier error,
  /// no such function, wrong or missing shape.
  InvalidInput = 2,
  /// The schedule failed to apply, or the result failed to lower or compile.
  CompileFailure = 3,
  /// The compiled code crashed while running.
  Crash = 4,
  /// The run took longer than --timeout.
  Timeout = 5,
  /// A runtime check failed (--check-bounds): an out-of-bounds access.
  RuntimeCheck = 6,
};

/// Short stable name of an exit code, as written to the JSON record's status.
llvm::StringRef getStatusName(ExitCode code);

/// An error with the exit code it maps to. Diagnostics that carry a source
/// location are printed by the MLIR diagnostic handler as they happen; the
/// message here says what failed in a sentence.
class RunError : public llvm::ErrorInfo<RunError> {
public:
  static char ID;
  RunError(ExitCode code, std::string message)
      : code(code), message(std::move(message)) {}

  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

  ExitCode code;
  std::string message;
};

inline llvm::Error makeError(ExitCode code, const llvm::Twine &message) {
  return llvm::make_error<RunError>(code, message.str());
}

/// Consumes `error` and returns its exit code and message.
std::pair<ExitCode, std::string> takeError(llvm::Error error);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_STATUS_H
