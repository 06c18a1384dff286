//===- Peak.h - `loom peak`: measure this machine's ceilings ----*- C++ -*-===//
//
// FMA throughput (one core and all cores, at the host's vector width) and
// memory bandwidth (a STREAM triad, with and without non-temporal stores, on
// one thread and all), measured by JIT-compiled MLIR kernels. The result is
// cached by results/PeakCache.h.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_PEAK_H
#define LOOM_RUNNER_CAMPAIGNS_PEAK_H

#include "runner/results/BenchResults.h"
#include "runner/results/PeakCache.h"

#include "llvm/Support/Error.h"

#include <functional>

namespace mlir::loom {

struct PeakOptions {
  /// Seconds spent on each of the six measurements, per repeat.
  double duration = 1.0;
  /// Each measurement is made this many times; the best is kept and the
  /// spread recorded.
  unsigned repeats = 3;
  /// Threads for the all-cores measurements (default: logical CPUs).
  unsigned threads = 0;
  std::function<void(llvm::StringRef)> progress;
};

/// Measures this machine. Fails with CompileFailure or Crash.
llvm::Expected<MachinePeak> measurePeak(const PeakOptions &options);

/// The quick probe of `loom bench` (a CoreCheck, `when` "start" or "end"):
/// the FMA rate of one core (pinned to `cpu` when given) and of `cores`
/// cores at once, each the best of a few runs of about `seconds`. Fails
/// with CompileFailure, Crash, or InvalidInput for a CPU it may not use.
llvm::Expected<CoreCheck> checkCores(llvm::StringRef when, unsigned cores,
                                     std::optional<int64_t> cpu,
                                     double seconds = 0.05);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_PEAK_H
