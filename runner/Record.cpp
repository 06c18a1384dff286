//===- Record.cpp - The result of one run ---------------------------------===//

#include "runner/Record.h"
#include "runner/Engine.h"
#include "runner/JsonReader.h"
#include "runner/Status.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <ctime>
#include <fstream>
#include <thread>

#ifndef LOOM_VERSION
#error "LOOM_VERSION must be defined by the build"
#endif

// Keys keep their order in both directions (the order of --dim matters).
using json = nlohmann::ordered_json;
using nlohmann::ordered_json;

namespace mlir::loom {

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

static std::string readCpuModel() {
  auto buffer = llvm::MemoryBuffer::getFileAsStream("/proc/cpuinfo");
  if (!buffer)
    return "";
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    auto [key, value] = line.split(':');
    if (key.trim() == "model name")
      return value.trim().str();
  }
  return "";
}

std::string currentTimestamp() {
  std::time_t time = std::time(nullptr);
  std::tm utc;
  gmtime_r(&time, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

HostInfo getHostInfo() {
  HostInfo host;
  HostTarget target = getHostTarget();
  host.cpu = target.cpu;
  host.triple = target.triple;
  host.features = target.features;
  host.cpuModel = readCpuModel();
  host.logicalCpus = std::thread::hardware_concurrency();
  return host;
}

Record createRecord() {
  Record record;
  record.tool.version = LOOM_VERSION;
  record.tool.llvmVersion = LLVM_VERSION_STRING;
  record.host = getHostInfo();
  record.timestamp = currentTimestamp();
  return record;
}

std::optional<double> Record::getGflops() const {
  if (!timing || !work || timing->median <= 0 || work->flops <= 0)
    return std::nullopt;
  return work->flops / timing->median * 1e-9;
}

std::optional<double> Record::getBestGflops() const {
  if (!timing || !work || timing->min <= 0 || work->flops <= 0)
    return std::nullopt;
  return work->flops / timing->min * 1e-9;
}

std::optional<double> Record::getGigabytesPerSecond() const {
  if (!timing || !work || timing->median <= 0 || work->bytes <= 0)
    return std::nullopt;
  return work->bytes / timing->median * 1e-9;
}

std::optional<double> Roofline::getRidge() const {
  if (!computeGflops || !memoryGbps || *memoryGbps <= 0)
    return std::nullopt;
  return *computeGflops / *memoryGbps;
}

std::optional<Roofline> Record::getRoofline() const {
  return computeRoofline(options, work, getGflops(), getGigabytesPerSecond());
}

std::optional<Roofline> computeRoofline(const RunOptions &options,
                                        const std::optional<WorkSummary> &work,
                                        std::optional<double> gflops,
                                        std::optional<double> gbps) {
  if (!work || !gbps || work->bytes <= 0)
    return std::nullopt;
  Roofline roofline;
  roofline.intensity = work->flops / work->bytes;
  if (options.peakGflopsPerCore && *options.peakGflopsPerCore > 0)
    roofline.computeGflops =
        *options.peakGflopsPerCore * std::max(1u, options.threads);
  if (options.peakGbps && *options.peakGbps > 0)
    roofline.memoryGbps = *options.peakGbps;
  if (!roofline.computeGflops && !roofline.memoryGbps)
    return std::nullopt;
  std::optional<double> memoryBound;
  if (roofline.memoryGbps)
    memoryBound = roofline.intensity * *roofline.memoryGbps;
  roofline.memoryBound =
      memoryBound &&
      (!roofline.computeGflops || *memoryBound < *roofline.computeGflops);
  if (roofline.memoryBound) {
    roofline.boundGflops = *memoryBound;
    roofline.fraction = *gbps / *roofline.memoryGbps;
  } else {
    if (!gflops || !roofline.computeGflops)
      return std::nullopt;
    roofline.boundGflops = *roofline.computeGflops;
    roofline.fraction = *gflops / roofline.boundGflops;
  }
  return roofline;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

template <typename T>
static ordered_json optionalToJson(const std::optional<T> &value) {
  return value ? ordered_json(*value) : ordered_json(nullptr);
}

ordered_json rooflineToJson(const std::optional<Roofline> &roofline) {
  if (!roofline)
    return nullptr;
  return {{"intensity_flop_per_byte", roofline->intensity},
          {"compute_peak_gflops", optionalToJson(roofline->computeGflops)},
          {"memory_peak_gbps", optionalToJson(roofline->memoryGbps)},
          {"ridge_flop_per_byte", optionalToJson(roofline->getRidge())},
          {"bound", roofline->memoryBound ? "memory" : "compute"},
          {"bound_gflops", roofline->boundGflops},
          {"fraction", roofline->fraction}};
}

static ordered_json fileToJson(const FileInfo &file) {
  return {{"path", file.path}, {"sha256", file.sha256}};
}

ordered_json timingToJson(const TimingStats &timing) {
  return {{"warmup", timing.warmup},          {"batch", timing.batch},
          {"samples", timing.samples.size()}, {"min_s", timing.min},
          {"median_s", timing.median},        {"mean_s", timing.mean},
          {"stddev_s", timing.stddev},        {"total_s", timing.total},
          {"samples_s", timing.samples}};
}

static ordered_json fusionToJson(ArrayRef<FusionRecord> fusion) {
  ordered_json result = ordered_json::array();
  for (const FusionRecord &decision : fusion)
    result.push_back(
        {{"transform", decision.transform},
         {"consumer", decision.consumer},
         {"producer", decision.producer},
         {"operand", decision.operand},
         {"outcome", decision.outcome},
         {"condition", decision.condition ? ordered_json(*decision.condition)
                                          : ordered_json(nullptr)},
         {"condition_name", decision.conditionName},
         {"producer_result_kept", decision.producerResultKept},
         {"message", decision.message}});
  return result;
}

static ordered_json traceToJson(ArrayRef<TransformStepRecord> trace) {
  ordered_json result = ordered_json::array();
  for (const TransformStepRecord &step : trace)
    result.push_back({{"op", step.op},
                      {"loc", step.loc},
                      {"status", step.status},
                      {"operands", step.operands},
                      {"results", step.results},
                      {"suppressed_failures", step.suppressedFailures}});
  return result;
}

static ordered_json knobsToJson(ArrayRef<KnobSetting> knobs) {
  ordered_json result = ordered_json::object();
  for (const KnobSetting &knob : knobs)
    result[knob.name] = knob.value;
  return result;
}

static ordered_json optionsToJson(const RunOptions &options) {
  ordered_json dims = ordered_json::object();
  for (const DimSize &dim : options.dims)
    dims[dim.spec] = dim.size;
  ordered_json inputFiles = ordered_json::object();
  for (const InputFile &input : options.inputFiles)
    inputFiles[input.spec] = input.path;
  return {
      {"no_schedule", options.noSchedule},
      {"seed", options.seed},
      {"init", getInitKindName(options.init).str()},
      {"dims", dims},
      {"inputs", inputFiles},
      {"save_outputs", options.saveOutputsDir.empty()
                           ? ordered_json(nullptr)
                           : ordered_json(options.saveOutputsDir)},
      {"save_reference", options.saveReference},
      {"reference_outputs", options.referenceOutputsDir.empty()
                                ? ordered_json(nullptr)
                                : ordered_json(options.referenceOutputsDir)},
      {"knobs", knobsToJson(options.knobs)},
      {"check", options.check},
      {"rtol", optionalToJson(options.rtol)},
      {"atol", optionalToJson(options.atol)},
      {"warmup", options.timing.warmup},
      {"iters", optionalToJson(options.timing.samples)},
      {"min_time_s", options.timing.minTime},
      {"threads", options.threads},
      {"fp_contract", options.fpContractFast ? "fast" : "off"},
      {"peak_gflops_per_core", optionalToJson(options.peakGflopsPerCore)},
      {"peak_gbps", optionalToJson(options.peakGbps)},
      {"peak_source", options.peakSource.empty()
                          ? ordered_json(nullptr)
                          : ordered_json(options.peakSource)},
      {"dump_ir", options.dumpIRDir.empty() ? ordered_json(nullptr)
                                            : ordered_json(options.dumpIRDir)},
      {"bundle", options.bundleDir.empty() ? ordered_json(nullptr)
                                           : ordered_json(options.bundleDir)},
  };
}

static ordered_json comparisonToJson(const OutputComparison &output) {
  ordered_json first = nullptr;
  if (output.firstMismatch)
    first = {{"index", *output.firstMismatch},
             {"got", output.got},
             {"expected", output.expected}};
  return {{"name", output.name},
          {"type", output.type},
          {"elements", output.elements},
          {"mismatches", output.mismatches},
          {"max_abs_error", output.maxAbsError},
          {"max_rel_error", output.maxRelError},
          {"reduction", output.reduction},
          {"rtol", output.tolerance.rtol},
          {"atol", output.tolerance.atol},
          {"first_mismatch", first},
          {"problem", output.problem.empty() ? ordered_json(nullptr)
                                             : ordered_json(output.problem)}};
}

ordered_json toJson(const Record &record) {
  ordered_json result;
  result["schema"] = "loom-run-record";
  result["schema_version"] = Record::kSchemaVersion;
  result["status"] = record.status;
  result["exit_code"] = record.exitCode;
  result["error"] =
      record.error.empty() ? ordered_json(nullptr) : ordered_json(record.error);
  result["diagnostics"] = record.diagnostics;
  result["timestamp"] = record.timestamp;
  result["tool"] = {{"name", record.tool.name},
                    {"version", record.tool.version},
                    {"llvm_version", record.tool.llvmVersion}};
  result["host"] = {{"cpu", record.host.cpu},
                    {"cpu_model", record.host.cpuModel},
                    {"triple", record.host.triple},
                    {"features", record.host.features},
                    {"logical_cpus", record.host.logicalCpus}};
  result["payload"] = fileToJson(record.payload);
  if (record.schedule) {
    ordered_json libraries = ordered_json::array();
    for (const FileInfo &library : record.schedule->libraries)
      libraries.push_back(fileToJson(library));
    result["schedule"] = {
        {"path", record.schedule->embedded
                     ? ordered_json(nullptr)
                     : ordered_json(record.schedule->file.path)},
        {"sha256", record.schedule->embedded
                       ? ordered_json(nullptr)
                       : ordered_json(record.schedule->file.sha256)},
        {"embedded", record.schedule->embedded},
        {"entry_point", record.schedule->entryPoint},
        {"libraries", libraries},
        {"knobs", knobsToJson(record.schedule->knobs)},
        {"fusion", fusionToJson(record.schedule->fusion)},
        {"trace", traceToJson(record.schedule->trace)},
        {"remarks", record.schedule->remarks}};
  } else {
    result["schedule"] = nullptr;
  }
  result["function"] = record.function;
  result["options"] = optionsToJson(record.options);

  ordered_json arguments = ordered_json::array();
  for (const ArgumentRecord &argument : record.arguments)
    arguments.push_back({{"index", argument.index},
                         {"type", argument.type},
                         {"concrete_type", argument.concreteType},
                         {"shape", argument.shape}});
  result["arguments"] = arguments;

  const PhaseTimes &phases = record.phases;
  result["phases_s"] = {
      {"parse", phases.parse},         {"schedule", phases.schedule},
      {"lower", phases.lower},         {"jit", phases.jit},
      {"reference", phases.reference}, {"check", phases.check},
      {"timing", phases.timing}};

  ordered_json outputs = ordered_json::array();
  for (const OutputComparison &output : record.check.outputs)
    outputs.push_back(comparisonToJson(output));
  result["check"] = {{"status", record.check.status},
                     {"reason", record.check.reason.empty()
                                    ? ordered_json(nullptr)
                                    : ordered_json(record.check.reason)},
                     {"outputs", outputs}};

  if (record.timing) {
    result["timing"] = timingToJson(*record.timing);
  } else {
    result["timing"] = nullptr;
  }

  if (record.work) {
    ordered_json ops = ordered_json::array();
    for (const OpWorkRecord &op : record.work->ops)
      ops.push_back({{"op", op.op},
                     {"loc", op.loc},
                     {"flops", op.flops},
                     {"bytes", op.bytes},
                     {"iterations", op.iterations},
                     {"reduction", op.reduction}});
    result["work"] = {{"flops", record.work->flops},
                      {"bytes", record.work->bytes},
                      {"complete", record.work->complete},
                      {"ops", ops},
                      {"uncounted", record.work->uncounted}};
  } else {
    result["work"] = nullptr;
  }
  result["throughput"] = {
      {"gflops", optionalToJson(record.getGflops())},
      {"gflops_best", optionalToJson(record.getBestGflops())},
      {"gbps", optionalToJson(record.getGigabytesPerSecond())}};
  result["roofline"] = rooflineToJson(record.getRoofline());
  return result;
}

llvm::Error writeRecord(const Record &record, llvm::StringRef path) {
  return writeTextFile(toJson(record).dump(2) + "\n", path, "the JSON record");
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

void readTiming(JsonReader &reader, const json &value, const std::string &path,
                TimingStats &out) {
  reader.read(value, path, "warmup", out.warmup);
  reader.read(value, path, "batch", out.batch);
  reader.read(value, path, "min_s", out.min);
  reader.read(value, path, "median_s", out.median);
  reader.read(value, path, "mean_s", out.mean);
  reader.read(value, path, "stddev_s", out.stddev);
  reader.read(value, path, "total_s", out.total);
  reader.read(value, path, "samples_s", out.samples);
}

/// Reads {path, sha256} from `value` itself.
static void readFile(JsonReader &reader, const json &value,
                     const std::string &path, FileInfo &out) {
  reader.read(value, path, "path", out.path);
  reader.read(value, path, "sha256", out.sha256);
}

static void readKnobs(JsonReader &reader, const json &object,
                      const std::string &path, std::vector<KnobSetting> &out) {
  const json *knobs = reader.field(object, path, "knobs", false);
  if (!knobs)
    return;
  if (!knobs->is_object()) {
    reader.fail(path + ".knobs", "must be an object");
    return;
  }
  for (auto it = knobs->begin(); it != knobs->end(); ++it) {
    if (!it.value().is_string()) {
      reader.fail(path + ".knobs." + it.key(), "must be a string");
      return;
    }
    out.push_back({it.key(), it.value().get<std::string>()});
  }
}

static void readOptions(JsonReader &reader, const json &object,
                        RunOptions &options) {
  const std::string path = "options";
  reader.read(object, path, "no_schedule", options.noSchedule);
  reader.read(object, path, "seed", options.seed);
  std::string init;
  reader.read(object, path, "init", init);
  if (auto kind = parseInitKind(init))
    options.init = *kind;
  else if (reader.error.empty())
    reader.fail(path + ".init", "is not random, ones, zeros or arange");
  // Optional: records written before .npy inputs existed lack them.
  if (const json *inputs = reader.field(object, path, "inputs", false)) {
    if (!inputs->is_object())
      reader.fail(path + ".inputs", "must be an object");
    else
      for (auto it = inputs->begin(); it != inputs->end(); ++it) {
        if (!it.value().is_string()) {
          reader.fail(path + ".inputs." + it.key(), "must be a string");
          break;
        }
        options.inputFiles.push_back({it.key(), it.value().get<std::string>()});
      }
  }
  reader.read(object, path, "save_outputs", options.saveOutputsDir, false);
  reader.read(object, path, "save_reference", options.saveReference, false);
  reader.read(object, path, "reference_outputs", options.referenceOutputsDir,
              false);
  if (const json *dims = reader.field(object, path, "dims", true)) {
    if (!dims->is_object())
      reader.fail(path + ".dims", "must be an object");
    else
      for (auto it = dims->begin(); it != dims->end(); ++it) {
        if (!it.value().is_number_integer()) {
          reader.fail(path + ".dims." + it.key(), "must be an integer");
          break;
        }
        options.dims.push_back({it.key(), it.value().get<int64_t>()});
      }
  }
  readKnobs(reader, object, path, options.knobs);
  reader.read(object, path, "check", options.check);
  reader.read(object, path, "rtol", options.rtol);
  reader.read(object, path, "atol", options.atol);
  reader.read(object, path, "warmup", options.timing.warmup);
  reader.read(object, path, "iters", options.timing.samples);
  reader.read(object, path, "min_time_s", options.timing.minTime);
  reader.read(object, path, "threads", options.threads);
  std::string contract;
  reader.read(object, path, "fp_contract", contract);
  options.fpContractFast = contract != "off";
  reader.read(object, path, "peak_gflops_per_core", options.peakGflopsPerCore);
  reader.read(object, path, "peak_gbps", options.peakGbps);
  reader.read(object, path, "peak_source", options.peakSource, false);
  reader.read(object, path, "dump_ir", options.dumpIRDir, false);
  reader.read(object, path, "bundle", options.bundleDir, false);
}

llvm::Expected<Record> recordFromJson(const json &root) {
  JsonReader reader;
  Record record;
  std::string schema;
  int version = 0;
  reader.read(root, "record", "schema", schema);
  reader.read(root, "record", "schema_version", version);
  if (reader.error.empty() && schema != "loom-run-record")
    reader.fail("record.schema", "is not loom-run-record");
  if (reader.error.empty() && version != Record::kSchemaVersion)
    reader.fail("record.schema_version",
                "is " + std::to_string(version) + "; this Loom reads " +
                    std::to_string(Record::kSchemaVersion));

  reader.read(root, "record", "status", record.status);
  reader.read(root, "record", "exit_code", record.exitCode);
  reader.read(root, "record", "error", record.error, false);
  reader.read(root, "record", "diagnostics", record.diagnostics);
  reader.read(root, "record", "timestamp", record.timestamp);
  if (const json *tool = reader.field(root, "record", "tool", true)) {
    reader.read(*tool, "tool", "name", record.tool.name);
    reader.read(*tool, "tool", "version", record.tool.version);
    reader.read(*tool, "tool", "llvm_version", record.tool.llvmVersion);
  }
  if (const json *host = reader.field(root, "record", "host", true)) {
    reader.read(*host, "host", "cpu", record.host.cpu);
    reader.read(*host, "host", "cpu_model", record.host.cpuModel);
    reader.read(*host, "host", "triple", record.host.triple);
    reader.read(*host, "host", "features", record.host.features);
    reader.read(*host, "host", "logical_cpus", record.host.logicalCpus);
  }
  if (const json *payload = reader.field(root, "record", "payload", true))
    readFile(reader, *payload, "payload", record.payload);
  if (const json *schedule = reader.field(root, "record", "schedule", false)) {
    ScheduleInfo info;
    reader.read(*schedule, "schedule", "embedded", info.embedded);
    if (!info.embedded)
      readFile(reader, *schedule, "schedule", info.file);
    reader.read(*schedule, "schedule", "entry_point", info.entryPoint);
    reader.forEach(*schedule, "schedule", "libraries",
                   [&](const json &library, const std::string &path) {
                     readFile(reader, library, path,
                              info.libraries.emplace_back());
                   });
    readKnobs(reader, *schedule, "schedule", info.knobs);
    // Records written before fusion decisions and traces existed have none.
    reader.forEach(
        *schedule, "schedule", "fusion",
        [&](const json &object, const std::string &path) {
          FusionRecord &decision = info.fusion.emplace_back();
          reader.read(object, path, "transform", decision.transform);
          reader.read(object, path, "consumer", decision.consumer);
          reader.read(object, path, "producer", decision.producer);
          reader.read(object, path, "operand", decision.operand);
          reader.read(object, path, "outcome", decision.outcome);
          reader.read(object, path, "condition", decision.condition);
          reader.read(object, path, "condition_name", decision.conditionName);
          reader.read(object, path, "producer_result_kept",
                      decision.producerResultKept);
          reader.read(object, path, "message", decision.message);
        },
        /*required=*/false);
    reader.forEach(
        *schedule, "schedule", "trace",
        [&](const json &object, const std::string &path) {
          TransformStepRecord &step = info.trace.emplace_back();
          reader.read(object, path, "op", step.op);
          reader.read(object, path, "loc", step.loc);
          reader.read(object, path, "status", step.status);
          reader.read(object, path, "operands", step.operands);
          reader.read(object, path, "results", step.results);
          reader.read(object, path, "suppressed_failures",
                      step.suppressedFailures);
        },
        /*required=*/false);
    reader.read(*schedule, "schedule", "remarks", info.remarks,
                /*required=*/false);
    record.schedule = info;
  }
  reader.read(root, "record", "function", record.function);
  if (const json *options = reader.field(root, "record", "options", true))
    readOptions(reader, *options, record.options);
  record.options.payloadPath = record.payload.path;
  if (record.schedule) {
    record.options.schedulePath = record.schedule->file.path;
    record.options.entryPoint = record.schedule->entryPoint;
    for (const FileInfo &library : record.schedule->libraries)
      record.options.scheduleLibraries.push_back(library.path);
  }
  record.options.function = record.function;

  reader.forEach(root, "record", "arguments",
                 [&](const json &argument, const std::string &path) {
                   ArgumentRecord info;
                   reader.read(argument, path, "index", info.index);
                   reader.read(argument, path, "type", info.type);
                   reader.read(argument, path, "concrete_type",
                               info.concreteType);
                   reader.read(argument, path, "shape", info.shape);
                   record.arguments.push_back(info);
                 });
  if (const json *phases = reader.field(root, "record", "phases_s", true)) {
    PhaseTimes &times = record.phases;
    for (auto [key, slot] :
         {std::pair<const char *, double *>{"parse", &times.parse},
          {"schedule", &times.schedule},
          {"lower", &times.lower},
          {"jit", &times.jit},
          {"reference", &times.reference},
          {"check", &times.check},
          {"timing", &times.timing}})
      reader.read(*phases, "phases_s", key, *slot);
  }
  if (const json *check = reader.field(root, "record", "check", true)) {
    reader.read(*check, "check", "status", record.check.status);
    reader.read(*check, "check", "reason", record.check.reason, false);
    reader.forEach(
        *check, "check", "outputs",
        [&](const json &output, const std::string &path) {
          OutputComparison cmp;
          reader.read(output, path, "name", cmp.name);
          reader.read(output, path, "type", cmp.type);
          reader.read(output, path, "elements", cmp.elements);
          reader.read(output, path, "mismatches", cmp.mismatches);
          reader.readNumberOrNaN(output, path, "max_abs_error",
                                 cmp.maxAbsError);
          reader.readNumberOrNaN(output, path, "max_rel_error",
                                 cmp.maxRelError);
          reader.read(output, path, "reduction", cmp.reduction);
          reader.read(output, path, "rtol", cmp.tolerance.rtol);
          reader.read(output, path, "atol", cmp.tolerance.atol);
          reader.read(output, path, "problem", cmp.problem, false);
          if (const json *first =
                  reader.field(output, path, "first_mismatch", false)) {
            std::string here = path + ".first_mismatch";
            std::vector<int64_t> index;
            reader.read(*first, here, "index", index);
            cmp.firstMismatch = index;
            reader.readNumberOrNaN(*first, here, "got", cmp.got);
            reader.readNumberOrNaN(*first, here, "expected", cmp.expected);
          }
          record.check.outputs.push_back(cmp);
        });
  }
  if (const json *timing = reader.field(root, "record", "timing", false))
    readTiming(reader, *timing, "timing", record.timing.emplace());
  if (const json *work = reader.field(root, "record", "work", false)) {
    WorkSummary summary;
    reader.read(*work, "work", "flops", summary.flops);
    reader.read(*work, "work", "bytes", summary.bytes);
    reader.read(*work, "work", "complete", summary.complete);
    reader.read(*work, "work", "uncounted", summary.uncounted);
    reader.forEach(*work, "work", "ops",
                   [&](const json &op, const std::string &path) {
                     OpWorkRecord info;
                     reader.read(op, path, "op", info.op);
                     reader.read(op, path, "loc", info.loc);
                     reader.read(op, path, "flops", info.flops);
                     reader.read(op, path, "bytes", info.bytes);
                     reader.read(op, path, "iterations", info.iterations);
                     reader.read(op, path, "reduction", info.reduction);
                     summary.ops.push_back(info);
                   });
    record.work = summary;
  }
  if (!reader.error.empty())
    return makeError(ExitCode::InvalidInput,
                     "not a valid Loom run record: " + reader.error);
  return record;
}

llvm::Expected<Record> parseRecord(llvm::StringRef text) {
  auto root = parseJson(text, "the record");
  if (!root)
    return root.takeError();
  return recordFromJson(*root);
}

} // namespace mlir::loom
