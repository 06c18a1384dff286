//===- Timer.cpp - Timing loop and statistics -----------------------------===//

#include "runner/Timer.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace mlir::loom {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

TimingStats computeStats(ArrayRef<double> samples) {
  TimingStats stats;
  stats.samples.assign(samples.begin(), samples.end());
  if (samples.empty())
    return stats;
  std::vector<double> sorted = stats.samples;
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  stats.min = sorted.front();
  stats.median =
      n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  double sum = 0;
  for (double s : sorted)
    sum += s;
  stats.mean = sum / n;
  if (n > 1) {
    double squares = 0;
    for (double s : sorted)
      squares += (s - stats.mean) * (s - stats.mean);
    stats.stddev = std::sqrt(squares / (n - 1));
  }
  return stats;
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
