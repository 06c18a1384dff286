//===- Peak.h - This machine's ceilings, measured and cached ----*- C++ -*-===//
//
// `loom peak`: FMA throughput (one core and all cores, at the host's vector
// width) and memory bandwidth (a STREAM triad, with and without non-temporal
// stores, on one thread and all), measured by JIT-compiled MLIR kernels and
// cached per CPU model and features so that `loom run` can draw the roofline
// without measuring again.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_PEAK_H
#define LOOM_RUNNER_PEAK_H

#include "runner/Record.h"
#include "runner/RunOptions.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <optional>
#include <string>

namespace mlir::loom {

struct MachinePeak {
  /// The machine it was measured on, and the cache key made from it.
  HostInfo host;
  std::string key;
  std::string measuredAt;
  double seconds = 0;
  unsigned vectorBits = 0;
  unsigned threads = 1;
  /// GFLOP/s of FMAs on one core and on `threads` cores.
  double fmaGflopsPerCore = 0, fmaGflopsAll = 0;
  /// Triad GB/s (STREAM's count: two reads and a write) on one thread and
  /// on `threads`, with ordinary and with non-temporal stores.
  double triadGbps1 = 0, triadGbpsAll = 0;
  double triadNtGbps1 = 0, triadNtGbpsAll = 0;

  /// The best bandwidth for a run on `runThreads` threads.
  double getBandwidth(unsigned runThreads) const;
};

struct PeakOptions {
  /// Seconds spent on each of the six measurements.
  double duration = 1.0;
  /// Threads for the all-cores measurements (default: logical CPUs).
  unsigned threads = 0;
  std::function<void(llvm::StringRef)> progress;
};

/// The cache key of a machine: CPU model, LLVM CPU name and a hash of the
/// feature list.
std::string getPeakCacheKey(const HostInfo &host);

/// `$XDG_CACHE_HOME/loom/peak.json`, else `$HOME/.cache/loom/peak.json`.
std::string getDefaultPeakCachePath();

/// Measures this machine. Fails with CompileFailure or Crash.
llvm::Expected<MachinePeak> measurePeak(const PeakOptions &options);

/// The cached peak of this machine in `cachePath`, if any (a missing or
/// unreadable cache is no peak).
std::optional<MachinePeak> loadCachedPeak(llvm::StringRef cachePath);
/// Fills the ceilings `options` was not given (--peak-gflops, --peak-gbps)
/// from `peak` (the bandwidth for `options.threads`) and adds `source` to
/// `options.peakSource`.
void fillPeaks(RunOptions &options, const MachinePeak &peak,
               llvm::StringRef source);
/// fillPeaks with the cached peak of this machine in `cachePath`; without a
/// cache entry, leaves `options` as it is.
void fillPeaksFromCache(RunOptions &options, llvm::StringRef cachePath);
/// Adds or replaces `peak` in the cache (other machines' entries are kept).
llvm::Error storePeak(const MachinePeak &peak, llvm::StringRef cachePath);

void printPeak(const MachinePeak &peak, llvm::raw_ostream &os);
/// The cache entry of `peak`.
nlohmann::ordered_json peakToJson(const MachinePeak &peak);

} // namespace mlir::loom

#endif // LOOM_RUNNER_PEAK_H
