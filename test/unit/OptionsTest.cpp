//===- OptionsTest.cpp - The one description of every run option ----------===//

#include "runner/results/Options.h"
#include "runner/results/JsonReader.h"

#include "llvm/ADT/StringSet.h"

#include <gtest/gtest.h>

using namespace mlir::loom;

namespace {

const OptionInfo &option(llvm::StringRef key) {
  const OptionInfo *info = findOptionByKey(key);
  EXPECT_NE(info, nullptr) << key.str();
  return *info;
}

std::string parseError(llvm::StringRef key, llvm::StringRef text) {
  auto value = parseOptionText(option(key), text);
  EXPECT_FALSE(static_cast<bool>(value)) << text.str();
  return value ? "" : llvm::toString(value.takeError());
}

/// Parses `loom run` words back into options, as the command line does.
RunOptions parseArguments(llvm::ArrayRef<std::string> words) {
  RunOptions options;
  options.payloadPath = words.front();
  for (size_t i = 1; i < words.size(); ++i) {
    llvm::StringRef flag = llvm::StringRef(words[i]).drop_front(2);
    const OptionInfo *info = nullptr;
    for (const OptionInfo &candidate : getRunOptionInfos())
      if (candidate.flag == flag)
        info = &candidate;
    EXPECT_NE(info, nullptr) << words[i];
    if (!info)
      continue;
    OptionJson value(!info->negated);
    if (info->kind != OptionKind::Bool)
      value = llvm::cantFail(parseOptionText(*info, words[++i]));
    // A list gathers its occurrences, as cli/OptionFlags does.
    if (info->kind == OptionKind::PathList) {
      OptionJson all = info->get(options);
      all.push_back(value[0]);
      value = all;
    }
    EXPECT_EQ(setOption(*info, options, value), "") << words[i];
  }
  return options;
}

TEST(OptionsTest, FlagsAndKeysAreUniqueAndFollowTheNamingRule) {
  llvm::StringSet<> flags, keys;
  for (const OptionInfo &info : getRunOptionInfos()) {
    EXPECT_TRUE(keys.insert(info.key).second) << info.key.str();
    if (!info.deprecatedKey.empty())
      EXPECT_TRUE(keys.insert(info.deprecatedKey).second);
    if (info.flag.empty())
      continue;
    EXPECT_TRUE(flags.insert(info.flag).second) << info.flag.str();
    if (!info.deprecatedFlag.empty())
      EXPECT_TRUE(flags.insert(info.deprecatedFlag).second);
    // The key is the flag with '_' for '-' (docs/suite.md says the
    // exceptions).
    std::string derived = info.flag.str();
    std::replace(derived.begin(), derived.end(), '-', '_');
    bool plural =
        info.kind == OptionKind::Map || info.kind == OptionKind::PathList;
    std::string expected = info.negated ? derived.substr(3)
                           : plural     ? derived + "s"
                                        : derived;
    // A switch whose key would be another option's (--no-records and
    // --records FILE) is use_KEY.
    if (info.negated && findOptionByKey(expected) &&
        findOptionByKey(expected) != &info)
      expected = "use_" + expected;
    if (info.valueName == "seconds")
      expected += "_s";
    EXPECT_EQ(info.key.str(), expected) << info.flag.str();
  }
}

TEST(OptionsTest, CommandLineTextIsChecked) {
  EXPECT_EQ(parseError("threads", "two"),
            "--threads expects an integer, got 'two'");
  EXPECT_EQ(parseError("rtol", "1e-3x"),
            "--rtol expects a number, got '1e-3x'");
  EXPECT_EQ(parseError("knobs", "tile"),
            "--knob expects name=value (e.g. tile_m=32), got 'tile'");
  EXPECT_EQ(parseError("dims", "M=x"),
            "--dim expects spec=size with an integer size (e.g. M=128 or "
            "0=128), got 'M=x'");
  EXPECT_EQ(parseError("inputs", "0"),
            "--input expects arg=file.npy (e.g. 0=a.npy), got '0'");
  auto dim = parseOptionText(option("dims"), " M = 128 ");
  ASSERT_TRUE(static_cast<bool>(dim));
  EXPECT_EQ(*dim, OptionJson({{"M", 128}}));
}

TEST(OptionsTest, ValuesAreCheckedOnceForEveryCodec) {
  RunOptions options;
  EXPECT_EQ(setOption(option("threads"), options, 0), "must be at least 1");
  EXPECT_EQ(setOption(option("threads"), options, "2"), "must be an integer");
  EXPECT_EQ(setOption(option("seed"), options, -1), "must be at least 0");
  EXPECT_EQ(setOption(option("warmup"), options, -3), "must be at least 0");
  EXPECT_EQ(setOption(option("iters"), options, 0), "must be at least 1");
  EXPECT_EQ(setOption(option("rtol"), options, -0.5),
            "must be a finite number >= 0");
  EXPECT_EQ(setOption(option("init"), options, "twos"),
            "must be one of random, ones, zeros, arange");
  EXPECT_EQ(setOption(option("dims"), options, OptionJson({{"M", -4}})),
            ".M must be at least 0");
  EXPECT_EQ(setOption(option("seed"), options, OptionJson(uint64_t(1) << 63)),
            "");
  EXPECT_EQ(options.seed, uint64_t(1) << 63);
}

TEST(OptionsTest, TheRecordObjectReadsBackWhatItWrote) {
  RunOptions options;
  options.seed = 7;
  options.init = InitKind::Arange;
  options.dims = {{"M", 64}, {"0", 3}};
  options.knobs = {{"tile", "32"}, {"how", "1"}};
  options.inputFiles = {{"a", "a.npy"}};
  options.check = false;
  options.rtol = 1e-3;
  options.timing.warmup = 0;
  options.timing.samples = 5;
  options.timing.minTime = 0.25;
  options.threads = 2;
  options.fpContractFast = false;
  options.peakGflopsPerCore = 100;
  options.peakSource = "options";
  options.outputs.dumpIRDir = "ir";
  OptionJson json = optionsToJson(options);
  EXPECT_EQ(json["min_time_s"], 0.25);
  EXPECT_EQ(json["dims"].begin().key(), "M"); // Order is kept.

  RunOptions read;
  JsonReader reader;
  readOptions(reader, json, "options", RecordKey, read);
  ASSERT_EQ(reader.error, "");
  EXPECT_EQ(optionsToJson(read), json);
}

TEST(OptionsTest, DeprecatedKeysAreReadAndReported) {
  RunOptions read;
  JsonReader reader;
  std::vector<std::string> deprecated;
  readOptions(reader, {{"iterations", 3}, {"function", "f"}}, "suite.defaults",
              SuiteKey, read, &deprecated);
  ASSERT_EQ(reader.error, "");
  EXPECT_EQ(read.timing.samples, 3);
  EXPECT_EQ(read.function, "f");
  ASSERT_EQ(deprecated.size(), 2u);
  EXPECT_EQ(deprecated[0], "suite.defaults.function is deprecated; write func");
}

TEST(OptionsTest, ProblemsNameTheirJsonPath) {
  RunOptions read;
  JsonReader reader;
  readOptions(reader, {{"dims", {{"M", -1}}}}, "suite.benchmarks[2]", SuiteKey,
              read);
  EXPECT_EQ(reader.error, "suite.benchmarks[2].dims.M must be at least 0");
}

TEST(OptionsTest, ChildArgumentsRunTheSameOptions) {
  RunOptions options;
  options.payloadPath = "payload.mlir";
  options.schedulePath = "schedule.mlir";
  options.scheduleLibraries = {"a.mlir", "b.mlir"};
  options.knobs = {{"tile", "32"}, {"name", "\"outer\""}};
  options.dims = {{"M", 8}};
  options.check = false;
  options.noSchedule = true;
  options.timing.minTime = 0.2;
  options.threads = 2;
  options.outputs.saveOutputsDir = "out";
  std::vector<std::string> words = toRunArguments(options);
  EXPECT_EQ(words.front(), "payload.mlir");
  EXPECT_TRUE(llvm::is_contained(words, "--no-check"));
  // Defaults are not repeated.
  EXPECT_FALSE(llvm::is_contained(words, "--seed"));
  EXPECT_FALSE(llvm::is_contained(words, "--entry-point"));
  RunOptions parsed = parseArguments(words);
  EXPECT_EQ(optionsToJson(parsed), optionsToJson(options));
  EXPECT_EQ(parsed.scheduleLibraries, options.scheduleLibraries);
  EXPECT_EQ(parsed.schedulePath, options.schedulePath);
}

} // namespace
