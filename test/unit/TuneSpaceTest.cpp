//===- TuneSpaceTest.cpp - Tuning space and constraints -------------------===//

#include "runner/campaigns/TuneSpace.h"
#include "runner/campaigns/TunableSchedule.h"
#include "runner/results/Status.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

Tunable knob(std::string name, std::vector<std::string> options) {
  Tunable tunable;
  tunable.name = std::move(name);
  tunable.options = std::move(options);
  return tunable;
}

TuneSpace makeSpace() {
  Tunable order;
  order.name = "order";
  order.isAlternatives = true;
  order.options = {"0", "1"};
  auto space = TuneSpace::create({knob("tile_m", {"8", "16", "32"}),
                                  knob("tile_n", {"16", "64"}), order,
                                  knob("layout", {"\"row\"", "\"col\""})});
  EXPECT_TRUE(static_cast<bool>(space));
  return std::move(*space);
}

std::string parseError(llvm::StringRef text) {
  auto constraint = Constraint::parse(text, makeSpace().getNames());
  if (constraint)
    return "";
  auto [code, message] = takeError(constraint.takeError());
  EXPECT_EQ(code, ExitCode::InvalidInput);
  return message;
}

bool holds(llvm::StringRef text, std::vector<size_t> point) {
  TuneSpace space = makeSpace();
  auto constraint = Constraint::parse(text, space.getNames());
  EXPECT_TRUE(static_cast<bool>(constraint))
      << llvm::toString(constraint.takeError());
  return constraint->evaluate(space.getValues(point));
}

TEST(TuneSpaceTest, SizeAndMixedRadixPoints) {
  TuneSpace space = makeSpace();
  EXPECT_EQ(space.size(), 3u * 2 * 2 * 2);
  // The last dimension varies fastest.
  EXPECT_EQ(space.getCoordinates(0), (std::vector<size_t>{0, 0, 0, 0}));
  EXPECT_EQ(space.getCoordinates(1), (std::vector<size_t>{0, 0, 0, 1}));
  EXPECT_EQ(space.getCoordinates(23), (std::vector<size_t>{2, 1, 1, 1}));
  std::vector<KnobSetting> settings =
      space.getSettings(space.getCoordinates(9));
  ASSERT_EQ(settings.size(), 4u);
  EXPECT_EQ(settings[0].name, "tile_m");
  EXPECT_EQ(settings[0].value, "16");
  EXPECT_EQ(settings[1].value, "16");
  EXPECT_EQ(settings[2].value, "0");
  EXPECT_EQ(settings[3].value, "\"col\"");
}

// Knobs held at their defaults do not multiply the indices: 20 held knobs of
// 10 options (1e20 points in all, past 64 bits) and 2 swept ones number 6
// points, each coordinate decodes back, the held ones at their defaults, and
// the constraints on a swept knob hold for the points walked.
TEST(TuneSpaceTest, HeldKnobsDoNotMultiplyTheIndices) {
  std::vector<std::string> ten = {"0", "1", "2", "3", "4",
                                  "5", "6", "7", "8", "9"};
  std::vector<Tunable> tunables = {knob("tile", {"4", "8", "16"})};
  for (int i = 0; i < 20; ++i) {
    Tunable held = knob("held" + std::to_string(i), ten);
    held.selected = "7";
    held.held = true;
    tunables.push_back(held);
  }
  tunables.push_back(knob("unroll", {"1", "2"}));
  auto created = TuneSpace::create(tunables);
  ASSERT_TRUE(static_cast<bool>(created));
  TuneSpace space = std::move(*created);
  EXPECT_EQ(space.size(), UINT64_MAX);
  EXPECT_EQ(space.getIndexedSize(), 6u);
  for (uint64_t index = 0; index < 6; ++index) {
    std::vector<size_t> point = space.getCoordinates(index);
    EXPECT_EQ(space.getIndex(point), index);
    EXPECT_EQ(point[0], index / 2);
    EXPECT_EQ(point[21], index % 2);
    for (int i = 1; i <= 20; ++i)
      EXPECT_EQ(point[i], 7u);
  }
  auto constraint = Constraint::parse("tile >= 8", space.getNames());
  ASSERT_TRUE(static_cast<bool>(constraint));
  std::vector<uint64_t> walked;
  space.forEachPoint(
      space.getAdmittedOptions(llvm::ArrayRef<Constraint>(&*constraint, 1)),
      [&](uint64_t index, llvm::ArrayRef<size_t> point) {
        EXPECT_EQ(space.getCoordinates(index), point.vec());
        walked.push_back(index);
      });
  EXPECT_EQ(walked, (std::vector<uint64_t>{2, 3, 4, 5}));
  // A constraint that rules out a held knob's default leaves no point: the
  // runs would all use the default.
  auto excluded = Constraint::parse("held3 != 7", space.getNames());
  ASSERT_TRUE(static_cast<bool>(excluded));
  EXPECT_EQ(TuneSpace::countPoints(space.getAdmittedOptions(
                llvm::ArrayRef<Constraint>(&*excluded, 1))),
            0u);
  // Swept, the same knobs are past 64 bits: loom tune refuses the space.
  std::vector<std::string> names;
  for (int i = 0; i < 20; ++i)
    names.push_back("held" + std::to_string(i));
  ASSERT_FALSE(static_cast<bool>(space.sweep(names)));
  EXPECT_EQ(space.getIndexedSize(), UINT64_MAX);
}

TEST(TuneSpaceTest, KnobWithoutOptionsIsAnError) {
  auto space = TuneSpace::create({knob("tile", {})});
  ASSERT_FALSE(static_cast<bool>(space));
  EXPECT_NE(takeError(space.takeError()).second.find("has no list of options"),
            std::string::npos);
}

TEST(TuneSpaceTest, ValuesOfOptions) {
  EXPECT_EQ(parseTuneValue("32"), TuneValue(int64_t(32)));
  EXPECT_EQ(parseTuneValue("-4 : i64"), TuneValue(int64_t(-4)));
  EXPECT_EQ(parseTuneValue("true"), TuneValue(int64_t(1)));
  EXPECT_EQ(parseTuneValue("\"outer\""), TuneValue(std::string("outer")));
  EXPECT_EQ(parseTuneValue("[1, 2]"), TuneValue(std::string("[1, 2]")));
}

TEST(ConstraintTest, ArithmeticAndComparisons) {
  // Point {tile_m = 32, tile_n = 64, order = 1, layout = "col"}.
  std::vector<size_t> point = {2, 1, 1, 1};
  EXPECT_TRUE(holds("tile_m * tile_n <= 4096", point));
  EXPECT_FALSE(holds("tile_m * tile_n < 2048", point));
  EXPECT_TRUE(holds("tile_n % tile_m == 0", point));
  EXPECT_TRUE(holds("(tile_m + 32) / 2 == 32", point));
  EXPECT_TRUE(holds("2 + 3 * 4 == 14", point)); // precedence
  EXPECT_TRUE(holds("-tile_m < 0 && !(order == 0)", point));
  EXPECT_TRUE(holds("order == 0 || layout == \"col\"", point));
  EXPECT_TRUE(holds("layout != 'row'", point));
  EXPECT_TRUE(holds("tile_m", point)); // non-zero is true
  EXPECT_TRUE(holds("min(tile_m, tile_n) == 32", point));
  EXPECT_TRUE(holds("max(tile_m, 40) == 40", point));
  EXPECT_TRUE(holds("min(tile_m * 2, tile_n + 1) == 64", point));
  EXPECT_TRUE(holds("max(min(tile_m, 8), 2) * 2 == 16", point)); // nested
  EXPECT_TRUE(holds("min(-tile_m, 0) == -32", point));
}

TEST(ConstraintTest, UndefinedArithmeticIsFalse) {
  std::vector<size_t> point = {2, 1, 1, 1};
  EXPECT_FALSE(holds("tile_m / (order - 1) == 0", point));
  EXPECT_FALSE(holds("tile_m % 0 == 0", point));
  EXPECT_FALSE(holds("layout + 1 == 2", point));
  EXPECT_FALSE(holds("layout < 3", point));
  EXPECT_FALSE(holds("min(layout, 1) == 1", point));
}

TEST(ConstraintTest, ParseErrorsSayWhereAndWhat) {
  EXPECT_EQ(parseError("tile_k < 4"),
            "--constraint 'tile_k < 4': unknown knob 'tile_k' (the "
            "schedule's knobs: tile_m, tile_n, order, layout) at column 1");
  EXPECT_NE(parseError("tile_m <").find("the expression ends early"),
            std::string::npos);
  EXPECT_NE(parseError("(tile_m < 4").find("expected ')'"), std::string::npos);
  EXPECT_NE(parseError("tile_m < 4 < 5").find("do not chain"),
            std::string::npos);
  EXPECT_NE(parseError("tile_m # 4").find("unexpected '#' at column 8"),
            std::string::npos);
  EXPECT_NE(parseError("layout == 'row").find("unterminated string"),
            std::string::npos);
  EXPECT_EQ(parseError("mean(tile_m, 4) < 8"),
            "--constraint 'mean(tile_m, 4) < 8': unknown function 'mean' "
            "(min and max are) at column 1");
  EXPECT_NE(parseError("min(tile_m) < 8")
                .find("min takes two arguments: expected ',' at column 11"),
            std::string::npos);
  EXPECT_NE(parseError("max(tile_m, 1, 2) < 8")
                .find("max takes two arguments: expected ')' at column 14"),
            std::string::npos);
}

TEST(ConstraintTest, CountsValidPoints) {
  TuneSpace space = makeSpace();
  auto constraint =
      Constraint::parse("tile_m * tile_n <= 512", space.getNames());
  ASSERT_TRUE(static_cast<bool>(constraint));
  std::vector<Constraint> constraints;
  constraints.push_back(std::move(*constraint));
  // (8,16) (8,64) (16,16) (32,16): 4 of 6 pairs, times 2 x 2.
  EXPECT_EQ(space.countValid(constraints), 16u);
  EXPECT_EQ(space.countValid({}), 24u);
  EXPECT_FALSE(space.countValid(constraints, /*limit=*/10).has_value());
}

TEST(ConstraintTest, AdmitsWhatATermOnOneKnobAllows) {
  TuneSpace space = makeSpace();
  auto constraint = Constraint::parse(
      "tile_m >= 16 && (tile_n == 16 || order == 1) && layout == \"row\"",
      space.getNames());
  ASSERT_TRUE(static_cast<bool>(constraint));
  auto values = [&](std::vector<size_t> point) {
    return space.getValues(point);
  };
  // tile_m (knob 0): its own term rules 8 out, whatever the others are.
  EXPECT_FALSE(constraint->admits(0, values({0, 1, 1, 0})));
  EXPECT_TRUE(constraint->admits(0, values({1, 1, 1, 1})));
  // tile_n and order (1, 2) share a term: no option of either is ruled out.
  EXPECT_TRUE(constraint->admits(1, values({0, 1, 0, 1})));
  EXPECT_TRUE(constraint->admits(2, values({0, 1, 0, 1})));
  // layout (3): "col" is ruled out.
  EXPECT_FALSE(constraint->admits(3, values({2, 0, 0, 1})));
  // A disjunction on one knob is one term too.
  auto either =
      Constraint::parse("tile_m == 8 || tile_m == 32", space.getNames());
  ASSERT_TRUE(static_cast<bool>(either));
  EXPECT_TRUE(either->admits(0, values({2, 0, 0, 0})));
  EXPECT_FALSE(either->admits(0, values({1, 0, 0, 0})));

  std::vector<Constraint> constraints;
  constraints.push_back(std::move(*constraint));
  EXPECT_EQ(space.getAdmittedOptions(constraints),
            (std::vector<std::vector<size_t>>{{1, 2}, {0, 1}, {0, 1}, {0}}));
  EXPECT_EQ(
      space.getAdmittedOptions(),
      (std::vector<std::vector<size_t>>{{0, 1, 2}, {0, 1}, {0, 1}, {0, 1}}));
}

TEST(TuneSpaceTest, ScheduleConstraintsPruneTheSpace) {
  std::vector<std::string> names = {"tile_m", "tile_n"};
  auto written =
      Constraint::parse("tile_m % tile_n == 0", names, "schedule.mlir:9:5");
  ASSERT_TRUE(static_cast<bool>(written));
  EXPECT_EQ(written->describe(),
            "the constraint at schedule.mlir:9:5 ('tile_m % tile_n == 0')");
  std::vector<Constraint> constraints;
  constraints.push_back(std::move(*written));
  auto space = TuneSpace::create(
      {knob("tile_m", {"8", "16", "32"}), knob("tile_n", {"16", "64"})},
      std::move(constraints));
  ASSERT_TRUE(static_cast<bool>(space));
  // (16, 16) and (32, 16) divide; the schedule's constraint holds always.
  EXPECT_TRUE(space->satisfies({1, 0}));
  EXPECT_FALSE(space->satisfies({0, 0}));
  EXPECT_FALSE(space->satisfies({2, 1}));
  auto extra = Constraint::parse("tile_m > 16", names);
  ASSERT_TRUE(static_cast<bool>(extra));
  EXPECT_TRUE(space->satisfies({2, 0}, *extra));
  EXPECT_FALSE(space->satisfies({1, 0}, *extra));
  // countValid counts the given constraints alone.
  EXPECT_EQ(space->countValid(space->getConstraints()), 2u);
  // The schedule's constraint names two knobs: it drops no option alone;
  // the extra one drops tile_m's 8 and 16.
  EXPECT_EQ(space->getAdmittedOptions(),
            (std::vector<std::vector<size_t>>{{0, 1, 2}, {0, 1}}));
  EXPECT_EQ(space->getAdmittedOptions(*extra),
            (std::vector<std::vector<size_t>>{{2}, {0, 1}}));
  // With the schedule's constraint too: (32, 16) only; the extra one alone
  // walks the 2 points of tile_m 32, within a limit of 2.
  EXPECT_EQ(space->countValid(*extra, 10, /*withScheduleConstraints=*/true),
            1u);
  EXPECT_EQ(space->countValid(*extra, /*limit=*/2), 2u);
  EXPECT_EQ(space->countValid({}, 10, true), std::optional<uint64_t>(2));
  std::vector<uint64_t> visited;
  space->forEachPoint(space->getAdmittedOptions(*extra),
                      [&](uint64_t index, llvm::ArrayRef<size_t>) {
                        visited.push_back(index);
                      });
  EXPECT_EQ(visited, (std::vector<uint64_t>{4, 5}));
  EXPECT_EQ(space->countValid({}), 6u);
}

TEST(TunableScheduleTest, SetsAKnobValueInTheUsersText) {
  std::string text = "  %t = transform.tune.knob<\"tile\"> options = [8, 16] "
                     "-> !transform.param<i64> // keep\n";
  size_t at = text.find("transform.tune.knob");
  ASSERT_TRUE(setTunableInText(text, at, "16"));
  EXPECT_EQ(text, "  %t = transform.tune.knob<\"tile\"> = 16 from options = "
                  "[8, 16] -> !transform.param<i64> // keep\n");
  // A value already written is replaced.
  ASSERT_TRUE(setTunableInText(text, at, "8"));
  EXPECT_EQ(text, "  %t = transform.tune.knob<\"tile\"> = 8 from options = "
                  "[8, 16] -> !transform.param<i64> // keep\n");
}

TEST(TunableScheduleTest, SetsARegionInTheUsersText) {
  std::string text = "transform.tune.alternatives<\"a>b\"> {\n}, {\n}";
  ASSERT_TRUE(setTunableInText(text, 0, "1"));
  EXPECT_EQ(
      text,
      "transform.tune.alternatives<\"a>b\"> selected_region = 1 {\n}, {\n}");
  ASSERT_TRUE(setTunableInText(text, 0, "0"));
  EXPECT_EQ(
      text,
      "transform.tune.alternatives<\"a>b\"> selected_region = 0 {\n}, {\n}");
}

TEST(TunableScheduleTest, RefusesTextThatIsNotATunable) {
  std::string text = "%x = transform.param.constant 8";
  EXPECT_FALSE(setTunableInText(text, 0, "1"));
  EXPECT_FALSE(setTunableInText(text, 1000, "1"));
  EXPECT_EQ(text, "%x = transform.param.constant 8");
}

} // namespace
