//===- HostDefaultsTest.cpp - Knob defaults derived from the host ---------===//

#include "runner/kernel/HostDefaults.h"
#include "runner/kernel/Knobs.h"

#include "TestIR.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

constexpr const char *kSchedule = R"(
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %rows = transform.tune.knob<"rows"> = 8 from options = [2, 4, 6, 8]
        {loom.host_default = "(vector_registers - 3) / 2"} -> !transform.param<i64>
    %block = transform.tune.knob<"block"> options = [16, 32, 64, 128]
        {loom.host_default = "8 * rows"} -> !transform.param<i64>
    %tiny = transform.tune.knob<"tiny"> options = [16, 32]
        {loom.host_default = "l1d_bytes / 100000"} -> !transform.param<i64>
    transform.tune.alternatives<"width"> attributes {loom.host_default = "vector_bytes / 64"} {
      transform.yield
    }, {
      transform.yield
    }
    transform.yield
  }
})";

std::vector<HostParam> getParameters(llvm::ArrayRef<HostParam> overrides) {
  HostInfo host;
  host.vectorBytes = 64;
  host.vectorRegisters = 32;
  host.l1dBytes = 48 * 1024;
  auto parameters = getHostParameters(host, 1, overrides);
  EXPECT_TRUE(static_cast<bool>(parameters));
  return parameters ? *parameters : std::vector<HostParam>();
}

std::string valueOf(ModuleOp schedule, llvm::StringRef name) {
  for (const Tunable &tunable : listTunables(schedule))
    if (tunable.name == name)
      return tunable.selected.value_or("");
  return "";
}

TEST(HostDefaultsTest, RoundsDownToAnOptionAndReplacesTheWrittenValue) {
  test::TestIR ir;
  auto schedule = ir.parse(kSchedule);
  ASSERT_TRUE(schedule);
  auto defaults = applyHostDefaults(*schedule, getParameters({}), {});
  ASSERT_TRUE(static_cast<bool>(defaults));
  // (32 - 3) / 2 = 14: the largest option at most 14 is 8 (written: 8).
  EXPECT_EQ(valueOf(*schedule, "rows"), "8");
  // 8 * rows = 64, using the knob before it.
  EXPECT_EQ(valueOf(*schedule, "block"), "64");
  // 0: below every option, the smallest.
  EXPECT_EQ(valueOf(*schedule, "tiny"), "16");
  // Alternatives: a region index.
  EXPECT_EQ(valueOf(*schedule, "width"), "1");
  ASSERT_EQ(defaults->size(), 4u);
  EXPECT_EQ((*defaults)[0].computed, 14);
  EXPECT_EQ((*defaults)[1].expression, "8 * rows");
}

TEST(HostDefaultsTest, AnotherMachineGetsOtherValues) {
  test::TestIR ir;
  auto schedule = ir.parse(kSchedule);
  ASSERT_TRUE(schedule);
  auto defaults = applyHostDefaults(
      *schedule,
      getParameters({{"vector_registers", 16}, {"vector_bytes", 32}}), {});
  ASSERT_TRUE(static_cast<bool>(defaults));
  EXPECT_EQ(valueOf(*schedule, "rows"), "6");
  EXPECT_EQ(valueOf(*schedule, "block"), "32"); // 48 -> 32
  EXPECT_EQ(valueOf(*schedule, "width"), "0");
}

TEST(HostDefaultsTest, GivenValuesAreKeptAndUsedByLaterExpressions) {
  test::TestIR ir;
  auto schedule = ir.parse(kSchedule);
  ASSERT_TRUE(schedule);
  auto defaults =
      applyHostDefaults(*schedule, getParameters({}), {{"rows", "2"}});
  ASSERT_TRUE(static_cast<bool>(defaults));
  // rows is left to applyKnobs; block derives from the given 2.
  EXPECT_EQ(valueOf(*schedule, "block"), "16");
  for (const HostDefaultRecord &knob : *defaults)
    EXPECT_NE(knob.knob, "rows");
}

TEST(HostDefaultsTest, MistakesAreInputErrors) {
  HostInfo host;
  auto unknown = getHostParameters(host, 1, {{"vector_width", 8}});
  ASSERT_FALSE(static_cast<bool>(unknown));
  EXPECT_NE(llvm::toString(unknown.takeError()).find("no host parameter"),
            std::string::npos);

  test::TestIR ir;
  auto schedule = ir.parse(R"(
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.tune.knob<"k"> options = [1, 2]
        {loom.host_default = "cache_bytes / 2"} -> !transform.param<i64>
    transform.yield
  }
})");
  ASSERT_TRUE(schedule);
  auto defaults = applyHostDefaults(*schedule, getParameters({}), {});
  ASSERT_FALSE(static_cast<bool>(defaults));
  std::string message = llvm::toString(defaults.takeError());
  EXPECT_NE(message.find("knob 'k'"), std::string::npos) << message;
  EXPECT_NE(message.find("cache_bytes"), std::string::npos) << message;
}

} // namespace
