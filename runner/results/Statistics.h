//===- Statistics.h - Robust statistics for noisy timings -------*- C++ -*-===//

#ifndef LOOM_RUNNER_RESULTS_STATISTICS_H
#define LOOM_RUNNER_RESULTS_STATISTICS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace mlir::loom {

/// Median (mean of the two middle values for an even count); 0 when empty.
double median(ArrayRef<double> values);
double mean(ArrayRef<double> values);
/// Sample standard deviation (n - 1); 0 for fewer than two values.
double standardDeviation(ArrayRef<double> values);
/// Geometric mean of positive values; 1 when empty.
double geometricMean(ArrayRef<double> values);

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

struct MannWhitneyResult {
  /// U of the first sample: the number of pairs (a, b) with a > b, ties
  /// counting one half.
  double u = 0;
  /// Two-sided p-value of "both samples come from the same distribution".
  double pValue = 1;
  /// True when pValue comes from the exact distribution of U (small samples
  /// without ties), false for the normal approximation (tie-corrected, with
  /// continuity correction).
  bool exact = false;
};

/// The Mann-Whitney U (Wilcoxon rank-sum) test. It assumes nothing about the
/// shape of the distributions, which suits timings: skewed, with outliers
/// from other tenants of the machine.
MannWhitneyResult mannWhitneyU(ArrayRef<double> a, ArrayRef<double> b);

/// The smallest two-sided p-value the test can give for samples of these
/// sizes (2 / C(n+m, n)): when it exceeds alpha no difference can ever be
/// called significant, however large.
double minimumPValue(size_t n, size_t m);

/// The next number of the splitmix64 sequence seeded by `state` (which it
/// advances): the same on every platform.
uint64_t nextRandom(uint64_t &state);

/// Shuffles `items` with splitmix64 seeded by (and advancing) `state`: the
/// same order on every platform, which std::shuffle does not promise.
void seededShuffle(MutableArrayRef<size_t> items, uint64_t &state);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_STATISTICS_H
