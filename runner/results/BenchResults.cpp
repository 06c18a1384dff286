//===- BenchResults.cpp - What `loom bench` measured ----------------------===//

#include "runner/results/BenchResults.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Statistics.h"
#include "runner/results/Status.h"

#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace mlir::loom {

using json = nlohmann::ordered_json;

//===----------------------------------------------------------------------===//
// Derived values
//===----------------------------------------------------------------------===//

std::vector<double> BenchmarkResult::getRepetitionMedians() const {
  std::vector<double> medians;
  for (const TimingStats &stats : repetitions)
    medians.push_back(stats.median);
  return medians;
}

std::optional<double> BenchmarkResult::getMedianTime() const {
  if (repetitions.empty())
    return std::nullopt;
  return median(getRepetitionMedians());
}

std::optional<double> BenchmarkResult::getGflops() const {
  std::optional<double> time = getMedianTime();
  if (!time || *time <= 0 || !record.work || record.work->flops <= 0)
    return std::nullopt;
  return record.work->flops / *time * 1e-9;
}

std::optional<double> BenchmarkResult::getGigabytesPerSecond() const {
  std::optional<double> time = getMedianTime();
  if (!time || *time <= 0 || !record.work || record.work->bytes <= 0)
    return std::nullopt;
  return record.work->bytes / *time * 1e-9;
}

std::vector<double> BenchmarkResult::getRepetitionGflops() const {
  std::vector<double> gflops;
  if (!record.work || record.work->flops <= 0)
    return gflops;
  for (double time : getRepetitionMedians())
    if (time > 0)
      gflops.push_back(record.work->flops / time * 1e-9);
  return gflops;
}

std::optional<double>
BenchmarkResult::getPercentOfPeak(const BenchContext &context) const {
  std::optional<double> gflops = getGflops();
  if (!gflops || !context.peakGflopsPerCore || *context.peakGflopsPerCore <= 0)
    return std::nullopt;
  return 100.0 * *gflops /
         (*context.peakGflopsPerCore * std::max(1u, record.options.threads));
}

std::optional<Roofline> BenchmarkResult::getRoofline() const {
  return computeRoofline(record.options, record.work, getGflops(),
                         getGigabytesPerSecond(),
                         record.host.getCacheResidentBytes());
}

std::string BenchmarkResult::getScheduleHash() const {
  if (!record.schedule)
    return "none";
  const ScheduleInfo &schedule = *record.schedule;
  std::string text = schedule.embedded ? "embedded:" + record.payload.sha256
                                       : schedule.file.sha256;
  text += "\n" + schedule.entryPoint;
  for (const FileInfo &library : schedule.libraries)
    text += "\n" + library.sha256;
  for (const KnobSetting &knob : schedule.knobs)
    text += "\n" + knob.name + "=" + knob.value;
  return sha256Hex(text);
}

const BenchmarkResult *BenchResults::find(llvm::StringRef name) const {
  for (const BenchmarkResult &benchmark : benchmarks)
    if (benchmark.name == name)
      return &benchmark;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Loom's format
//===----------------------------------------------------------------------===//

template <typename T>
static json optionalToJson(const std::optional<T> &value) {
  return value ? json(*value) : json(nullptr);
}

std::string BenchResults::describePages() const {
  std::string pages;
  for (const BenchmarkResult &benchmark : benchmarks) {
    if (!benchmark.ok())
      continue;
    std::string these = describeBufferPages(benchmark.record);
    if (pages.empty())
      pages = these;
    else if (pages != these)
      return "mixed";
  }
  return pages;
}

std::vector<const CoreCheck *> BenchContext::getSharedCoreChecks() const {
  std::vector<const CoreCheck *> shared;
  for (const CoreCheck &check : coreChecks)
    if (!check.isFree())
      shared.push_back(&check);
  return shared;
}

json toJson(const BenchResults &results) {
  const BenchContext &context = results.context;
  json coreChecks = json::array();
  for (const CoreCheck &check : context.coreChecks)
    coreChecks.push_back({{"when", check.when},
                          {"cores", check.cores},
                          {"cpu", optionalToJson(check.cpu)},
                          {"fma_gflops_one_core", check.gflopsOneCore},
                          {"fma_gflops_all_cores", check.gflopsAllCores},
                          {"scaling", check.getScaling()},
                          {"free", check.isFree()},
                          {"load_average", optionalToJson(check.loadAverage)}});
  json root;
  root["schema"] = "loom-bench-results";
  root["schema_version"] = BenchResults::kSchemaVersion;
  root["complete"] = results.complete;
  root["exit_code"] = results.exitCode;
  root["context"] = {
      {"start_time", context.startTime},
      {"end_time", context.endTime},
      {"tool",
       {{"name", context.tool.name},
        {"version", context.tool.version},
        {"llvm_version", context.tool.llvmVersion}}},
      {"host",
       {{"name", context.hostName},
        {"cpu", context.host.cpu},
        {"cpu_model", context.host.cpuModel},
        {"triple", context.host.triple},
        {"features", context.host.features},
        {"logical_cpus", context.host.logicalCpus}}},
      {"revision", optionalToJson(context.revision)},
      {"dirty", context.dirty},
      {"suite",
       {{"path", context.suitePath},
        {"sha256", context.suiteSha256},
        {"name", context.suiteName}}},
      {"repetitions", context.repetitions},
      {"shuffle_seed", context.shuffleSeed},
      {"round_order", context.roundOrder},
      {"filter", context.filter},
      {"peak_gflops_per_core", optionalToJson(context.peakGflopsPerCore)},
      {"core_checks", coreChecks}};
  json benchmarks = json::array();
  for (const BenchmarkResult &benchmark : results.benchmarks) {
    json repetitions = json::array();
    for (const TimingStats &stats : benchmark.repetitions)
      repetitions.push_back(timingToJson(stats));
    std::optional<Roofline> roofline = benchmark.getRoofline();
    benchmarks.push_back(
        {{"name", benchmark.name},
         {"tags", benchmark.tags},
         {"status", benchmark.record.status},
         {"exit_code", benchmark.record.exitCode},
         {"error", benchmark.record.error},
         {"payload_sha256", benchmark.record.payload.sha256},
         {"schedule_hash", benchmark.getScheduleHash()},
         {"threads", benchmark.record.options.threads},
         {"median_s", optionalToJson(benchmark.getMedianTime())},
         {"gflops", optionalToJson(benchmark.getGflops())},
         {"gbps", optionalToJson(benchmark.getGigabytesPerSecond())},
         {"percent_of_peak",
          optionalToJson(benchmark.getPercentOfPeak(context))},
         {"percent_of_bound",
          optionalToJson(roofline ? roofline->getPercentOfBound()
                                  : std::nullopt)},
         {"bound", roofline ? nlohmann::ordered_json(roofline->getBoundName())
                            : nlohmann::ordered_json(nullptr)},
         {"roofline", rooflineToJson(roofline)},
         {"repetitions", repetitions},
         {"record", toJson(benchmark.record)}});
  }
  root["benchmarks"] = benchmarks;
  return root;
}

llvm::Expected<BenchResults> benchResultsFromJson(const json &root) {
  JsonReader reader;
  BenchResults results;
  std::string schema;
  int version = 0;
  reader.read(root, "results", "schema", schema);
  reader.read(root, "results", "schema_version", version);
  if (reader.error.empty() && schema != "loom-bench-results")
    reader.fail("results.schema", "is '" + schema +
                                      "', not loom-bench-results (is this a "
                                      "`loom bench --format loom` file?)");
  if (reader.error.empty() && version != BenchResults::kSchemaVersion)
    reader.fail("results.schema_version",
                "is " + std::to_string(version) + "; this Loom reads " +
                    std::to_string(BenchResults::kSchemaVersion));
  reader.read(root, "results", "complete", results.complete);
  reader.read(root, "results", "exit_code", results.exitCode);
  BenchContext &context = results.context;
  if (const json *object = reader.field(root, "results", "context", true)) {
    const std::string path = "context";
    reader.read(*object, path, "start_time", context.startTime);
    reader.read(*object, path, "end_time", context.endTime);
    if (const json *tool = reader.field(*object, path, "tool", true)) {
      reader.read(*tool, "context.tool", "version", context.tool.version);
      reader.read(*tool, "context.tool", "llvm_version",
                  context.tool.llvmVersion);
    }
    if (const json *host = reader.field(*object, path, "host", true)) {
      const std::string here = "context.host";
      reader.read(*host, here, "name", context.hostName);
      reader.read(*host, here, "cpu", context.host.cpu);
      reader.read(*host, here, "cpu_model", context.host.cpuModel);
      reader.read(*host, here, "triple", context.host.triple);
      reader.read(*host, here, "features", context.host.features);
      reader.read(*host, here, "logical_cpus", context.host.logicalCpus);
    }
    if (reader.field(*object, path, "revision", false)) {
      std::string revision;
      reader.read(*object, path, "revision", revision);
      context.revision = revision;
    }
    reader.read(*object, path, "dirty", context.dirty);
    if (const json *suite = reader.field(*object, path, "suite", true)) {
      reader.read(*suite, "context.suite", "path", context.suitePath);
      reader.read(*suite, "context.suite", "sha256", context.suiteSha256);
      reader.read(*suite, "context.suite", "name", context.suiteName);
    }
    reader.read(*object, path, "repetitions", context.repetitions);
    reader.read(*object, path, "shuffle_seed", context.shuffleSeed);
    if (reader.field(*object, path, "round_order", false))
      reader.read(*object, path, "round_order", context.roundOrder);
    reader.read(*object, path, "filter", context.filter);
    reader.read(*object, path, "peak_gflops_per_core",
                context.peakGflopsPerCore);
    // (Files written before the probes have none.)
    reader.forEach(
        *object, path, "core_checks",
        [&](const json &value, const std::string &here) {
          CoreCheck &check = context.coreChecks.emplace_back();
          reader.read(value, here, "when", check.when);
          reader.read(value, here, "cores", check.cores);
          reader.read(value, here, "cpu", check.cpu);
          reader.read(value, here, "fma_gflops_one_core", check.gflopsOneCore);
          reader.read(value, here, "fma_gflops_all_cores",
                      check.gflopsAllCores);
          reader.read(value, here, "load_average", check.loadAverage);
        },
        /*required=*/false);
  }
  reader.forEach(
      root, "results", "benchmarks",
      [&](const json &object, const std::string &path) {
        if (!reader.error.empty())
          return;
        BenchmarkResult benchmark;
        reader.read(object, path, "name", benchmark.name);
        reader.read(object, path, "tags", benchmark.tags);
        reader.forEach(object, path, "repetitions",
                       [&](const json &repetition, const std::string &here) {
                         readTiming(reader, repetition, here,
                                    benchmark.repetitions.emplace_back());
                       });
        if (const json *record = reader.field(object, path, "record", true)) {
          auto parsed = recordFromJson(*record);
          if (!parsed)
            reader.fail(path + ".record",
                        "is not a run record: " +
                            takeError(parsed.takeError()).second);
          else
            benchmark.record = std::move(*parsed);
        }
        results.benchmarks.push_back(std::move(benchmark));
      });
  if (!reader.error.empty())
    return makeError(ExitCode::InvalidInput,
                     "not valid Loom bench results: " + reader.error);
  return results;
}

llvm::Expected<BenchResults> loadBenchResults(llvm::StringRef path) {
  auto root = readJsonFile(path, "the results");
  if (!root)
    return root.takeError();
  auto results = benchResultsFromJson(*root);
  if (!results)
    return makeError(ExitCode::InvalidInput,
                     path + ": " + takeError(results.takeError()).second);
  return results;
}

//===----------------------------------------------------------------------===//
// Google Benchmark
//===----------------------------------------------------------------------===//

json toGoogleBenchmarkJson(const BenchResults &results, bool aggregatesOnly) {
  const BenchContext &context = results.context;
  json root;
  root["context"] = {
      {"date", context.startTime},
      {"host_name", context.hostName},
      {"executable", "loom bench " + context.suitePath},
      {"num_cpus", context.host.logicalCpus},
      // Unknown here; Google Benchmark's readers only display it.
      {"mhz_per_cpu", 0},
      {"cpu_scaling_enabled", false},
      {"caches", json::array()},
      {"load_avg", json::array()},
      {"library_build_type", "release"},
      {"library_version", "loom " + context.tool.version},
      {"loom_revision", optionalToJson(context.revision)},
      {"cpu_model", context.host.cpuModel}};
  json benchmarks = json::array();
  int64_t family = 0;
  for (const BenchmarkResult &benchmark : results.benchmarks) {
    if (!benchmark.ok() || benchmark.repetitions.empty())
      continue; // Google Benchmark has no way to say "failed": leave it out.
    int64_t repetitions = benchmark.repetitions.size();
    double flops = benchmark.record.work ? benchmark.record.work->flops : 0;
    double bytes = benchmark.record.work ? benchmark.record.work->bytes : 0;
    auto entry = [&](const std::string &name, double seconds) {
      json value = {{"name", name},
                    {"family_index", family},
                    {"per_family_instance_index", 0},
                    {"run_name", benchmark.name},
                    {"repetitions", repetitions},
                    {"threads", benchmark.record.options.threads},
                    {"real_time", seconds * 1e9},
                    // Wall time: Loom does not measure CPU time.
                    {"cpu_time", seconds * 1e9},
                    {"time_unit", "ns"}};
      if (flops > 0 && seconds > 0)
        value["FLOPS"] = flops / seconds;
      if (bytes > 0 && seconds > 0)
        value["bytes_per_second"] = bytes / seconds;
      return value;
    };
    if (!aggregatesOnly) {
      for (auto [index, stats] : llvm::enumerate(benchmark.repetitions)) {
        json run = entry(benchmark.name, stats.median);
        run["run_type"] = "iteration";
        run["repetition_index"] = index;
        run["iterations"] =
            stats.batch * static_cast<int64_t>(stats.samples.size());
        benchmarks.push_back(run);
      }
    }
    std::vector<double> medians = benchmark.getRepetitionMedians();
    double meanTime = mean(medians);
    double deviation = standardDeviation(medians);
    for (auto [name, value, unit] :
         {std::tuple<const char *, double, const char *>{"mean", meanTime,
                                                         "time"},
          {"median", median(medians), "time"},
          {"stddev", deviation, "time"},
          {"cv", meanTime > 0 ? deviation / meanTime : 0, "percentage"}}) {
      json aggregate = entry(benchmark.name + "_" + name, value);
      aggregate["run_type"] = "aggregate";
      aggregate["aggregate_name"] = name;
      aggregate["aggregate_unit"] = unit;
      aggregate["iterations"] = repetitions;
      if (std::string(unit) == "percentage") {
        // Google Benchmark writes the ratio itself in the time fields.
        aggregate["real_time"] = value;
        aggregate["cpu_time"] = value;
        aggregate.erase("FLOPS");
        aggregate.erase("bytes_per_second");
      }
      benchmarks.push_back(aggregate);
    }
    ++family;
  }
  root["benchmarks"] = benchmarks;
  return root;
}

//===----------------------------------------------------------------------===//
// LNT
//===----------------------------------------------------------------------===//

/// LNT wants "YYYY-MM-DD HH:MM:SS".
static std::string toLntTime(llvm::StringRef iso) {
  std::string time = iso.str();
  if (time.size() >= 19)
    time = time.substr(0, 10) + " " + time.substr(11, 8);
  return time;
}

json toLntJson(const BenchResults &results) {
  const BenchContext &context = results.context;
  json tests = json::array();
  for (const BenchmarkResult &benchmark : results.benchmarks) {
    json test = {{"name", benchmark.name}};
    if (benchmark.ok() && !benchmark.repetitions.empty()) {
      test["execution_time"] = benchmark.getRepetitionMedians();
      test["compile_time"] = benchmark.record.phases.schedule +
                             benchmark.record.phases.lower +
                             benchmark.record.phases.jit;
      std::vector<double> gflops = benchmark.getRepetitionGflops();
      if (!gflops.empty())
        test["score"] = gflops;
    } else {
      // LNT's "nts" suite records failures as execution_status.
      test["execution_status"] = benchmark.record.exitCode;
    }
    test["hash"] = benchmark.getScheduleHash();
    tests.push_back(test);
  }
  // Machine and run fields besides the mandatory ones are strings, as LNT
  // stores them.
  return {{"format_version", "2"},
          {"machine",
           {{"name", context.hostName},
            {"hardware", context.host.cpuModel},
            {"cpu", context.host.cpu},
            {"triple", context.host.triple},
            {"logical_cpus", std::to_string(context.host.logicalCpus)}}},
          {"run",
           {{"start_time", toLntTime(context.startTime)},
            {"end_time", toLntTime(context.endTime)},
            {"llvm_project_revision", context.revision.value_or("unknown")},
            {"loom_version", context.tool.version},
            {"llvm_version", context.tool.llvmVersion},
            {"suite", context.suiteName}}},
          {"tests", tests}};
}

//===----------------------------------------------------------------------===//
// Bencher Metric Format
//===----------------------------------------------------------------------===//

json toBencherJson(const BenchResults &results) {
  json root = json::object();
  for (const BenchmarkResult &benchmark : results.benchmarks) {
    std::optional<double> time = benchmark.getMedianTime();
    std::vector<double> medians = benchmark.getRepetitionMedians();
    if (!benchmark.ok() || !time || medians.empty())
      continue;
    auto [fastestIt, slowestIt] =
        std::minmax_element(medians.begin(), medians.end());
    double fastest = *fastestIt, slowest = *slowestIt;
    json measures = {{"latency",
                      {{"value", *time * 1e9},
                       {"lower_value", fastest * 1e9},
                       {"upper_value", slowest * 1e9}}}};
    // Throughput bounds come from the slowest and fastest repetitions.
    auto rate = [&](std::optional<double> value) -> json {
      return {{"value", *value},
              {"lower_value", *value * *time / slowest},
              {"upper_value", *value * *time / fastest}};
    };
    if (std::optional<double> gflops = benchmark.getGflops())
      measures["gflops"] = rate(gflops);
    if (std::optional<double> gbps = benchmark.getGigabytesPerSecond())
      measures["gbps"] = rate(gbps);
    if (std::optional<Roofline> roofline = benchmark.getRoofline())
      if (std::optional<double> percent = roofline->getPercentOfBound())
        measures["percent-of-bound"] = {{"value", *percent}};
    root[benchmark.name] = measures;
  }
  return root;
}

} // namespace mlir::loom
