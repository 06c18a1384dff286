//===- BenchOrderTest.cpp - The order of a round of loom bench ------------===//

#include "runner/campaigns/Bench.h"

#include "llvm/ADT/StringRef.h"
#include "gtest/gtest.h"

#include <set>
#include <string>
#include <vector>

using namespace mlir::loom;

namespace {

// A round of loom bench runs a kernel's benchmarks (the names before the
// first '/') one after the other: each group is contiguous in every round,
// every benchmark runs once, and the order changes between rounds.
TEST(BenchOrderTest, KeepsAKernelAndItsPeersTogether) {
  std::vector<std::string> names = {
      "mm_256/loom",   "mm_512/loom",     "softmax",         "mm_256/onednn",
      "mm_512/onednn", "mm_256/openblas", "mm_512/openblas", "elementwise"};
  uint64_t state = 0;
  std::set<std::vector<size_t>> orders;
  std::set<size_t> firstOfMm256;
  for (int round = 0; round < 20; ++round) {
    std::vector<size_t> order = getRoundOrder(names, state);
    orders.insert(order);
    ASSERT_EQ(std::set<size_t>(order.begin(), order.end()).size(),
              names.size());
    std::vector<std::string> groups;
    for (size_t index : order) {
      std::string group = llvm::StringRef(names[index]).split('/').first.str();
      if (groups.empty() || groups.back() != group) {
        groups.push_back(group);
        if (group == "mm_256")
          firstOfMm256.insert(index);
      }
    }
    // Four groups, each visited once.
    EXPECT_EQ(groups.size(), 4u) << "round " << round;
  }
  EXPECT_GT(orders.size(), 10u);
  // The members of a group are shuffled too: each of mm_256's three runs
  // first in some round.
  EXPECT_EQ(firstOfMm256, (std::set<size_t>{0, 3, 5}));
}

} // namespace
