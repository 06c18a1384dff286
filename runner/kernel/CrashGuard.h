//===- CrashGuard.h - Survive crashes in compiled code ----------*- C++ -*-===//
//
// Generated code and the compiler can crash on bad input. Guarded steps turn a
// crash on the calling thread into an error with an exit code; a crash on
// another thread (an OpenMP worker) prints what crashed and exits with the
// guard's code, since that thread cannot be recovered.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_CRASHGUARD_H
#define LOOM_RUNNER_KERNEL_CRASHGUARD_H

#include "runner/results/Status.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <functional>

namespace mlir::loom {

/// Installs the process-wide handlers. Idempotent.
void enableCrashRecovery();

/// Called (on the failing thread, before the process ends) when LLVM or Loom
/// reports a fatal error, such as running out of memory: the place to write
/// the record. `code` is the exit code the process ends with.
void setFatalErrorHook(
    std::function<void(llvm::StringRef message, int code)> hook);

/// Whether a guarded step crashed in this process. After that, runtimes the
/// crash left in an undefined state (libomp's locks) can hang at exit: the
/// tool then ends with exitWithoutCleanup.
bool hasRecoveredFromCrash();

/// Flushes stdout and stderr and ends the process with `code` without
/// running exit-time handlers (atexit, static destructors).
[[noreturn]] void exitWithoutCleanup(int code);

/// Runs `fn` on a new thread whose stack has `bytes` (the thread's crashes
/// are guarded like this one's), and returns what it returns. Falls back to
/// the calling thread if no such thread can be started. If a guarded step
/// crashed meanwhile, the thread ends the process with `fn`'s result instead
/// of returning (see exitWithoutCleanup): `fn` must do all that is left to
/// do, printing and writing files included.
int runOnStack(uint64_t bytes, llvm::function_ref<int()> fn);

/// Runs `fn`. If it crashes, returns an error with `code` that says `what`
/// crashed and with which signal; a stack overflow is named as one.
llvm::Error runGuarded(llvm::StringRef what, ExitCode code,
                       llvm::function_ref<void()> fn);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_CRASHGUARD_H
