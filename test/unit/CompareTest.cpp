//===- CompareTest.cpp - Verdicts of loom compare on synthetic samples ----===//

#include "runner/results/Compare.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir::loom;

namespace {

/// n samples around `center` with relative jitter in [-spread, spread],
/// deterministic and interleaved (no two equal).
std::vector<double> samples(double center, double spread, int n,
                            double phase = 0) {
  std::vector<double> values;
  for (int i = 0; i < n; ++i) {
    double unit = std::fmod(0.618033988 * (i + 1) + phase, 1.0) * 2 - 1;
    values.push_back(center * (1 + spread * unit));
  }
  return values;
}

BenchmarkComparison verdictOf(const std::vector<double> &base,
                              const std::vector<double> &next,
                              bool sameCode = false) {
  return compareSamples("bm", base, next, sameCode, CompareOptions());
}

TEST(CompareTest, ClearRegression) {
  auto result = verdictOf(samples(1.0, 0.01, 10), samples(1.2, 0.01, 10));
  EXPECT_EQ(result.verdict, Verdict::Regressed) << result.reason;
  EXPECT_NEAR(*result.change, 0.2, 0.01);
  EXPECT_LT(*result.pValue, 0.001);
}

TEST(CompareTest, AZeroMedianIsNoVerdict) {
  // Before: "+INF%" and "regressed".
  auto result = verdictOf(std::vector<double>(10, 0.0), samples(1.0, 0.01, 10));
  EXPECT_EQ(result.verdict, Verdict::Noisy);
  EXPECT_FALSE(result.change.has_value());
  EXPECT_EQ(result.reason,
            "the base median time is not a positive number; nothing to "
            "compare");
}

TEST(CompareTest, ClearImprovement) {
  auto result = verdictOf(samples(1.0, 0.01, 10), samples(0.8, 0.01, 10));
  EXPECT_EQ(result.verdict, Verdict::Improved) << result.reason;
  EXPECT_NEAR(*result.change, -0.2, 0.01);
}

TEST(CompareTest, IdenticalDistributions) {
  auto result = verdictOf(samples(1.0, 0.02, 10), samples(1.0, 0.02, 10, 0.31));
  EXPECT_EQ(result.verdict, Verdict::Unchanged) << result.reason;
  EXPECT_GT(*result.pValue, 0.01);
}

// A change over the threshold that the spread of the repetitions explains:
// not significant, so never a regression.
TEST(CompareTest, NoiseOverTheThresholdIsNotARegression) {
  auto result = verdictOf(samples(1.0, 0.3, 10), samples(1.07, 0.3, 10, 0.5));
  EXPECT_GE(*result.change, 0.05);
  EXPECT_EQ(result.verdict, Verdict::Noisy) << result.reason;
  EXPECT_EQ(result.reason, "over the threshold, but not significant");
}

// Significant but small: real, yet under the threshold.
TEST(CompareTest, SignificantUnderTheThreshold) {
  auto result = verdictOf(samples(1.0, 0.001, 10), samples(1.02, 0.001, 10));
  EXPECT_EQ(result.verdict, Verdict::Noisy) << result.reason;
  EXPECT_LT(*result.pValue, 0.01);
  EXPECT_EQ(result.reason, "significant, but under the 5.0% threshold");
}

TEST(CompareTest, TooFewSamples) {
  auto result = verdictOf(samples(1.0, 0.01, 3), samples(2.0, 0.01, 3));
  EXPECT_EQ(result.verdict, Verdict::Noisy);
  EXPECT_FALSE(result.pValue.has_value());
  EXPECT_EQ(result.reason, "too few repetitions (3 vs 3) to be significant at "
                           "alpha 0.01; use at least 5 each");
  // Five each is enough at alpha 0.01.
  EXPECT_EQ(verdictOf(samples(1.0, 0.01, 5), samples(2.0, 0.01, 5)).verdict,
            Verdict::Regressed);
}

// Same payload and schedule: a significant change over the threshold that is
// still inside the spread of the repetitions is machine drift.
TEST(CompareTest, SameCodeInsideTheNoiseIsNeverFlagged) {
  std::vector<double> base = samples(1.0, 0.01, 10);
  base.push_back(1.5); // One slow repetition widens the spread to ~50%.
  auto next = samples(1.1, 0.01, 11);
  EXPECT_EQ(verdictOf(base, next, /*sameCode=*/true).verdict,
            Verdict::Unchanged);
  EXPECT_EQ(verdictOf(base, next, /*sameCode=*/false).verdict,
            Verdict::Regressed);
}

BenchmarkResult makeBenchmark(const std::string &name,
                              const std::vector<double> &times,
                              int exitCode = 0) {
  BenchmarkResult benchmark;
  benchmark.name = name;
  benchmark.record.exitCode = exitCode;
  benchmark.record.status = exitCode ? "mismatch" : "ok";
  benchmark.record.payload.sha256 = "p";
  for (double time : times) {
    TimingStats stats;
    stats.median = time;
    benchmark.repetitions.push_back(stats);
  }
  return benchmark;
}

TEST(CompareTest, ResultsByName) {
  BenchResults base, next;
  base.benchmarks = {makeBenchmark("slower", samples(1.0, 0.01, 8)),
                     makeBenchmark("faster", samples(1.0, 0.01, 8)),
                     makeBenchmark("gone", samples(1.0, 0.01, 8)),
                     makeBenchmark("broken", samples(1.0, 0.01, 8))};
  next.benchmarks = {makeBenchmark("slower", samples(1.25, 0.01, 8)),
                     makeBenchmark("faster", samples(0.8, 0.01, 8)),
                     makeBenchmark("new", samples(1.0, 0.01, 8)),
                     makeBenchmark("broken", {}, /*exitCode=*/1)};
  Comparison comparison = compareResults(base, next, CompareOptions());
  ASSERT_EQ(comparison.benchmarks.size(), 5u);
  EXPECT_EQ(comparison.benchmarks[0].verdict, Verdict::Regressed);
  EXPECT_EQ(comparison.benchmarks[1].verdict, Verdict::Improved);
  EXPECT_EQ(comparison.benchmarks[2].verdict, Verdict::Added);
  EXPECT_EQ(comparison.benchmarks[3].verdict, Verdict::Failed);
  EXPECT_EQ(comparison.benchmarks[4].name, "gone");
  EXPECT_EQ(comparison.benchmarks[4].verdict, Verdict::Removed);
  EXPECT_EQ(comparison.regressions, 1u);
  EXPECT_EQ(comparison.improvements, 1u);
  EXPECT_EQ(comparison.getExitCode(), 1);
  // Geometric mean of 1.25 and 0.8.
  ASSERT_TRUE(comparison.geomeanRatio.has_value());
  EXPECT_NEAR(*comparison.geomeanRatio, 1.0, 0.01);

  next.benchmarks[0] = makeBenchmark("slower", samples(1.0, 0.01, 8, 0.2));
  EXPECT_EQ(compareResults(base, next, CompareOptions()).getExitCode(), 0);
}

} // namespace
