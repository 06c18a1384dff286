//===- Timer.cpp - Timing loop and statistics -----------------------------===//

#include "runner/kernel/Timer.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace mlir::loom {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

TimingStats measure(const TimingOptions &options,
                    llvm::function_ref<void()> call) {
  double start = now();
  for (int64_t i = 0; i < options.warmup; ++i)
    call();

  // Calibrate the batch size on one call.
  double before = now();
  call();
  double single = std::max(now() - before, 1e-9);
  int64_t batch = std::clamp<int64_t>(
      static_cast<int64_t>(std::ceil(options.minBatchTime / single)), 1,
      1 << 20);

  std::vector<double> samples;
  double measured = 0;
  while (true) {
    if (options.samples) {
      if (static_cast<int64_t>(samples.size()) >= *options.samples)
        break;
    } else if (static_cast<int64_t>(samples.size()) >= options.minSamples &&
               measured >= options.minTime) {
      break;
    }
    double t0 = now();
    for (int64_t i = 0; i < batch; ++i)
      call();
    double elapsed = now() - t0;
    measured += elapsed;
    samples.push_back(elapsed / batch);
  }
  TimingStats stats = computeStats(samples);
  stats.warmup = options.warmup;
  stats.batch = batch;
  stats.total = now() - start;
  return stats;
}

} // namespace mlir::loom
