//===- StepDetectionTest.cpp - Steps in synthetic histories ---------------===//

#include "runner/results/StepDetection.h"
#include "runner/results/Statistics.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir::loom;

namespace {

/// `level` with +-`noise` (relative) of seeded uniform noise.
std::vector<double> history(std::vector<double> levels, size_t runsPerLevel,
                            double noise, uint64_t seed = 1) {
  std::vector<double> values;
  for (double level : levels)
    for (size_t i = 0; i < runsPerLevel; ++i) {
      double u = double(nextRandom(seed) % 10001) / 10000.0; // [0, 1]
      values.push_back(level * (1 + noise * (2 * u - 1)));
    }
  return values;
}

TEST(StepDetectionTest, AFlatNoisyHistoryHasNoStep) {
  EXPECT_TRUE(detectSteps(history({100}, 40, 0.03)).empty());
  EXPECT_TRUE(detectSteps({1.0, 1.0}).empty());
}

TEST(StepDetectionTest, FindsOneRegression) {
  // 20 runs at 100, then 20 at 112: a 12% regression at run 20.
  std::vector<Step> steps = detectSteps(history({100, 112}, 20, 0.02));
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].index, 20u);
  EXPECT_NEAR(steps[0].getChange(), 0.12, 0.02);
}

TEST(StepDetectionTest, FindsARegressionAndItsFix) {
  std::vector<Step> steps = detectSteps(history({100, 130, 100}, 10, 0.02));
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].index, 10u);
  EXPECT_EQ(steps[1].index, 20u);
  EXPECT_GT(steps[0].getChange(), 0.25);
  EXPECT_LT(steps[1].getChange(), -0.2);
}

TEST(StepDetectionTest, ChangesUnderTheMinimumAreNoSteps) {
  // A 3% level change in quiet data is real but under the 5% that counts.
  EXPECT_TRUE(detectSteps(history({100, 103}, 15, 0.002)).empty());
  StepOptions fine;
  fine.minChange = 0.01;
  EXPECT_EQ(detectSteps(history({100, 103}, 15, 0.002), fine).size(), 1u);
}

TEST(StepDetectionTest, ARegressionThatCreptIn) {
  // 4% per commit over 6 commits, each level kept 4 runs: no single step of
  // 5% in the raw runs, but the levels found add up to the whole change.
  std::vector<double> levels = {100};
  for (int i = 0; i < 6; ++i)
    levels.push_back(levels.back() * 1.04);
  std::vector<Step> steps = detectSteps(history(levels, 4, 0.01));
  ASSERT_FALSE(steps.empty());
  double total = steps.back().after / steps.front().before - 1;
  EXPECT_GT(total, 0.2);
}

} // namespace
