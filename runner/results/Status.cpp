//===- Status.cpp - Exit codes and errors of the runner -------------------===//

#include "runner/results/Status.h"

namespace mlir::loom {

char RunError::ID = 0;

llvm::StringRef getStatusName(ExitCode code) {
  switch (code) {
  case ExitCode::Success:
    return "ok";
  case ExitCode::Mismatch:
    return "mismatch";
  case ExitCode::InvalidInput:
    return "invalid-input";
  case ExitCode::CompileFailure:
    return "compile-failure";
  case ExitCode::Crash:
    return "crash";
  case ExitCode::Timeout:
    return "timeout";
  case ExitCode::RuntimeCheck:
    return "runtime-check";
  }
  llvm_unreachable("unknown exit code");
}

std::pair<ExitCode, std::string> takeError(llvm::Error error) {
  ExitCode code = ExitCode::CompileFailure;
  std::string message;
  llvm::handleAllErrors(
      std::move(error),
      [&](const RunError &runError) {
        code = runError.code;
        message = runError.message;
      },
      [&](const llvm::ErrorInfoBase &other) { message = other.message(); });
  return {code, message};
}

} // namespace mlir::loom
