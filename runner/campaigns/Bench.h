//===- Bench.h - `loom bench` as a library function -------------*- C++ -*-===//

#ifndef LOOM_RUNNER_CAMPAIGNS_BENCH_H
#define LOOM_RUNNER_CAMPAIGNS_BENCH_H

#include "runner/campaigns/Suite.h"
#include "runner/results/BenchResults.h"
#include "runner/results/PeakCache.h"

#include <functional>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

/// The phase of the probes of the cores (CoreCheck), whose `benchmark` is
/// "start" or "end".
inline constexpr llvm::StringLiteral kCheckingCores = "checking the cores";

struct BenchProgress {
  /// "preparing" (applying, compiling, checking), "timing" or
  /// kCheckingCores.
  llvm::StringRef phase;
  llvm::StringRef benchmark;
  /// 1-based: benchmark i of n; repetition r of R (0 while preparing).
  size_t index = 0, count = 0;
  unsigned repetition = 0, repetitions = 0;
  double elapsed = 0;
  /// Estimated seconds left, once one round of repetitions has been timed.
  std::optional<double> remaining;
};

struct BenchOptions {
  unsigned repetitions = 10;
  /// Only benchmarks whose name matches (llvm::Regex, searched).
  std::string filter;
  /// Seeds the order of benchmarks within each round of repetitions.
  uint64_t shuffleSeed = 0;
  /// Overrides the revision found with git.
  std::optional<std::string> revision;
  /// --peak-gflops-per-core and --peak-gbps: the ceilings of every
  /// benchmark.
  std::optional<double> peakGflopsPerCore, peakGbps;
  /// --timeout: the limit of each step of every benchmark (over the suite's
  /// timeout_s).
  std::optional<double> timeoutSeconds;
  /// --cpu: the logical CPU that times every benchmark of one thread (the
  /// others are not pinned).
  std::optional<int64_t> cpu;
  /// What `loom peak` measured on this machine (read once from its cache)
  /// and where it came from: fills the ceilings (FMA peak, bandwidth for
  /// each benchmark's threads) that the option above does not give.
  std::optional<MachinePeak> machinePeak;
  std::string machinePeakSource;
  std::function<void(const BenchProgress &)> progress;
  /// Called with the results so far after each round of repetitions, so that
  /// an interruption loses at most one round.
  std::function<void(const BenchResults &)> checkpoint;
  /// Called on the watchdog's thread when a step passes its timeout, with the
  /// results so far (the benchmark that hung marked "timeout"), just before
  /// the process ends with exit code 5: write them.
  std::function<void(const BenchResults &)> onTimeout;
};

/// The order in which one round of `loom bench` visits the benchmarks named
/// `names` (indices into it). Benchmarks whose names share the part before
/// the first '/' form a group (a kernel and its peers: matmul_256/loom,
/// matmul_256/onednn); the groups are shuffled, and the members of each,
/// which run one after the other, so that a ratio within a group compares
/// repetitions taken seconds apart. `state` is the seeded shuffle's state.
std::vector<size_t> getRoundOrder(llvm::ArrayRef<std::string> names,
                                  uint64_t &state);

/// The benchmarks of `suite` that `filter` selects. Fails with InvalidInput
/// on a bad regex or when nothing matches.
llvm::Expected<std::vector<const BenchmarkSpec *>>
selectBenchmarks(const Suite &suite, llvm::StringRef filter);

/// Runs the selected benchmarks as `loom run` would (schedule, lower, JIT,
/// reference check), then times them: `repetitions` rounds, each visiting
/// every benchmark once in a freshly shuffled order, so that slow drift of
/// the machine spreads over all of them. A benchmark that fails (wrong
/// result, schedule failure, crash) is recorded with its error and not
/// timed further; the others go on. MLIR diagnostics go to `diagnostics`.
llvm::Expected<BenchResults> runSuite(const Suite &suite,
                                      const BenchOptions &options,
                                      llvm::raw_ostream &diagnostics);

/// The git revision (and dirtiness) of the work tree holding `directory`.
std::optional<std::pair<std::string, bool>>
findGitRevision(llvm::StringRef directory);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_BENCH_H
