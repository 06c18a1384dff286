//===- TuneFinalTest.cpp - Which point the final rounds keep --------------===//

#include "runner/campaigns/Tune.h"

#include "gtest/gtest.h"

using namespace mlir::loom;

namespace {

TuneFinalist finalist(std::vector<double> rounds, bool isDefaults = false,
                      bool isRecord = false) {
  TuneFinalist result;
  result.roundMedians = rounds;
  std::vector<double> sorted = rounds;
  std::sort(sorted.begin(), sorted.end());
  result.median = sorted[sorted.size() / 2];
  result.isDefaults = isDefaults;
  result.isRecord = isRecord;
  return result;
}

TEST(TuneFinalTest, TheIncumbentIsTheRecordElseTheDefaults) {
  std::vector<TuneFinalist> finalists = {finalist({1, 1, 1}),
                                         finalist({2, 2, 2}, true),
                                         finalist({3, 3, 3}, false, true)};
  EXPECT_EQ(getIncumbent(finalists), 2u);
  finalists.pop_back();
  EXPECT_EQ(getIncumbent(finalists), 1u);
  finalists.pop_back();
  EXPECT_EQ(getIncumbent(finalists), std::nullopt);
}

TEST(TuneFinalTest, APointFasterInMostRoundsReplacesTheRecord) {
  // Faster in 2 of 3 rounds and by the median.
  std::vector<TuneFinalist> finalists = {
      finalist({1.0, 0.9, 1.2}), finalist({1.2, 1.1, 1.0}, true),
      finalist({1.1, 1.0, 1.1}, false, true)};
  EXPECT_EQ(pickFinalWinner(finalists), 0u);
  EXPECT_EQ(finalists[0].roundsFaster, 2u);
  EXPECT_EQ(finalists[1].roundsFaster, 1u); // 1.0 < 1.1 in the last round
  EXPECT_EQ(finalists[2].roundsFaster, std::nullopt);
}

TEST(TuneFinalTest, ALowerMedianFromFewRoundsKeepsTheRecord) {
  // A lower median (0.95 against 1.0), but faster in 1 of 3 rounds only.
  std::vector<TuneFinalist> finalists = {
      finalist({0.9, 0.95, 1.3}), finalist({1.0, 0.9, 1.2}, false, true)};
  EXPECT_EQ(pickFinalWinner(finalists), 1u);
  EXPECT_EQ(finalists[0].roundsFaster, 1u);
  // Half the rounds are not most of them.
  finalists = {finalist({0.9, 0.9, 1.2, 1.2}),
               finalist({1.0, 1.0, 1.0, 1.0}, true)};
  EXPECT_EQ(pickFinalWinner(finalists), 1u);
}

TEST(TuneFinalTest, TiesGoToTheRecordThenTheDefaults) {
  std::vector<TuneFinalist> finalists = {finalist({1, 1, 1}),
                                         finalist({1, 1, 1}, false, true),
                                         finalist({1, 1, 1}, true)};
  EXPECT_EQ(pickFinalWinner(finalists), 1u);
  finalists.erase(finalists.begin() + 1);
  EXPECT_EQ(pickFinalWinner(finalists), 1u);
}

TEST(TuneFinalTest, WithoutAnIncumbentTheLowestMedianWins) {
  std::vector<TuneFinalist> finalists = {finalist({2, 2, 2}),
                                         finalist({1, 3, 1})};
  EXPECT_EQ(pickFinalWinner(finalists), 1u);
  EXPECT_EQ(finalists[1].roundsFaster, std::nullopt);
  // A finalist whose round failed has no median and is never kept.
  finalists[1].median.reset();
  EXPECT_EQ(pickFinalWinner(finalists), 0u);
  finalists[0].median.reset();
  EXPECT_EQ(pickFinalWinner(finalists), std::nullopt);
}

} // namespace
