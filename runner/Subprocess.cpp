//===- Subprocess.cpp - Run a command in a child process ------------------===//

#include "runner/Subprocess.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <vector>

namespace mlir::loom {

ChildResult runChild(llvm::ArrayRef<std::string> argv, unsigned timeoutSeconds,
                     llvm::StringRef outputPath) {
  std::vector<llvm::StringRef> args(argv.begin(), argv.end());
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), outputPath,
                                                outputPath};
  ChildResult result;
  bool executionFailed = false;
  int code = llvm::sys::ExecuteAndWait(
      args.front(), args, std::nullopt, redirects, timeoutSeconds,
      /*MemoryLimit=*/0, &result.message, &executionFailed);
  // LLVM returns -2 both for a crash and for a child it killed at the time
  // limit; only the message tells them apart.
  if (executionFailed) {
    result.failedToStart = true;
  } else if (code < 0 &&
             llvm::StringRef(result.message).contains("timed out")) {
    result.timedOut = true;
  } else if (code < 0) {
    result.crashed = true;
  } else {
    result.exitCode = code;
  }
  return result;
}

std::string getCurrentExecutable() {
  return llvm::sys::fs::getMainExecutable(nullptr, nullptr);
}

} // namespace mlir::loom
