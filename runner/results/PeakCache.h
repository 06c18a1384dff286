//===- PeakCache.h - The ceilings `loom peak` measured, cached --*- C++ -*-===//
//
// What `loom peak` (campaigns/Peak.h) measured on a machine, kept per CPU
// model and features in one JSON file, so that `loom run`, `bench` and
// `report` can place a kernel under its roofline without measuring again.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_PEAKCACHE_H
#define LOOM_RUNNER_RESULTS_PEAKCACHE_H

#include "runner/results/Host.h"
#include "runner/results/RunOptions.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

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
  /// Each figure is the best of `repeats` measurements; `spread` is the
  /// widest relative difference between a figure's repeats ((best - worst)
  /// / best) and `spreadOf` names that figure.
  unsigned repeats = 1;
  double spread = 0;
  std::string spreadOf;
  /// The 1-minute load average just before measuring (negative: unknown).
  double loadAverage = -1;
  /// What suggests the measurement was disturbed (getPeakDisturbances),
  /// kept with it.
  std::vector<std::string> disturbances;

  /// The best bandwidth for a run on `runThreads` threads.
  double getBandwidth(unsigned runThreads) const;
};

/// Above this load average, another process shares the machine.
constexpr double kBusyLoadAverage = 0.5;
/// Repeats that differ by more than this are noise.
constexpr double kNoisySpread = 0.10;
/// The all-cores FMA figure must reach this share of cores x one core.
constexpr double kMinCoreScaling = 0.75;
/// A cache older than this is worth measuring again.
constexpr double kOldPeakDays = 30;

/// Why `peak` looks disturbed: a busy machine (load average), an all-cores
/// FMA figure far below the cores times one core (a busy second core), or
/// repeats that disagree. Empty for a quiet measurement.
std::vector<std::string> getPeakDisturbances(const MachinePeak &peak,
                                             unsigned physicalCores);

/// A figure this much below the cached quiet measurement of the same machine
/// means the machine is shared (other tenants of a VM host use its memory
/// bandwidth or its cores without raising this machine's load average).
constexpr double kMaxDropFromCached = 0.25;

/// The figures of `measured` (FMA and triad, one and all threads) that are
/// more than kMaxDropFromCached below those of `cached`, a quiet
/// measurement of the same machine, as disturbances; the all-threads
/// figures only when both were measured on as many threads. Empty when
/// `cached` is itself disturbed.
std::vector<std::string> getDropsFromCachedPeak(const MachinePeak &cached,
                                                const MachinePeak &measured);

/// Whether a new measurement goes into the cache over `cached`: always,
/// unless it looks disturbed and the cached one did not, or it was made on
/// fewer threads (`force` stores it anyway).
bool shouldReplaceCachedPeak(const std::optional<MachinePeak> &cached,
                             const MachinePeak &measured, bool force);

/// Days since `timestamp` (ISO 8601 UTC, as currentTimestamp writes), if
/// it parses.
std::optional<double> getAgeInDays(llvm::StringRef timestamp);

/// The cache key of a machine: CPU model, LLVM CPU name and a hash of the
/// feature list.
std::string getPeakCacheKey(const HostInfo &host);

/// `$XDG_CACHE_HOME/loom/peak.json`, else `$HOME/.cache/loom/peak.json`.
std::string getDefaultPeakCachePath();

/// The cached peak of this machine in `cachePath`, if any (a missing or
/// unreadable cache is no peak).
std::optional<MachinePeak> loadCachedPeak(llvm::StringRef cachePath);
/// Fills the ceilings `options` was not given (--peak-gflops-per-core,
/// --peak-gbps) from `peak` (the bandwidth for `options.threads`) and adds
/// `source` to `options.peakSource`.
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

#endif // LOOM_RUNNER_RESULTS_PEAKCACHE_H
