//===- Timer.h - Timing loop and statistics ---------------------*- C++ -*-===//

#ifndef LOOM_RUNNER_TIMER_H
#define LOOM_RUNNER_TIMER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir::loom {

struct TimingOptions {
  /// Untimed calls before measuring.
  int64_t warmup = 2;
  /// Exact number of samples (--iters); otherwise sample until both
  /// `minSamples` and `minTime` are reached.
  std::optional<int64_t> samples;
  int64_t minSamples = 10;
  double minTime = 0.5;
  /// A sample times a batch of calls lasting at least this long, so that the
  /// clock's resolution does not matter for very short kernels.
  double minBatchTime = 1e-3;
};

/// Statistics of per-call times, in seconds.
struct TimingStats {
  int64_t warmup = 0;
  /// Calls per sample.
  int64_t batch = 1;
  double min = 0, median = 0, mean = 0, stddev = 0;
  /// Time of one call in each sample (batch time / batch).
  std::vector<double> samples;
  /// Wall time of the whole loop, warm-up and calibration included.
  double total = 0;
};

/// min, median, mean and sample standard deviation of `samples`.
TimingStats computeStats(ArrayRef<double> samples);

/// Times `call` (one call of the kernel) according to `options`.
TimingStats measure(const TimingOptions &options,
                    llvm::function_ref<void()> call);

/// Seconds on a monotonic clock.
double now();

} // namespace mlir::loom

#endif // LOOM_RUNNER_TIMER_H
