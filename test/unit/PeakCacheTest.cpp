//===- PeakCacheTest.cpp - When a measured peak can be trusted ------------===//

#include "runner/results/PeakCache.h"
#include "runner/results/Record.h"

#include "gtest/gtest.h"

using namespace mlir::loom;

namespace {

/// A quiet two-core measurement.
MachinePeak makeQuietPeak() {
  MachinePeak peak;
  peak.threads = 2;
  peak.repeats = 3;
  peak.fmaGflopsPerCore = 225;
  peak.fmaGflopsAll = 445;
  peak.spread = 0.02;
  peak.spreadOf = "triad, 1 thread";
  peak.loadAverage = 0.1;
  return peak;
}

TEST(PeakCacheTest, AQuietMeasurementHasNoDisturbance) {
  EXPECT_TRUE(getPeakDisturbances(makeQuietPeak(), 2).empty());
}

TEST(PeakCacheTest, ABusyMachineIsNamed) {
  MachinePeak peak = makeQuietPeak();
  peak.loadAverage = 1.2;
  std::vector<std::string> reasons = getPeakDisturbances(peak, 2);
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_NE(reasons[0].find("load average was 1.20"), std::string::npos);
}

TEST(PeakCacheTest, PoorCoreScalingIsNamed) {
  // 225 to 445 GFLOP/s is what the shared VM gave: 300 is a busy core.
  MachinePeak peak = makeQuietPeak();
  peak.fmaGflopsAll = 300;
  std::vector<std::string> reasons = getPeakDisturbances(peak, 2);
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_NE(reasons[0].find("FMA on 2 cores gave 300.0 GFLOP/s"),
            std::string::npos);
  // 0.75 x 2 x 225 = 337.5 is the line.
  peak.fmaGflopsAll = 340;
  EXPECT_TRUE(getPeakDisturbances(peak, 2).empty());
  // Two logical CPUs on one core (SMT) do not double the FMA rate.
  peak.fmaGflopsAll = 230;
  EXPECT_TRUE(getPeakDisturbances(peak, 1).empty());
}

TEST(PeakCacheTest, NoisyRepeatsAreNamed) {
  MachinePeak peak = makeQuietPeak();
  peak.spread = 0.25;
  std::vector<std::string> reasons = getPeakDisturbances(peak, 2);
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_NE(reasons[0].find("the 3 repeats of triad, 1 thread differed by 25%"),
            std::string::npos);
}

TEST(PeakCacheTest, EveryReasonAtOnce) {
  MachinePeak peak = makeQuietPeak();
  peak.loadAverage = 2;
  peak.fmaGflopsAll = 250;
  peak.spread = 0.3;
  EXPECT_EQ(getPeakDisturbances(peak, 2).size(), 3u);
}

TEST(PeakCacheTest, ADisturbedMeasurementKeepsAQuietCache) {
  MachinePeak quiet = makeQuietPeak();
  MachinePeak disturbed = makeQuietPeak();
  disturbed.disturbances = {"the load average was 1.20 ..."};
  EXPECT_FALSE(shouldReplaceCachedPeak(quiet, disturbed, /*force=*/false));
  EXPECT_TRUE(shouldReplaceCachedPeak(quiet, disturbed, /*force=*/true));
  // Nothing cached, or a disturbed cache: anything measured is better.
  EXPECT_TRUE(shouldReplaceCachedPeak(std::nullopt, disturbed, false));
  EXPECT_TRUE(shouldReplaceCachedPeak(disturbed, disturbed, false));
  EXPECT_TRUE(shouldReplaceCachedPeak(disturbed, quiet, false));
  EXPECT_TRUE(shouldReplaceCachedPeak(quiet, quiet, false));
  // Fewer threads than the cache: its all-threads figures would be lost.
  MachinePeak one = makeQuietPeak();
  one.threads = 1;
  EXPECT_FALSE(shouldReplaceCachedPeak(quiet, one, false));
  EXPECT_TRUE(shouldReplaceCachedPeak(quiet, one, /*force=*/true));
  EXPECT_TRUE(shouldReplaceCachedPeak(one, quiet, false));
}

TEST(PeakCacheTest, AFigureFarBelowTheCachedQuietOneIsNamed) {
  MachinePeak quiet = makeQuietPeak();
  quiet.measuredAt = "2026-11-23T05:19:59Z";
  quiet.triadGbps1 = 34.2;
  quiet.triadGbpsAll = 84.7;
  MachinePeak shared = quiet;
  shared.triadGbps1 = 30.0;   // 12% below: noise, not named.
  shared.triadGbpsAll = 51.2; // 40% below: another tenant's traffic.
  std::vector<std::string> reasons = getDropsFromCachedPeak(quiet, shared);
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_EQ(reasons[0], "triad on all threads gave 51.2 GB/s, 40% below the "
                        "quiet measurement of 2026-11-23T05:19:59Z (84.7): "
                        "the machine is shared");
  EXPECT_TRUE(getDropsFromCachedPeak(quiet, quiet).empty());
  // Against a disturbed cache there is nothing to compare with.
  MachinePeak disturbed = quiet;
  disturbed.disturbances = {"the load average was 1.20 ..."};
  EXPECT_TRUE(getDropsFromCachedPeak(disturbed, shared).empty());
}

TEST(PeakCacheTest, FewerThreadsAreNoDropOnAllThreads) {
  MachinePeak quiet = makeQuietPeak();
  quiet.measuredAt = "2026-11-24T14:40:40Z";
  quiet.threads = 2;
  quiet.fmaGflopsAll = 418.8;
  quiet.triadGbps1 = 34.8;
  quiet.triadGbpsAll = 71.3;
  quiet.triadNtGbpsAll = 106.8;
  // `loom peak --threads 1`: its all-threads figures are one thread's.
  MachinePeak one = quiet;
  one.threads = 1;
  one.fmaGflopsAll = 211.0;
  one.triadGbpsAll = 33.3;
  one.triadNtGbpsAll = 39.3;
  EXPECT_TRUE(getDropsFromCachedPeak(quiet, one).empty());
  // Its one-thread figures still compare.
  one.triadGbps1 = 20.0;
  std::vector<std::string> reasons = getDropsFromCachedPeak(quiet, one);
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_EQ(reasons[0].rfind("triad on 1 thread gave 20.0 GB/s", 0), 0u);
}

TEST(PeakCacheTest, AgeOfATimestamp) {
  std::optional<double> age = getAgeInDays("2000-01-01T00:00:00Z");
  ASSERT_TRUE(age.has_value());
  EXPECT_GT(*age, 365 * 20);
  EXPECT_FALSE(getAgeInDays("yesterday").has_value());
  std::optional<double> now = getAgeInDays(currentTimestamp());
  ASSERT_TRUE(now.has_value());
  EXPECT_LT(*now, 1.0 / 24);
}

} // namespace
