//===- Compare.h - `loom compare` as a library function ---------*- C++ -*-===//
//
// Decides, per benchmark, whether NEW is faster or slower than BASE in a way
// that holds on a noisy shared machine: the samples are the median times of
// the repetitions (independent timing loops), tested with Mann-Whitney U, and
// a change must be both significant and over a threshold to count.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_COMPARE_H
#define LOOM_RUNNER_RESULTS_COMPARE_H

#include "runner/results/BenchResults.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

struct CompareOptions {
  /// Smallest relative change of the median time that counts.
  double threshold = 0.05;
  /// Significance level of the Mann-Whitney U test.
  double alpha = 0.01;
};

enum class Verdict {
  Improved,
  Regressed,
  Unchanged,
  /// Significant but under the threshold, over the threshold but not
  /// significant, or too few samples to tell.
  Noisy,
  /// Only in NEW (or failed in BASE).
  Added,
  /// Only in BASE.
  Removed,
  /// Failed in NEW: no time to compare.
  Failed,
};
llvm::StringRef getVerdictName(Verdict verdict);

struct BenchmarkComparison {
  std::string name;
  Verdict verdict = Verdict::Unchanged;
  /// Why, in a few words.
  std::string reason;
  /// Median of the repetition medians (seconds).
  std::optional<double> baseTime, newTime;
  /// newTime / baseTime - 1: positive is slower.
  std::optional<double> change;
  std::optional<double> pValue;
  size_t baseSamples = 0, newSamples = 0;
  /// The payload and the schedule (with its libraries and knobs) are the
  /// same in both runs.
  bool sameCode = false;
  /// The larger relative spread (max - min) / median of the two sides.
  double noise = 0;
};

struct Comparison {
  std::vector<BenchmarkComparison> benchmarks;
  /// Geometric mean of newTime / baseTime over the benchmarks timed in both.
  std::optional<double> geomeanRatio;
  unsigned regressions = 0, improvements = 0;
  CompareOptions options;
  std::string baseLabel, newLabel;
  /// 1 when a benchmark regressed, else 0.
  int getExitCode() const { return regressions ? 1 : 0; }
};

/// The verdict on two sets of per-repetition times of one benchmark.
BenchmarkComparison compareSamples(llvm::StringRef name,
                                   ArrayRef<double> baseTimes,
                                   ArrayRef<double> newTimes, bool sameCode,
                                   const CompareOptions &options);

/// Compares every benchmark of `base` and `next` by name.
Comparison compareResults(const BenchResults &base, const BenchResults &next,
                          const CompareOptions &options);

enum class CompareFormat { Text, Markdown, Json };
void printComparison(const Comparison &comparison, CompareFormat format,
                     llvm::raw_ostream &os);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_COMPARE_H
