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

namespace mlir::loom {

/// Installs the process-wide handlers. Idempotent.
void enableCrashRecovery();

/// Runs `fn`. If it crashes, returns an error with `code` that says `what`
/// crashed and with which signal.
llvm::Error runGuarded(llvm::StringRef what, ExitCode code,
                       llvm::function_ref<void()> fn);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_CRASHGUARD_H
