//===- StatisticsTest.cpp - Statistics against known values ---------------===//

#include "runner/results/Statistics.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir::loom;

namespace {

TEST(StatisticsTest, Summaries) {
  EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(median({}), 0);
  EXPECT_DOUBLE_EQ(mean({1, 2, 3, 6}), 3);
  EXPECT_NEAR(standardDeviation({2, 4, 4, 4, 5, 5, 7, 9}), 2.138089935, 1e-9);
  EXPECT_DOUBLE_EQ(standardDeviation({5}), 0);
  EXPECT_NEAR(geometricMean({1, 4, 16}), 4, 1e-12);
  EXPECT_DOUBLE_EQ(geometricMean({}), 1);
}

// Exact p-values: with no overlap, U = 0 and p = 2 / C(n + m, n).
TEST(StatisticsTest, MannWhitneyExactSeparated) {
  MannWhitneyResult result = mannWhitneyU({1, 2, 3}, {4, 5, 6});
  EXPECT_TRUE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 0);
  EXPECT_NEAR(result.pValue, 2.0 / 20, 1e-12);
  result = mannWhitneyU({10, 11, 12, 13, 14}, {1, 2, 3, 4, 5});
  EXPECT_DOUBLE_EQ(result.u, 25);
  EXPECT_NEAR(result.pValue, 2.0 / 252, 1e-12);
  EXPECT_NEAR(minimumPValue(5, 5), 2.0 / 252, 1e-12);
  EXPECT_NEAR(minimumPValue(3, 3), 0.1, 1e-12);
}

// scipy.stats.mannwhitneyu([1, 4, 6, 8], [2, 3, 5, 7, 9],
//                          method="exact").pvalue == 0.9047619047619048
TEST(StatisticsTest, MannWhitneyExactInterleaved) {
  MannWhitneyResult result = mannWhitneyU({1, 4, 6, 8}, {2, 3, 5, 7, 9});
  EXPECT_TRUE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 9);
  EXPECT_NEAR(result.pValue, 0.9047619047619048, 1e-12);
}

// With ties: the normal approximation with tie and continuity corrections.
// scipy.stats.mannwhitneyu([1, 2, 2, 3, 4], [2, 3, 5, 6, 6],
//                          method="asymptotic").pvalue == 0.11049202...
TEST(StatisticsTest, MannWhitneyTiesUseTheNormalApproximation) {
  MannWhitneyResult result = mannWhitneyU({1, 2, 2, 3, 4}, {2, 3, 5, 6, 6});
  EXPECT_FALSE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 4.5);
  EXPECT_NEAR(result.pValue, 0.1104920, 1e-6);
}

TEST(StatisticsTest, MannWhitneyIdenticalSamples) {
  MannWhitneyResult result = mannWhitneyU({1, 1, 1}, {1, 1, 1});
  EXPECT_DOUBLE_EQ(result.pValue, 1);
  EXPECT_DOUBLE_EQ(mannWhitneyU({}, {1, 2}).pValue, 1);
}

} // namespace
