//===- StepDetection.cpp - Where a benchmark's history changed level ------===//

#include "runner/results/StepDetection.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlir::loom {

std::vector<Step> detectSteps(llvm::ArrayRef<double> values,
                              const StepOptions &options) {
  size_t n = values.size();
  if (n < 3)
    return {};
  std::vector<double> logs;
  for (double value : values)
    logs.push_back(std::log(std::max(value, 1e-300)));
  // The noise from neighbours: for independent noise of variance s^2, the
  // median of the squared differences is 2 x 0.455 x s^2.
  std::vector<double> differences;
  for (size_t i = 1; i < n; ++i)
    differences.push_back((logs[i] - logs[i - 1]) * (logs[i] - logs[i - 1]));
  std::nth_element(differences.begin(),
                   differences.begin() + differences.size() / 2,
                   differences.end());
  double variance = differences[differences.size() / 2] / (2 * 0.455);
  double minNoise = std::log1p(options.minNoise);
  variance = std::max(variance, minNoise * minNoise);
  double penalty = 2 * variance * std::log(double(n));

  // Optimal partitioning: best[j] is the least cost of values[0, j).
  std::vector<double> sum(n + 1, 0), squares(n + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    sum[i + 1] = sum[i] + logs[i];
    squares[i + 1] = squares[i] + logs[i] * logs[i];
  }
  auto cost = [&](size_t from, size_t to) { // [from, to)
    double count = double(to - from);
    double total = sum[to] - sum[from];
    return squares[to] - squares[from] - total * total / count;
  };
  std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
  std::vector<size_t> start(n + 1, 0);
  best[0] = -penalty;
  for (size_t j = 1; j <= n; ++j)
    for (size_t i = 0; i < j; ++i) {
      double candidate = best[i] + penalty + cost(i, j);
      if (candidate < best[j]) {
        best[j] = candidate;
        start[j] = i;
      }
    }
  std::vector<size_t> bounds; // segment starts
  for (size_t j = n; j > 0; j = start[j])
    bounds.push_back(start[j]);
  std::reverse(bounds.begin(), bounds.end());
  bounds.push_back(n);

  // Levels, merging neighbours closer than the minimum change.
  struct Segment {
    size_t from, to;
  };
  std::vector<Segment> segments;
  auto level = [&](const Segment &s) {
    return std::exp((sum[s.to] - sum[s.from]) / double(s.to - s.from));
  };
  for (size_t i = 0; i + 1 < bounds.size(); ++i) {
    Segment next{bounds[i], bounds[i + 1]};
    if (!segments.empty()) {
      double before = level(segments.back()), after = level(next);
      if (std::abs(after / before - 1) < options.minChange) {
        segments.back().to = next.to;
        continue;
      }
    }
    segments.push_back(next);
  }
  std::vector<Step> steps;
  for (size_t i = 1; i < segments.size(); ++i)
    steps.push_back(
        {segments[i].from, level(segments[i - 1]), level(segments[i])});
  return steps;
}

} // namespace mlir::loom
