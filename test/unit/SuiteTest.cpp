//===- SuiteTest.cpp - Validation of benchmark suites ---------------------===//

#include "runner/campaigns/Suite.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <nlohmann/json.hpp>

using namespace mlir::loom;

namespace {

/// A directory with a suite file and the payloads it names.
class SuiteTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("loom-suite", root));
    llvm::SmallString<256> kernels(root);
    llvm::sys::path::append(kernels, "kernels");
    ASSERT_FALSE(llvm::sys::fs::create_directory(kernels));
    for (const char *name : {"a.mlir", "schedule.mlir", "lib.mlir"})
      write(std::string(kernels) + "/" + name, "module {}\n");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root); }

  void write(const std::string &path, const std::string &text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << text;
  }

  /// Loads `text` as suites/suite.json; returns the error or "".
  std::string load(const std::string &text, Suite *out = nullptr) {
    llvm::SmallString<256> directory(root);
    llvm::sys::path::append(directory, "suites");
    llvm::sys::fs::create_directories(directory);
    std::string path = std::string(directory) + "/suite.json";
    write(path, text);
    auto suite = loadSuite(path);
    if (!suite)
      return llvm::toString(suite.takeError());
    if (out)
      *out = std::move(*suite);
    return "";
  }

  llvm::SmallString<256> root;
};

TEST_F(SuiteTest, ResolvesPathsAndAppliesDefaults) {
  Suite suite;
  ASSERT_EQ(load(R"({
    "name": "s",
    "defaults": {"schedule": "../kernels/schedule.mlir", "threads": 2,
                 "schedule_libs": ["../kernels/lib.mlir"], "tags": ["all"],
                 "knobs": {"tile": 8}, "min_time_s": 0.05},
    "benchmarks": [
      {"name": "one", "payload": "../kernels/a.mlir", "knobs": {"tile": 16,
       "order": "outer"}, "dims": {"M": 64}, "iterations": 7,
       "tags": ["x"]},
      {"name": "plain", "payload": "../kernels/a.mlir", "no_schedule": true,
       "threads": 1}
    ]})",
                 &suite),
            "");
  ASSERT_EQ(suite.benchmarks.size(), 2u);
  EXPECT_EQ(suite.name, "s");
  EXPECT_EQ(suite.sha256.size(), 64u);
  const RunOptions &one = suite.benchmarks[0].options;
  EXPECT_EQ(one.payloadPath, std::string(root) + "/kernels/a.mlir");
  EXPECT_EQ(one.schedulePath, std::string(root) + "/kernels/schedule.mlir");
  ASSERT_EQ(one.scheduleLibraries.size(), 1u);
  EXPECT_EQ(one.threads, 2u);
  EXPECT_DOUBLE_EQ(one.timing.minTime, 0.05);
  EXPECT_EQ(one.timing.samples, std::optional<int64_t>(7));
  ASSERT_EQ(one.knobs.size(), 2u);
  EXPECT_EQ(one.knobs[0].name, "tile");
  EXPECT_EQ(one.knobs[0].value, "16");
  EXPECT_EQ(one.knobs[1].value, "outer"); // Strings without quotes.
  ASSERT_EQ(one.dims.size(), 1u);
  EXPECT_EQ(one.dims[0].size, 64);
  EXPECT_EQ(suite.benchmarks[0].tags, std::vector<std::string>({"all", "x"}));
  // no_schedule drops the default schedule, libraries and knobs.
  const RunOptions &plain = suite.benchmarks[1].options;
  EXPECT_TRUE(plain.noSchedule);
  EXPECT_TRUE(plain.schedulePath.empty());
  EXPECT_TRUE(plain.scheduleLibraries.empty());
  EXPECT_TRUE(plain.knobs.empty());
  EXPECT_EQ(plain.threads, 1u);
}

TEST_F(SuiteTest, ACpuPinsTheBenchmarksOfOneThread) {
  // From the defaults: the benchmarks of more threads are left unpinned.
  Suite suite;
  ASSERT_EQ(load(R"({"defaults": {"cpu": 1}, "benchmarks": [
      {"name": "one", "payload": "../kernels/a.mlir"},
      {"name": "two", "payload": "../kernels/a.mlir", "threads": 2}]})",
                 &suite),
            "");
  ASSERT_EQ(suite.benchmarks.size(), 2u);
  EXPECT_EQ(suite.benchmarks[0].options.cpu, std::optional<int64_t>(1));
  EXPECT_FALSE(suite.benchmarks[1].options.cpu.has_value());
  // Set on a benchmark of more threads itself: an error at its key.
  EXPECT_EQ(load(R"({"benchmarks": [{"name": "two", "payload":
      "../kernels/a.mlir", "threads": 2, "cpu": 0}]})"),
            std::string(root) +
                "/suites/suite.json: suite.benchmarks[0].cpu pins a benchmark "
                "of one thread; this one has 2");
}

TEST_F(SuiteTest, Errors) {
  std::string prefix = std::string(root) + "/suites/suite.json: ";
  // The known keys come from the option table: their list grows with it.
  std::string unknown = load(R"({"benchmarks": [{"name": "a", "payload":
      "../kernels/a.mlir", "thread": 2}]})");
  EXPECT_EQ(unknown.find(prefix + "suite.benchmarks[0] has an unknown key "
                                  "'thread' (known: name, payload, "),
            0u)
      << unknown;
  EXPECT_NE(unknown.find(", threads, "), std::string::npos) << unknown;
  EXPECT_NE(unknown.find(", tags)"), std::string::npos) << unknown;
  EXPECT_EQ(
      load(R"({"benchmarks": [{"name": "a", "payload": "missing.mlir"}]})"),
      prefix +
          "suite.benchmarks[0].payload names 'missing.mlir', which "
          "is not a file (looked for " +
          std::string(root) + "/suites/missing.mlir)");
  EXPECT_EQ(load(R"({"benchmarks": [
      {"name": "a", "payload": "../kernels/a.mlir"},
      {"name": "a", "payload": "../kernels/a.mlir"}]})"),
            prefix + "suite.benchmarks[1].name 'a' is a duplicate name");
  EXPECT_EQ(load(R"({"benchmarks": [{"name": "a b", "payload":
      "../kernels/a.mlir"}]})"),
            prefix + "suite.benchmarks[0].name 'a b' must be non-empty and use "
                     "only letters, digits and _ - . /");
  EXPECT_EQ(load(R"({"benchmarks": [{"name": "a", "payload":
      "../kernels/a.mlir", "threads": "2"}]})"),
            prefix + "suite.benchmarks[0].threads must be an integer");
  EXPECT_EQ(load(R"({"benchmarks": [{"name": "a"}]})"),
            prefix + "suite.benchmarks[0].payload is missing");
  EXPECT_EQ(load(R"({"benchmarks": []})"),
            prefix + "suite.benchmarks is empty");
  EXPECT_EQ(load(R"({"defaults": {"name": "x"}, "benchmarks": []})")
                .substr(0, prefix.size() + 40),
            prefix + "suite.defaults has an unknown key 'name'");
  EXPECT_EQ(load("{\n  \"benchmarks\": [\n    {,\n"),
            std::string(root) +
                "/suites/suite.json:3:6: not valid JSON: syntax error while "
                "parsing object key - unexpected ','; expected string literal");
}

} // namespace
