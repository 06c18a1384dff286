//===- TuneStrategyTest.cpp - The order a sweep visits points -------------===//

#include "runner/campaigns/TuneStrategy.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir;
using namespace mlir::loom;

namespace {

Tunable knob(std::string name, size_t count) {
  Tunable tunable;
  tunable.name = std::move(name);
  for (size_t i = 0; i < count; ++i)
    tunable.options.push_back(std::to_string(i));
  return tunable;
}

/// A synthetic kernel time over four knobs: a bowl around (2, 1) in the
/// first two, a knob that only matters when the last one is 1, and a few
/// invalid points.
std::optional<double> getTime(llvm::ArrayRef<size_t> p) {
  if (p[0] == 3 && p[1] == 3)
    return std::nullopt; // "does not compile"
  double a = double(p[0]) - 2, b = double(p[1]) - 1;
  double time = 1.0 + a * a + 0.5 * b * b;
  if (p[3] == 1)
    time *= p[2] == 3 ? 0.6 : 1.3;
  return time * 1e-3;
}

struct Sweep {
  std::vector<uint64_t> visited;
  /// How many evaluations it took to reach the optimum (0: never).
  size_t toOptimum = 0;
};

Sweep sweep(llvm::StringRef name, uint64_t seed, size_t budget) {
  auto space = TuneSpace::create(
      {knob("a", 4), knob("b", 4), knob("c", 4), knob("d", 2)});
  EXPECT_TRUE(static_cast<bool>(space));
  TuneCandidates candidates{*space, {}, 0, 1};
  std::vector<size_t> order;
  for (uint64_t i = 0; i < space->size(); ++i)
    order.push_back(i);
  auto strategy = TuneStrategy::create(name, candidates, order, seed);
  EXPECT_TRUE(static_cast<bool>(strategy));
  Sweep result;
  double best = 1e9;
  for (uint64_t i = 0; i < space->size(); ++i)
    if (auto time = getTime(space->getCoordinates(i)))
      best = std::min(best, *time);
  while (result.visited.size() < budget) {
    std::optional<uint64_t> index = (*strategy)->next();
    if (!index)
      break;
    result.visited.push_back(*index);
    std::vector<size_t> point = space->getCoordinates(*index);
    TunePoint measured;
    std::optional<double> time = getTime(point);
    measured.status = time ? "ok" : "compile-failure";
    measured.medianSeconds = time;
    (*strategy)->record(point, measured);
    if (time && *time == best && !result.toOptimum)
      result.toOptimum = result.visited.size();
  }
  return result;
}

TEST(TuneStrategyTest, ModelFindsTheOptimumEarly) {
  // The optimum (a=2, b=1, c=3, d=1) is one point of 128: random search
  // needs 64 evaluations on average.
  for (uint64_t seed = 0; seed < 5; ++seed) {
    Sweep model = sweep("model", seed, 128);
    EXPECT_GT(model.toOptimum, 0u) << "seed " << seed;
    EXPECT_LE(model.toOptimum, 30u) << "seed " << seed;
  }
}

TEST(TuneStrategyTest, EveryStrategyVisitsEachPointOnce) {
  for (llvm::StringRef name : TuneStrategy::getNames()) {
    Sweep all = sweep(name, 7, 1000);
    std::set<uint64_t> distinct(all.visited.begin(), all.visited.end());
    EXPECT_EQ(all.visited.size(), 128u) << name.str();
    EXPECT_EQ(distinct.size(), 128u) << name.str();
  }
}

TEST(TuneStrategyTest, SeededStrategiesRepeatThemselves) {
  for (llvm::StringRef name : {"random", "evolutionary", "model"}) {
    EXPECT_EQ(sweep(name, 3, 40).visited, sweep(name, 3, 40).visited)
        << name.str();
    EXPECT_NE(sweep(name, 3, 40).visited, sweep(name, 4, 40).visited)
        << name.str();
  }
}

} // namespace
