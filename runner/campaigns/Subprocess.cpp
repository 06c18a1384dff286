//===- Subprocess.cpp - Run a command in a child process ------------------===//

#include "runner/campaigns/Subprocess.h"

#include "runner/kernel/Timer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <csignal>
#include <sys/types.h>
#include <thread>

#include <optional>
#include <vector>

namespace mlir::loom {

/// A ChildResult from what LLVM reports of a finished child.
static ChildResult interpret(int code, bool executionFailed,
                             std::string message) {
  ChildResult result;
  result.message = std::move(message);
  if (executionFailed)
    result.failedToStart = true;
  else if (code < 0)
    result.crashed = true;
  else
    result.exitCode = code;
  return result;
}

ChildResult runChild(llvm::ArrayRef<std::string> argv, unsigned timeoutSeconds,
                     llvm::StringRef outputPath) {
  RunningChild child(argv, outputPath, timeoutSeconds);
  while (true) {
    if (std::optional<ChildResult> result = child.poll())
      return *result;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

RunningChild::RunningChild(llvm::ArrayRef<std::string> argv,
                           llvm::StringRef outputPath, unsigned timeoutSeconds)
    : started(now()), timeout(timeoutSeconds) {
  std::vector<llvm::StringRef> args(argv.begin(), argv.end());
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), outputPath,
                                                outputPath};
  std::string message;
  bool executionFailed = false;
  info =
      llvm::sys::ExecuteNoWait(args.front(), args, std::nullopt, redirects,
                               /*MemoryLimit=*/0, &message, &executionFailed);
  if (executionFailed)
    failure = interpret(-1, true, message);
}

std::optional<ChildResult> RunningChild::poll() {
  if (failure)
    return failure;
  std::string message;
  llvm::sys::ProcessInfo done = llvm::sys::Wait(info, 0u, &message);
  if (done.Pid != 0)
    return interpret(done.ReturnCode, false, message);
  if (!timeout || now() - started < timeout)
    return std::nullopt;
  ::kill(info.Pid, SIGKILL);
  llvm::sys::Wait(info, std::nullopt, &message);
  ChildResult result;
  result.timedOut = true;
  result.message = "Child timed out";
  return result;
}

std::string getCurrentExecutable() {
  return llvm::sys::fs::getMainExecutable(nullptr, nullptr);
}

} // namespace mlir::loom
