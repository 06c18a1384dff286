//===- BenchResultsTest.cpp - Bench results: JSON, gbench, LNT, HTML ------===//

#include "runner/results/BenchResults.h"
#include "runner/results/HtmlReport.h"
#include "runner/results/Report.h"

#include "gtest/gtest.h"

#include <nlohmann/json.hpp>

using namespace mlir::loom;

namespace {

BenchResults makeResults() {
  BenchResults results;
  results.complete = true;
  BenchContext &context = results.context;
  context.startTime = "2026-11-22T10:00:00Z";
  context.endTime = "2026-11-22T10:01:00Z";
  context.tool = {"loom", "0.1.0", "22.1.8"};
  context.host.cpu = "znver4";
  context.host.cpuModel = "AMD EPYC";
  context.host.logicalCpus = 2;
  context.hostName = "ci-runner";
  context.revision = "0123456789abcdef";
  context.suitePath = "suite.json";
  context.suiteName = "ci";
  context.repetitions = 3;
  context.peakGflopsPerCore = 100;

  BenchmarkResult matmul;
  matmul.name = "matmul<2t>";
  matmul.tags = {"matmul"};
  matmul.record = createRecord();
  matmul.record.payload = {"m.mlir", std::string(64, 'a')};
  matmul.record.schedule = ScheduleInfo{
      {"s.mlir", std::string(64, 'b')}, false, "main", {}, {{"tile", "8"}}};
  matmul.record.options.threads = 2;
  WorkSummary work;
  work.flops = 2e9;
  work.bytes = 1e6;
  matmul.record.work = work;
  for (double time : {0.02, 0.01, 0.04}) {
    TimingStats stats;
    stats.median = stats.min = stats.mean = time;
    stats.batch = 2;
    stats.samples = {time, time};
    matmul.repetitions.push_back(stats);
  }
  BenchmarkResult broken;
  broken.name = "broken";
  broken.record = createRecord();
  broken.record.status = "mismatch";
  broken.record.exitCode = 1;
  broken.record.error = "the output differs";
  results.benchmarks = {matmul, broken};
  results.exitCode = 1;
  return results;
}

TEST(BenchResultsTest, DerivedValues) {
  BenchResults results = makeResults();
  const BenchmarkResult &matmul = results.benchmarks[0];
  EXPECT_EQ(matmul.getRepetitionMedians(),
            std::vector<double>({0.02, 0.01, 0.04}));
  EXPECT_DOUBLE_EQ(*matmul.getMedianTime(), 0.02);
  EXPECT_DOUBLE_EQ(*matmul.getGflops(), 100);
  // Two threads: 100 of 2 x 100 GFLOP/s.
  EXPECT_DOUBLE_EQ(*matmul.getPercentOfPeak(results.context), 50);
  EXPECT_FALSE(results.benchmarks[1].getMedianTime().has_value());
  // The schedule hash covers the knob values.
  BenchmarkResult other = matmul;
  other.record.schedule->knobs[0].value = "16";
  EXPECT_NE(other.getScheduleHash(), matmul.getScheduleHash());
  EXPECT_EQ(results.find("broken"), &results.benchmarks[1]);
  EXPECT_EQ(results.find("none"), nullptr);
}

TEST(BenchResultsTest, RoundTrip) {
  BenchResults results = makeResults();
  nlohmann::ordered_json json = toJson(results);
  EXPECT_EQ(json["schema"], "loom-bench-results");
  EXPECT_EQ(json["benchmarks"][0]["gflops"], 100.0);
  EXPECT_EQ(json["benchmarks"][0]["percent_of_peak"], 50.0);
  EXPECT_TRUE(json["benchmarks"][1]["median_s"].is_null());
  auto parsed = benchResultsFromJson(json);
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(toJson(*parsed).dump(), json.dump());

  // How the rounds ordered the benchmarks: written and read back; a file
  // of an older Loom has no such field, and its rounds shuffled every
  // benchmark on its own.
  results.context.roundOrder = "grouped";
  auto grouped = benchResultsFromJson(toJson(results));
  ASSERT_TRUE(static_cast<bool>(grouped));
  EXPECT_EQ(grouped->context.roundOrder, "grouped");
  nlohmann::ordered_json older = toJson(results);
  older["context"].erase("round_order");
  auto fromOlder = benchResultsFromJson(older);
  ASSERT_TRUE(static_cast<bool>(fromOlder));
  EXPECT_EQ(fromOlder->context.roundOrder, "shuffled");

  json["benchmarks"][0]["repetitions"][1]["median_s"] = "fast";
  auto bad = benchResultsFromJson(json);
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "not valid Loom bench results: "
            "results.benchmarks[0].repetitions[1].median_s must be a number");
}

// The probes of the cores: free when all cores give at least 90% of their
// number times one core; written, read back, absent from older files, and
// reported with a warning when shared.
TEST(BenchResultsTest, CoreChecks) {
  CoreCheck start{"start", 2, 1, 200.0, 396.0, 0.5};
  CoreCheck end{"end", 2, std::nullopt, 200.0, 300.0, std::nullopt};
  EXPECT_DOUBLE_EQ(start.getScaling(), 1.98);
  EXPECT_TRUE(start.isFree());
  EXPECT_FALSE(end.isFree());
  // 1.8x is just free; one core is always free.
  EXPECT_TRUE((CoreCheck{"end", 2, std::nullopt, 100.0, 180.0, {}}).isFree());
  EXPECT_FALSE((CoreCheck{"end", 2, std::nullopt, 100.0, 179.0, {}}).isFree());
  EXPECT_TRUE((CoreCheck{"end", 1, std::nullopt, 100.0, 100.0, {}}).isFree());

  BenchResults results = makeResults();
  results.context.coreChecks = {start, end};
  nlohmann::ordered_json json = toJson(results);
  EXPECT_EQ(json["context"]["core_checks"][0]["cpu"], 1);
  EXPECT_EQ(json["context"]["core_checks"][0]["free"], true);
  EXPECT_EQ(json["context"]["core_checks"][1]["free"], false);
  EXPECT_TRUE(json["context"]["core_checks"][1]["cpu"].is_null());
  auto parsed = benchResultsFromJson(json);
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(toJson(*parsed).dump(), json.dump());
  ASSERT_EQ(parsed->context.getSharedCoreChecks().size(), 1u);
  EXPECT_EQ(parsed->context.getSharedCoreChecks()[0]->when, "end");

  nlohmann::ordered_json older = json;
  older["context"].erase("core_checks");
  auto fromOlder = benchResultsFromJson(older);
  ASSERT_TRUE(static_cast<bool>(fromOlder));
  EXPECT_TRUE(fromOlder->context.coreChecks.empty());

  std::string text;
  llvm::raw_string_ostream os(text);
  printCoreChecks(results.context, os);
  EXPECT_EQ(text,
            "cores (FMA probe) start: one core 200.0 GFLOP/s (CPU 1), 2 cores "
            "396.0 (1.98x); end: one core 200.0 GFLOP/s, 2 cores 300.0 "
            "(1.50x)\n"
            "warning: at the end of the timing 2 cores gave 1.50x one core "
            "(free cores give 2x): another process or virtual machine shares "
            "them, or the process may use fewer CPUs than that (taskset, a "
            "smaller machine), and the figures of more than one thread in "
            "this run are not those of a quiet machine\n");
}

// The fields Google Benchmark's compare.py and github-action-benchmark read.
TEST(BenchResultsTest, GoogleBenchmark) {
  nlohmann::ordered_json json = toGoogleBenchmarkJson(makeResults(), false);
  EXPECT_EQ(json["context"]["num_cpus"], 2);
  auto &benchmarks = json["benchmarks"];
  // Three repetitions and four aggregates; the failed benchmark is left out.
  ASSERT_EQ(benchmarks.size(), 7u);
  auto &first = benchmarks[0];
  EXPECT_EQ(first["name"], "matmul<2t>");
  EXPECT_EQ(first["run_type"], "iteration");
  EXPECT_EQ(first["repetition_index"], 0);
  EXPECT_EQ(first["repetitions"], 3);
  EXPECT_EQ(first["threads"], 2);
  EXPECT_EQ(first["iterations"], 4);
  EXPECT_EQ(first["time_unit"], "ns");
  EXPECT_DOUBLE_EQ(first["real_time"].get<double>(), 2e7);
  EXPECT_DOUBLE_EQ(first["cpu_time"].get<double>(), 2e7);
  EXPECT_DOUBLE_EQ(first["FLOPS"].get<double>(), 1e11);
  auto &median = benchmarks[4];
  EXPECT_EQ(median["name"], "matmul<2t>_median");
  EXPECT_EQ(median["run_name"], "matmul<2t>");
  EXPECT_EQ(median["run_type"], "aggregate");
  EXPECT_EQ(median["aggregate_name"], "median");
  EXPECT_DOUBLE_EQ(median["real_time"].get<double>(), 2e7);
  EXPECT_EQ(benchmarks[6]["aggregate_unit"], "percentage");
  EXPECT_EQ(toGoogleBenchmarkJson(makeResults(), true)["benchmarks"].size(),
            4u);
}

TEST(BenchResultsTest, Lnt) {
  nlohmann::ordered_json json = toLntJson(makeResults());
  EXPECT_EQ(json["format_version"], "2");
  EXPECT_EQ(json["machine"]["name"], "ci-runner");
  EXPECT_EQ(json["run"]["start_time"], "2026-11-22 10:00:00");
  EXPECT_EQ(json["run"]["llvm_project_revision"], "0123456789abcdef");
  ASSERT_EQ(json["tests"].size(), 2u);
  EXPECT_EQ(json["tests"][0]["name"], "matmul<2t>");
  EXPECT_EQ(json["tests"][0]["execution_time"].size(), 3u);
  EXPECT_EQ(json["tests"][0]["score"].size(), 3u);
  EXPECT_EQ(json["tests"][1]["execution_status"], 1);
  EXPECT_FALSE(json["tests"][1].contains("execution_time"));
}

size_t count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + 1))
    ++n;
  return n;
}

TEST(BenchResultsTest, HtmlReport) {
  BenchResults older = makeResults(), newer = makeResults();
  older.context.startTime = "2026-11-21T10:00:00Z";
  older.context.revision = "fedcba";
  // Given newest first: the page orders runs by start time.
  std::string html = renderHtmlReport({newer, older}, HtmlReportOptions());
  EXPECT_EQ(count(html, "<svg class=\"plot history\""), 2u);
  EXPECT_EQ(count(html, "<svg class=\"plot roofline\""), 1u);
  EXPECT_EQ(count(html, "<section class=\"machine\""), 1u);
  EXPECT_NE(html.find("matmul&lt;2t&gt;"), std::string::npos);
  EXPECT_EQ(html.find("matmul<2t>"), std::string::npos);
  EXPECT_LT(html.find(">fedcba<"), html.find(">01234567<"));
  // 100 GFLOP/s on 2 threads of a 100 GFLOP/s core: half the compute bound
  // (the results' peak stands in for the records' own).
  EXPECT_NE(html.find("<td class=\"num\">50.0</td><td>compute</td>"),
            std::string::npos);
  EXPECT_NE(html.find("<circle class=\"point compute\" "
                      "data-benchmark=\"matmul&lt;2t&gt;\""),
            std::string::npos);
  EXPECT_NE(html.find("Failed: fedcba: mismatch; 01234567: mismatch"),
            std::string::npos);
  // Nothing is loaded from the network.
  EXPECT_EQ(html.find("http"), std::string::npos);
  // No probes of the cores in these runs: no line for them.
  EXPECT_EQ(html.find("FMA probe"), std::string::npos);

  // The latest run's probes, a shared core as a warning.
  newer.context.coreChecks = {{"start", 2, std::nullopt, 200.0, 396.0, {}},
                              {"end", 2, std::nullopt, 200.0, 300.0, {}}};
  html = renderHtmlReport({newer, older}, HtmlReportOptions());
  EXPECT_NE(html.find("<p class=\"note\">cores (FMA probe) start: one core "
                      "200.0 GFLOP/s, 2 cores 396.0 (1.98x)"),
            std::string::npos);
  EXPECT_NE(html.find("<p class=\"steps\">warning: at the end of the timing "
                      "2 cores gave 1.50x one core"),
            std::string::npos);
}

} // namespace
