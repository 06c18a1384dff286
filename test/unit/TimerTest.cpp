//===- TimerTest.cpp - Timing statistics and the timing loop --------------===//

#include "runner/kernel/Timer.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir::loom;

namespace {

TEST(StatsTest, OddAndEvenCounts) {
  TimingStats odd = computeStats({3.0, 1.0, 2.0});
  EXPECT_EQ(odd.min, 1.0);
  EXPECT_EQ(odd.median, 2.0);
  EXPECT_DOUBLE_EQ(odd.mean, 2.0);
  EXPECT_DOUBLE_EQ(odd.stddev, 1.0); // Sample standard deviation.
  EXPECT_EQ(odd.samples, std::vector<double>({3.0, 1.0, 2.0}));
  TimingStats even = computeStats({4.0, 1.0, 3.0, 2.0});
  EXPECT_DOUBLE_EQ(even.median, 2.5);
  EXPECT_DOUBLE_EQ(even.stddev, std::sqrt(5.0 / 3.0));
  EXPECT_EQ(computeStats({5.0}).stddev, 0.0);
}

TEST(MeasureTest, CallsWarmupCalibrationAndSamples) {
  TimingOptions options;
  options.warmup = 3;
  options.samples = 4;
  // Batches of one call: each call "lasts" longer than the minimum batch.
  options.minBatchTime = 0;
  int64_t calls = 0;
  TimingStats stats = measure(options, [&] { ++calls; });
  EXPECT_EQ(stats.batch, 1);
  EXPECT_EQ(stats.samples.size(), 4u);
  EXPECT_EQ(calls, 3 + 1 + 4);
  EXPECT_EQ(stats.warmup, 3);
  EXPECT_LE(stats.min, stats.median);
}

TEST(MeasureTest, BatchesShortCalls) {
  TimingOptions options;
  options.warmup = 0;
  options.samples = 2;
  options.minBatchTime = 1e-3;
  int64_t calls = 0;
  TimingStats stats = measure(options, [&] { ++calls; });
  // An empty call takes far less than 1 ms: many calls per sample. (The
  // batch comes from timing one call, which a busy machine may preempt for
  // tens of microseconds: 47 was seen under make test, so only "more than
  // one" is asserted.)
  EXPECT_GT(stats.batch, 1);
  EXPECT_EQ(calls, 1 + 2 * stats.batch);
}

TEST(MeasureTest, MinimumTimeAndSamples) {
  TimingOptions options;
  options.warmup = 0;
  options.minSamples = 5;
  options.minTime = 0.02;
  options.minBatchTime = 0;
  TimingStats stats = measure(options, [] {
    volatile double x = 0;
    for (int i = 0; i < 1000; ++i)
      x = x + std::sqrt(static_cast<double>(i));
  });
  EXPECT_GE(stats.samples.size(), 5u);
  double measured = 0;
  for (double sample : stats.samples)
    measured += sample * stats.batch;
  EXPECT_GE(measured, 0.02);
}

} // namespace
