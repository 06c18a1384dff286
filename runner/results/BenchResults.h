//===- BenchResults.h - What `loom bench` measured --------------*- C++ -*-===//
//
// The results of running a suite: the context (tool, host, revision, suite)
// and, per benchmark, its run record (status, check, work, hashes) and the
// timing statistics of every repetition. Loom's own JSON format is read back
// by `loom compare` and `loom report` (docs/bench-results-schema.md); Google
// Benchmark and LNT formats are written for existing dashboards.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_BENCHRESULTS_H
#define LOOM_RUNNER_RESULTS_BENCHRESULTS_H

#include "runner/results/Record.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// A quick probe of how free the cores are, which `loom bench` makes before
/// its first round of timing and after its last: the FMA rate of one core
/// and of `cores` cores at once (the most threads of its benchmarks). On a
/// machine whose logical CPUs are shared with other processes or virtual
/// machines, `cores` cores give less than `cores` times one core, and the
/// figures of benchmarks of several threads are not comparable with those
/// of a quiet machine (nor are the ratios of one run).
struct CoreCheck {
  /// "start" or "end".
  std::string when;
  unsigned cores = 1;
  /// Where the one-core probe ran (`--cpu`); otherwise where the system put
  /// it.
  std::optional<int64_t> cpu;
  double gflopsOneCore = 0, gflopsAllCores = 0;
  std::optional<double> loadAverage;

  /// All cores at once, in units of one core.
  double getScaling() const {
    return gflopsOneCore > 0 ? gflopsAllCores / gflopsOneCore : 0;
  }
  /// All cores gave at least 90% of `cores` times one core.
  bool isFree() const { return cores <= 1 || getScaling() >= 0.9 * cores; }
};

struct BenchContext {
  /// UTC, ISO 8601: when the suite started and ended.
  std::string startTime, endTime;
  ToolInfo tool;
  HostInfo host;
  std::string hostName;
  /// The project's revision (git) when known, and whether the work tree had
  /// uncommitted changes.
  std::optional<std::string> revision;
  bool dirty = false;
  std::string suitePath, suiteSha256, suiteName;
  unsigned repetitions = 0;
  uint64_t shuffleSeed = 0;
  /// How each round ordered the benchmarks: "grouped" (the groups of names
  /// that share the part before '/' shuffled, each group's members back to
  /// back, `getRoundOrder`), or "shuffled" (every benchmark on its own: files
  /// written before the grouping, which have no such field).
  std::string roundOrder = "shuffled";
  std::string filter;
  /// Peak FLOP rate of the machine (all threads used by a benchmark scale
  /// it), when known.
  std::optional<double> peakGflopsPerCore;
  /// The probes of the cores before and after the timing (empty in files
  /// written before them, or when a probe failed).
  std::vector<CoreCheck> coreChecks;
  /// The checks that found the cores shared (not `isFree`).
  std::vector<const CoreCheck *> getSharedCoreChecks() const;
};

struct BenchmarkResult {
  std::string name;
  std::vector<std::string> tags;
  /// As `loom run` would write it, without timing (see `repetitions`).
  Record record;
  /// The timing loop of each repetition, in the order they ran.
  std::vector<TimingStats> repetitions;

  bool ok() const { return record.exitCode == 0; }
  /// The median time of each repetition: the samples compare tests on.
  std::vector<double> getRepetitionMedians() const;
  /// Median over repetitions of the per-repetition median time.
  std::optional<double> getMedianTime() const;
  /// Throughput at the median time (null without FLOPs or bytes).
  std::optional<double> getGflops() const;
  std::optional<double> getGigabytesPerSecond() const;
  /// GFLOP/s at each repetition's median.
  std::vector<double> getRepetitionGflops() const;
  /// Percent of `peakGflopsPerCore` x threads.
  std::optional<double> getPercentOfPeak(const BenchContext &context) const;
  /// The roofline of the median throughput, against the peaks of the
  /// record's options (given, or from `loom peak`'s cache).
  std::optional<Roofline> getRoofline() const;
  /// One hash of everything that decides the code apart from Loom itself:
  /// the schedule, its libraries, the entry point and the knob values.
  std::string getScheduleHash() const;
};

struct BenchResults {
  static constexpr int kSchemaVersion = 1;
  BenchContext context;
  /// False while the suite is still running (the file is rewritten after
  /// every round of repetitions) or when it was interrupted.
  bool complete = false;
  /// 0, or the exit code of the first benchmark that failed.
  int exitCode = 0;
  std::vector<BenchmarkResult> benchmarks;

  const BenchmarkResult *find(llvm::StringRef name) const;
  /// The pages of the benchmarks' large buffers (describeBufferPages of
  /// their records), "mixed" when they differ, "" without a benchmark that
  /// ran. Runs on different pages do not compare (docs/performance.md,
  /// "Huge pages").
  std::string describePages() const;
};

/// Loom's format (schema "loom-bench-results").
nlohmann::ordered_json toJson(const BenchResults &results);
/// Reads Loom's format. Fails with InvalidInput naming the JSON path.
llvm::Expected<BenchResults>
benchResultsFromJson(const nlohmann::ordered_json &json);
/// Reads a results file; `path` names it in errors.
llvm::Expected<BenchResults> loadBenchResults(llvm::StringRef path);

/// Google Benchmark's JSON (what `--benchmark_format=json` writes): one
/// "iteration" run per repetition and the mean/median/stddev/cv aggregates,
/// or only the aggregates. Times in ns.
nlohmann::ordered_json toGoogleBenchmarkJson(const BenchResults &results,
                                             bool aggregatesOnly);
/// LNT's report format version 2 (`lnt submit`, `lnt import`).
nlohmann::ordered_json toLntJson(const BenchResults &results);
/// Bencher Metric Format (`bencher run --adapter json`): per benchmark,
/// `latency` in nanoseconds (the median, with the fastest and slowest
/// repetition medians as bounds), and `gflops`, `gbps` and
/// `percent-of-bound` where known. Failed benchmarks are left out.
nlohmann::ordered_json toBencherJson(const BenchResults &results);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_BENCHRESULTS_H
