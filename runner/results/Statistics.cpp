//===- Statistics.cpp - Robust statistics for noisy timings ---------------===//

#include "runner/results/Statistics.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mlir::loom {

double median(ArrayRef<double> values) {
  if (values.empty())
    return 0;
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

double mean(ArrayRef<double> values) {
  if (values.empty())
    return 0;
  double sum = 0;
  for (double value : values)
    sum += value;
  return sum / values.size();
}

double standardDeviation(ArrayRef<double> values) {
  if (values.size() < 2)
    return 0;
  double average = mean(values), squares = 0;
  for (double value : values)
    squares += (value - average) * (value - average);
  return std::sqrt(squares / (values.size() - 1));
}

double geometricMean(ArrayRef<double> values) {
  if (values.empty())
    return 1;
  double logSum = 0;
  for (double value : values)
    logSum += std::log(value);
  return std::exp(logSum / values.size());
}

TimingStats computeStats(ArrayRef<double> samples) {
  TimingStats stats;
  stats.samples.assign(samples.begin(), samples.end());
  if (samples.empty())
    return stats;
  stats.min = *std::min_element(samples.begin(), samples.end());
  stats.median = median(samples);
  stats.mean = mean(samples);
  stats.stddev = standardDeviation(samples);
  return stats;
}

double minimumPValue(size_t n, size_t m) {
  if (n == 0 || m == 0)
    return 1;
  // 1 / C(n+m, n), computed in logs.
  double logChoose =
      std::lgamma(n + m + 1.0) - std::lgamma(n + 1.0) - std::lgamma(m + 1.0);
  return std::min(1.0, 2.0 * std::exp(-logChoose));
}

/// Number of arrangements giving each value of U for sizes (n, m), without
/// ties: f(n, m, u) = f(n - 1, m, u - m) + f(n, m - 1, u).
static std::vector<double> exactDistribution(size_t n, size_t m) {
  size_t maxU = n * m;
  // table[j][u] for the current i, j = 0..m.
  std::vector<std::vector<double>> previous(m + 1), current(m + 1);
  for (size_t j = 0; j <= m; ++j)
    previous[j].assign(maxU + 1, 0), previous[j][0] = 1; // i = 0: U = 0.
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 0; j <= m; ++j) {
      current[j].assign(maxU + 1, 0);
      for (size_t u = 0; u <= i * j; ++u) {
        // The largest value comes from the first sample (adds j to U) or
        // from the second.
        double count = 0;
        if (u >= j)
          count += previous[j][u - j];
        if (j > 0)
          count += current[j - 1][u];
        current[j][u] = count;
      }
    }
    std::swap(previous, current);
  }
  return previous[m];
}

MannWhitneyResult mannWhitneyU(ArrayRef<double> a, ArrayRef<double> b) {
  MannWhitneyResult result;
  size_t n = a.size(), m = b.size();
  if (n == 0 || m == 0)
    return result;

  // Ranks of the pooled sample, ties sharing the mean rank.
  std::vector<std::pair<double, bool>> pooled;
  for (double value : a)
    pooled.push_back({value, true});
  for (double value : b)
    pooled.push_back({value, false});
  std::sort(pooled.begin(), pooled.end(),
            [](auto &x, auto &y) { return x.first < y.first; });
  double rankSumA = 0, tieTerm = 0;
  bool ties = false;
  for (size_t i = 0; i < pooled.size();) {
    size_t j = i;
    while (j < pooled.size() && pooled[j].first == pooled[i].first)
      ++j;
    double rank = 0.5 * (i + 1 + j); // Mean of ranks i+1 .. j.
    double count = j - i;
    if (count > 1) {
      ties = true;
      tieTerm += count * count * count - count;
    }
    for (size_t k = i; k < j; ++k)
      if (pooled[k].second)
        rankSumA += rank;
    i = j;
  }
  result.u = rankSumA - n * (n + 1) / 2.0;
  double meanU = n * m / 2.0;

  if (!ties && n * m <= 2500) {
    std::vector<double> counts = exactDistribution(n, m);
    double total = 0;
    for (double count : counts)
      total += count;
    // Two-sided: twice the smaller tail.
    size_t u = static_cast<size_t>(std::llround(result.u));
    double lower = 0, upper = 0;
    for (size_t k = 0; k <= u; ++k)
      lower += counts[k];
    for (size_t k = u; k < counts.size(); ++k)
      upper += counts[k];
    result.pValue = std::min(1.0, 2.0 * std::min(lower, upper) / total);
    result.exact = true;
    return result;
  }

  double total = n + m;
  double variance =
      n * m / 12.0 * ((total + 1) - tieTerm / (total * (total - 1)));
  if (variance <= 0) // Every value equal.
    return result;
  double z = (std::fabs(result.u - meanU) - 0.5) / std::sqrt(variance);
  z = std::max(z, 0.0);
  result.pValue = std::min(1.0, std::erfc(z / std::sqrt(2.0)));
  return result;
}

uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void seededShuffle(MutableArrayRef<size_t> items, uint64_t &state) {
  for (size_t i = items.size(); i > 1; --i)
    std::swap(items[i - 1], items[nextRandom(state) % i]);
}

} // namespace mlir::loom
