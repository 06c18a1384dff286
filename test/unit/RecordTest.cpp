//===- RecordTest.cpp - The JSON record round trip ------------------------===//

#include "runner/results/Record.h"

#include "gtest/gtest.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace mlir::loom;

namespace {

Record makeRecord() {
  Record record = createRecord();
  record.status = "mismatch";
  record.exitCode = 1;
  record.error = "the scheduled kernel's output differs from the reference";
  record.diagnostics = {"a.mlir:1:2: error: something"};
  record.payload = {"payload.mlir", std::string(64, 'a')};
  record.schedule = ScheduleInfo{{"schedule.mlir", std::string(64, 'b')},
                                 false,
                                 "main",
                                 {{"lib.mlir", std::string(64, 'c')}},
                                 {{"tile", "32"}, {"order", "1"}}};
  FusionRecord fused{"schedule.mlir:4:10",
                     "payload.mlir:9:8",
                     "payload.mlir:3:8",
                     0,
                     "fused",
                     std::nullopt,
                     "",
                     true,
                     "fused the producer ..."};
  FusionRecord illegal{"schedule.mlir:4:10",
                       "payload.mlir:9:8",
                       "payload.mlir:6:8",
                       1,
                       "illegal",
                       6u,
                       "permutation producer map",
                       false,
                       "not fused ..."};
  record.schedule->fusion = {fused, illegal};
  record.function = "matmul";
  record.options.payloadPath = "payload.mlir";
  record.options.schedulePath = "schedule.mlir";
  record.options.scheduleLibraries = {"lib.mlir"};
  record.options.entryPoint = "main";
  record.options.function = "matmul";
  record.options.knobs = {{"tile", "32"}};
  record.options.seed = 9;
  record.options.init = InitKind::Arange;
  record.options.dims = {{"M", 128}, {"0", 4}};
  record.options.rtol = 1e-3;
  record.options.timing.samples = 20;
  record.options.threads = 2;
  record.options.fpContractFast = false;
  record.arguments = {{0, "tensor<?x4xf32>", "tensor<128x4xf32>", {128, 4}}};
  record.phases = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
  OutputComparison output;
  output.name = "result 0";
  output.type = "tensor<128x4xf32>";
  output.elements = 512;
  output.mismatches = 3;
  output.maxAbsError = 2.5;
  output.maxRelError = 0.25;
  output.reduction = 64;
  output.tolerance = {1e-3, 2e-3};
  output.firstMismatch = std::vector<int64_t>{1, 2};
  output.got = NAN; // Written as null, read back as NaN.
  output.expected = 4.0;
  record.check.status = "failed";
  record.check.outputs = {output};
  TimingStats timing = computeStats({0.003, 0.001, 0.002});
  timing.warmup = 2;
  timing.batch = 5;
  timing.total = 1.5;
  record.timing = timing;
  WorkSummary work;
  work.flops = 2e9;
  work.bytes = 1.2e7;
  work.complete = false;
  work.ops = {{"linalg.matmul", "payload.mlir:3:8", 2e9, 1.2e7, 1000, 64}};
  work.uncounted = {"linalg.softmax at payload.mlir:9:1"};
  record.work = work;
  return record;
}

TEST(RecordTest, RoundTrip) {
  Record original = makeRecord();
  std::string text = toJson(original).dump(2);
  auto parsed = parseRecord(text);
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  Record &record = *parsed;
  EXPECT_EQ(record.status, original.status);
  EXPECT_EQ(record.exitCode, 1);
  EXPECT_EQ(record.error, original.error);
  EXPECT_EQ(record.diagnostics, original.diagnostics);
  EXPECT_EQ(record.timestamp, original.timestamp);
  EXPECT_EQ(record.tool.version, original.tool.version);
  EXPECT_EQ(record.host.cpu, original.host.cpu);
  EXPECT_EQ(record.host.features, original.host.features);
  EXPECT_EQ(record.payload.sha256, original.payload.sha256);
  ASSERT_TRUE(record.schedule.has_value());
  EXPECT_EQ(record.schedule->file.path, "schedule.mlir");
  EXPECT_EQ(record.schedule->entryPoint, "main");
  ASSERT_EQ(record.schedule->libraries.size(), 1u);
  EXPECT_EQ(record.schedule->libraries[0].sha256, std::string(64, 'c'));
  ASSERT_EQ(record.schedule->knobs.size(), 2u);
  EXPECT_EQ(record.schedule->knobs[1].name, "order");
  EXPECT_EQ(record.schedule->knobs[1].value, "1");
  ASSERT_EQ(record.schedule->fusion.size(), 2u);
  EXPECT_EQ(record.schedule->fusion[0].outcome, "fused");
  EXPECT_TRUE(record.schedule->fusion[0].producerResultKept);
  EXPECT_FALSE(record.schedule->fusion[0].condition.has_value());
  EXPECT_EQ(record.schedule->fusion[1].operand, 1u);
  EXPECT_EQ(record.schedule->fusion[1].condition, 6u);
  EXPECT_EQ(record.schedule->fusion[1].conditionName,
            "permutation producer map");
  EXPECT_EQ(record.schedule->fusion[1].producer, "payload.mlir:6:8");
  EXPECT_EQ(record.schedule->fusion[1].message, "not fused ...");
  EXPECT_EQ(record.function, "matmul");

  const RunOptions &options = record.options;
  EXPECT_EQ(options.payloadPath, "payload.mlir");
  EXPECT_EQ(options.schedulePath, "schedule.mlir");
  EXPECT_EQ(options.scheduleLibraries, std::vector<std::string>({"lib.mlir"}));
  ASSERT_EQ(options.knobs.size(), 1u);
  EXPECT_EQ(options.knobs[0].name, "tile");
  EXPECT_EQ(options.knobs[0].value, "32");
  EXPECT_EQ(options.seed, 9u);
  EXPECT_EQ(options.init, InitKind::Arange);
  ASSERT_EQ(options.dims.size(), 2u);
  EXPECT_EQ(options.dims[0].spec, "M");
  EXPECT_EQ(options.dims[0].size, 128);
  EXPECT_EQ(options.rtol, std::optional<double>(1e-3));
  EXPECT_FALSE(options.atol.has_value());
  EXPECT_EQ(options.timing.samples, std::optional<int64_t>(20));
  EXPECT_EQ(options.threads, 2u);
  EXPECT_FALSE(options.fpContractFast);

  ASSERT_EQ(record.arguments.size(), 1u);
  EXPECT_EQ(record.arguments[0].concreteType, "tensor<128x4xf32>");
  EXPECT_EQ(record.arguments[0].shape, std::vector<int64_t>({128, 4}));
  EXPECT_EQ(record.phases.jit, 0.4);
  EXPECT_EQ(record.phases.timing, 0.7);

  ASSERT_EQ(record.check.outputs.size(), 1u);
  const OutputComparison &output = record.check.outputs[0];
  EXPECT_EQ(output.mismatches, 3);
  EXPECT_EQ(output.tolerance.atol, 2e-3);
  EXPECT_EQ(output.firstMismatch,
            std::optional<std::vector<int64_t>>({{1, 2}}));
  EXPECT_TRUE(std::isnan(output.got));
  EXPECT_EQ(output.expected, 4.0);

  ASSERT_TRUE(record.timing.has_value());
  EXPECT_EQ(record.timing->median, 0.002);
  EXPECT_EQ(record.timing->batch, 5);
  EXPECT_EQ(record.timing->samples, original.timing->samples);
  ASSERT_TRUE(record.work.has_value());
  EXPECT_EQ(record.work->flops, 2e9);
  EXPECT_FALSE(record.work->complete);
  ASSERT_EQ(record.work->ops.size(), 1u);
  EXPECT_EQ(record.work->ops[0].reduction, 64);
  EXPECT_EQ(record.work->uncounted, original.work->uncounted);
  // Derived values agree after the round trip.
  EXPECT_DOUBLE_EQ(*record.getGflops(), 2e9 / 0.002 * 1e-9);
  EXPECT_DOUBLE_EQ(*record.getBestGflops(), 2e9 / 0.001 * 1e-9);
  // Writing the parsed record again gives the same JSON.
  EXPECT_EQ(toJson(record).dump(2), text);
}

// What pages a record's large buffers had, for the host row and loom
// compare; a record read back from JSON keeps the mode, and one written
// before Loom read it (no field) says so.
TEST(RecordTest, BufferPages) {
  Record record = createRecord();
  record.host.transparentHugePages = "madvise";
  EXPECT_EQ(describeBufferPages(record), "huge pages");
  record.host.transparentHugePages = "never";
  EXPECT_EQ(describeBufferPages(record),
            "4 KiB pages (transparent huge pages are off)");
  record.host.transparentHugePages = "unavailable";
  EXPECT_EQ(describeBufferPages(record),
            "4 KiB pages (no transparent huge pages on this system)");
  record.host.transparentHugePages = "always";
  record.options.hugePages = false;
  EXPECT_EQ(describeBufferPages(record), "4 KiB pages (--no-huge-pages)");

  record.options.hugePages = true;
  nlohmann::ordered_json json = toJson(record);
  auto back = recordFromJson(json);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(describeBufferPages(*back), "huge pages");
  json["host"].erase("transparent_huge_pages");
  auto older = recordFromJson(json);
  ASSERT_TRUE(static_cast<bool>(older)) << llvm::toString(older.takeError());
  EXPECT_EQ(describeBufferPages(*older),
            "4 KiB pages (written before Loom asked for huge pages)");
}

TEST(RecordTest, DerivedThroughput) {
  Record record = makeRecord();
  nlohmann::ordered_json json = toJson(record);
  EXPECT_DOUBLE_EQ(json["throughput"]["gflops"].get<double>(), 1000.0);
  EXPECT_DOUBLE_EQ(json["throughput"]["gbps"].get<double>(), 6.0);
  record.timing.reset();
  EXPECT_TRUE(toJson(record)["throughput"]["gflops"].is_null());
}

// makeRecord: 2 GFLOP and 12 MB in 2 ms on 2 threads: 1000 GFLOP/s, 6 GB/s,
// 166.7 FLOP/B.
TEST(RecordTest, RooflineHandComputed) {
  Record record = makeRecord();
  EXPECT_FALSE(record.getRoofline().has_value());

  // Ceilings: 2 x 1000 GFLOP/s and 166.7 x 10 = 1666.7 GFLOP/s from memory.
  record.options.peakGflopsPerCore = 1000;
  record.options.peakGbps = 10;
  std::optional<Roofline> roofline = record.getRoofline();
  ASSERT_TRUE(roofline.has_value());
  EXPECT_NEAR(roofline->intensity, 2e9 / 1.2e7, 1e-9);
  EXPECT_TRUE(roofline->memoryBound);
  EXPECT_NEAR(roofline->boundGflops, 2e9 / 1.2e7 * 10, 1e-9);
  EXPECT_DOUBLE_EQ(roofline->fraction, 0.6);
  EXPECT_DOUBLE_EQ(*roofline->getRidge(), 200.0);

  // More bandwidth: the compute peak is the lower ceiling.
  record.options.peakGbps = 100;
  roofline = record.getRoofline();
  ASSERT_TRUE(roofline.has_value());
  EXPECT_FALSE(roofline->memoryBound);
  EXPECT_DOUBLE_EQ(roofline->boundGflops, 2000.0);
  EXPECT_DOUBLE_EQ(roofline->fraction, 0.5);
  EXPECT_DOUBLE_EQ(*roofline->getRidge(), 20.0);

  // One ceiling alone bounds by itself.
  record.options.peakGbps.reset();
  roofline = record.getRoofline();
  ASSERT_TRUE(roofline.has_value());
  EXPECT_FALSE(roofline->memoryBound);
  EXPECT_DOUBLE_EQ(roofline->fraction, 0.5);
  EXPECT_FALSE(roofline->getRidge().has_value());
  record.options.peakGflopsPerCore.reset();
  record.options.peakGbps = 10;
  roofline = record.getRoofline();
  ASSERT_TRUE(roofline.has_value());
  EXPECT_TRUE(roofline->memoryBound);
  EXPECT_DOUBLE_EQ(roofline->fraction, 0.6);

  // In the JSON, and the peaks read back with the options.
  record.options.peakGflopsPerCore = 1000;
  nlohmann::ordered_json json = toJson(record);
  EXPECT_EQ(json["roofline"]["bound"], "memory");
  EXPECT_DOUBLE_EQ(json["roofline"]["fraction"].get<double>(), 0.6);
  EXPECT_DOUBLE_EQ(json["roofline"]["ridge_flop_per_byte"].get<double>(),
                   200.0);
  auto parsed = parseRecord(json.dump());
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->options.peakGflopsPerCore, 1000.0);
  EXPECT_EQ(parsed->options.peakGbps, 10.0);
  record.timing.reset();
  EXPECT_TRUE(toJson(record)["roofline"].is_null());
}

TEST(RecordTest, ReaderErrorsNameTheField) {
  nlohmann::ordered_json json = toJson(makeRecord());
  auto errorOf = [](const nlohmann::ordered_json &value) {
    auto parsed = parseRecord(value.dump());
    EXPECT_FALSE(static_cast<bool>(parsed));
    return parsed ? std::string() : llvm::toString(parsed.takeError());
  };
  nlohmann::ordered_json missing = json;
  missing.erase("function");
  EXPECT_EQ(errorOf(missing),
            "not a valid Loom run record: record.function is missing");
  nlohmann::ordered_json mistyped = json;
  mistyped["timing"]["median_s"] = "fast";
  EXPECT_EQ(errorOf(mistyped),
            "not a valid Loom run record: timing.median_s must be a number");
  nlohmann::ordered_json future = json;
  future["schema_version"] = 99;
  EXPECT_EQ(errorOf(future), "not a valid Loom run record: "
                             "record.schema_version is 99; this Loom reads 1");
  auto notJson = parseRecord("{ nope");
  ASSERT_FALSE(static_cast<bool>(notJson));
  EXPECT_EQ(llvm::toString(notJson.takeError()),
            "the record:1:4: not valid JSON: syntax error while parsing "
            "object key - invalid literal; last read: '{ no'; expected "
            "string literal");
}

} // namespace
