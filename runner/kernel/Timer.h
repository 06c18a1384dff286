//===- Timer.h - Timing loop and statistics ---------------------*- C++ -*-===//

#ifndef LOOM_RUNNER_KERNEL_TIMER_H
#define LOOM_RUNNER_KERNEL_TIMER_H

#include "runner/results/RunOptions.h"
#include "runner/results/Statistics.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::loom {

/// Times `call` (one call of the kernel) according to `options`.
TimingStats measure(const TimingOptions &options,
                    llvm::function_ref<void()> call);

/// Seconds on a monotonic clock.
double now();

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_TIMER_H
