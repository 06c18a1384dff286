//===- KnobsTest.cpp - Resolving transform.tune knobs ---------------------===//

#include "runner/kernel/Knobs.h"

#include "TestIR.h"

#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

constexpr const char *kSchedule = R"(
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.tune.knob<"tile"> options = [8, 16, 32] -> !transform.param<i64>
    %o = transform.tune.knob<"order"> = "outer" from options = ["inner", "outer"] -> !transform.param<i64>
    transform.tune.alternatives<"how"> {
      transform.yield
    }, {
      transform.yield
    }
    transform.yield
  }
})";

std::string errorOf(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : "";
}

TEST(KnobsTest, ListsTunables) {
  test::TestIR ir;
  auto schedule = ir.parse(kSchedule);
  ASSERT_TRUE(schedule);
  std::vector<Tunable> tunables = listTunables(*schedule);
  ASSERT_EQ(tunables.size(), 3u);
  EXPECT_EQ(tunables[0].name, "tile");
  EXPECT_EQ(tunables[0].options, std::vector<std::string>({"8", "16", "32"}));
  EXPECT_FALSE(tunables[0].selected.has_value());
  EXPECT_EQ(tunables[0].location, "test.mlir:4:10");
  EXPECT_EQ(tunables[1].selected, std::optional<std::string>("\"outer\""));
  EXPECT_TRUE(tunables[2].isAlternatives);
  EXPECT_EQ(tunables[2].options, std::vector<std::string>({"0", "1"}));
}

TEST(KnobsTest, AppliesValues) {
  test::TestIR ir;
  auto schedule = ir.parse(kSchedule);
  ASSERT_TRUE(schedule);
  EXPECT_EQ(errorOf(applyKnobs(
                *schedule, {{"tile", "16"}, {"order", "inner"}, {"how", "1"}})),
            "");
  std::vector<Tunable> tunables = listTunables(*schedule);
  EXPECT_EQ(tunables[0].selected, std::optional<std::string>("16"));
  EXPECT_EQ(tunables[1].selected, std::optional<std::string>("\"inner\""));
  EXPECT_EQ(tunables[2].selected, std::optional<std::string>("1"));
  // The selected option is the option attribute itself (i64), so the
  // knob's verifier accepts it.
  EXPECT_TRUE(succeeded(verify(*schedule)));
}

TEST(KnobsTest, Errors) {
  test::TestIR ir;
  auto schedule = ir.parse(kSchedule);
  ASSERT_TRUE(schedule);
  EXPECT_EQ(errorOf(applyKnobs(*schedule, {{"tilee", "16"}})),
            "unknown knob 'tilee'; the schedule's tunables: 'tile' "
            "(test.mlir:4:10, options [8, 16, 32]), 'order' (test.mlir:5:10, "
            "options [\"inner\", \"outer\"]), 'how' (test.mlir:6:5, regions "
            "[0, 1])");
  EXPECT_EQ(errorOf(applyKnobs(*schedule, {{"tile", "12"}})),
            "knob 'tile' (test.mlir:4:10, options [8, 16, 32]) has no option "
            "'12'");
  EXPECT_EQ(errorOf(applyKnobs(*schedule, {{"how", "2"}})),
            "alternatives 'how' (test.mlir:6:5, regions [0, 1]) has no region "
            "'2'");
  EXPECT_EQ(errorOf(applyKnobs(*schedule, {{"tile", "8"}})),
            "the schedule has tunables without a value: 'how' (test.mlir:6:5, "
            "regions [0, 1]); give each one with --knob NAME=VALUE (or "
            "\"knobs\" in a suite)");
}

} // namespace
