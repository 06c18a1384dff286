//===- RecordJson.cpp - The record as JSON, both ways ---------------------===//
//
// One writer and one reader of the record; the schema is
// docs/record-schema.md. Keys keep their order in both directions.
//
//===----------------------------------------------------------------------===//

#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Options.h"
#include "runner/results/Record.h"
#include "runner/results/Status.h"

#include <nlohmann/json.hpp>

using json = nlohmann::ordered_json;
using nlohmann::ordered_json;

namespace mlir::loom {

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
          {"fraction", roofline->fraction},
          {"cache_resident", roofline->cacheResident},
          {"percent_of_bound", optionalToJson(roofline->getPercentOfBound())}};
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
                      {"suppressed_failures", step.suppressedFailures},
                      {"depth", step.depth}});
  return result;
}

static ordered_json knobsToJson(ArrayRef<KnobSetting> knobs);

static ordered_json recordsToJson(const RecordsUse &use) {
  return {{"file",
           use.file.empty() ? ordered_json(nullptr) : ordered_json(use.file)},
          {"applied", use.matched},
          {"key",
           {{"host", use.key.host},
            {"payload", use.key.payload},
            {"schedule_sha256", use.key.scheduleSha256},
            {"threads", use.key.threads}}},
          {"knobs", knobsToJson(use.applied)},
          {"tuned_at", use.tunedAt.empty() ? ordered_json(nullptr)
                                           : ordered_json(use.tunedAt)},
          {"cpu_model", use.cpuModel.empty() ? ordered_json(nullptr)
                                             : ordered_json(use.cpuModel)},
          {"note", use.note}};
}

static ordered_json knobsToJson(ArrayRef<KnobSetting> knobs) {
  ordered_json result = ordered_json::object();
  for (const KnobSetting &knob : knobs)
    result[knob.name] = knob.value;
  return result;
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
  result["host"] = {
      {"cpu", record.host.cpu},
      {"cpu_model", record.host.cpuModel},
      {"triple", record.host.triple},
      {"features", record.host.features},
      {"logical_cpus", record.host.logicalCpus},
      {"caches",
       {{"l1d_bytes", record.host.l1dBytes},
        {"l2_bytes", record.host.l2Bytes},
        {"l3_bytes", record.host.l3Bytes}}},
      {"vector",
       {{"bytes", record.host.vectorBytes},
        {"registers", record.host.vectorRegisters}}},
      {"transparent_huge_pages", record.host.transparentHugePages}};
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
    ordered_json hostDefaults = ordered_json::array();
    for (const HostDefaultRecord &knob : record.schedule->hostDefaults)
      hostDefaults.push_back({{"knob", knob.knob},
                              {"expression", knob.expression},
                              {"computed", knob.computed},
                              {"value", knob.value}});
    result["schedule"]["host_defaults"] = hostDefaults;
    if (const std::optional<RecordsUse> &use = record.schedule->records)
      result["schedule"]["records"] = recordsToJson(*use);
  } else {
    result["schedule"] = nullptr;
  }
  result["function"] = record.function;
  result["options"] = optionsToJson(record.options);
  if (record.fromBundle)
    result["from_bundle"] = {{"path", record.fromBundle->path},
                             {"checked", record.fromBundle->checked},
                             {"modified", record.fromBundle->modified}};
  else
    result["from_bundle"] = nullptr;

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

  // Printed text beyond 1 MiB is cut: the record is not a log.
  constexpr size_t kMaxPrinted = 1 << 20;
  result["printed"] =
      record.printed.empty()
          ? ordered_json(nullptr)
          : ordered_json(record.printed.size() <= kMaxPrinted
                             ? record.printed
                             : record.printed.substr(0, kMaxPrinted) +
                                   "\n(cut at 1 MiB)\n");
  if (record.timing) {
    result["timing"] = timingToJson(*record.timing);
  } else {
    result["timing"] = nullptr;
  }
  result["timing_note"] = record.timingNote.empty()
                              ? ordered_json(nullptr)
                              : ordered_json(record.timingNote);

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

/// The schema and version, then the outcome and the context of the run.
static void readHeader(JsonReader &reader, const json &root, Record &record) {
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
    if (const json *caches = reader.field(*host, "host", "caches", false)) {
      reader.read(*caches, "host.caches", "l1d_bytes", record.host.l1dBytes,
                  false);
      reader.read(*caches, "host.caches", "l2_bytes", record.host.l2Bytes,
                  false);
      reader.read(*caches, "host.caches", "l3_bytes", record.host.l3Bytes,
                  false);
    }
    if (const json *vector = reader.field(*host, "host", "vector", false)) {
      reader.read(*vector, "host.vector", "bytes", record.host.vectorBytes,
                  false);
      reader.read(*vector, "host.vector", "registers",
                  record.host.vectorRegisters, false);
    }
    reader.read(*host, "host", "transparent_huge_pages",
                record.host.transparentHugePages, false);
  }
}

static void readFusionDecision(JsonReader &reader, const json &object,
                               const std::string &path,
                               FusionRecord &decision) {
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
}

static void readTraceStep(JsonReader &reader, const json &object,
                          const std::string &path, TransformStepRecord &step) {
  reader.read(object, path, "op", step.op);
  reader.read(object, path, "loc", step.loc);
  reader.read(object, path, "status", step.status);
  reader.read(object, path, "operands", step.operands);
  reader.read(object, path, "results", step.results);
  reader.read(object, path, "suppressed_failures", step.suppressedFailures);
  // Optional: records written before included sequences were traced.
  reader.read(object, path, "depth", step.depth, false);
}

static ScheduleInfo readSchedule(JsonReader &reader, const json &schedule) {
  ScheduleInfo info;
  reader.read(schedule, "schedule", "embedded", info.embedded);
  if (!info.embedded)
    readFile(reader, schedule, "schedule", info.file);
  reader.read(schedule, "schedule", "entry_point", info.entryPoint);
  reader.forEach(schedule, "schedule", "libraries",
                 [&](const json &library, const std::string &path) {
                   readFile(reader, library, path,
                            info.libraries.emplace_back());
                 });
  readKnobs(reader, schedule, "schedule", info.knobs);
  // Records written before fusion decisions and traces existed have none.
  reader.forEach(
      schedule, "schedule", "fusion",
      [&](const json &object, const std::string &path) {
        readFusionDecision(reader, object, path, info.fusion.emplace_back());
      },
      /*required=*/false);
  reader.forEach(
      schedule, "schedule", "trace",
      [&](const json &object, const std::string &path) {
        readTraceStep(reader, object, path, info.trace.emplace_back());
      },
      /*required=*/false);
  reader.read(schedule, "schedule", "remarks", info.remarks,
              /*required=*/false);
  reader.forEach(
      schedule, "schedule", "host_defaults",
      [&](const json &object, const std::string &path) {
        HostDefaultRecord &knob = info.hostDefaults.emplace_back();
        reader.read(object, path, "knob", knob.knob);
        reader.read(object, path, "expression", knob.expression);
        reader.read(object, path, "computed", knob.computed);
        reader.read(object, path, "value", knob.value);
      },
      /*required=*/false);
  // Records written before tuned records existed have none.
  if (const json *records = reader.field(schedule, "schedule", "records",
                                         /*required=*/false)) {
    RecordsUse &use = info.records.emplace();
    const std::string path = "schedule.records";
    reader.read(*records, path, "file", use.file, /*required=*/false);
    if (const json *key = reader.field(*records, path, "key", true)) {
      reader.read(*key, path + ".key", "host", use.key.host);
      reader.read(*key, path + ".key", "payload", use.key.payload);
      reader.read(*key, path + ".key", "schedule_sha256",
                  use.key.scheduleSha256);
      reader.read(*key, path + ".key", "threads", use.key.threads);
    }
    reader.read(*records, path, "applied", use.matched, /*required=*/false);
    readKnobs(reader, *records, path, use.applied);
    reader.read(*records, path, "tuned_at", use.tunedAt, /*required=*/false);
    reader.read(*records, path, "cpu_model", use.cpuModel,
                /*required=*/false);
    reader.read(*records, path, "note", use.note, /*required=*/false);
  }
  return info;
}

/// The options object, plus what the record keeps elsewhere (payload,
/// schedule, libraries, entry point, function).
static void readRunOptions(JsonReader &reader, const json &root,
                           Record &record) {
  if (const json *options = reader.field(root, "record", "options", true))
    readOptions(reader, *options, "options", RecordKey, record.options);
  record.options.payloadPath = record.payload.path;
  if (record.schedule) {
    record.options.schedulePath = record.schedule->file.path;
    record.options.entryPoint = record.schedule->entryPoint;
    for (const FileInfo &library : record.schedule->libraries)
      record.options.scheduleLibraries.push_back(library.path);
  }
  record.options.function = record.function;
}

static void readArguments(JsonReader &reader, const json &root,
                          Record &record) {
  reader.forEach(root, "record", "arguments",
                 [&](const json &argument, const std::string &path) {
                   ArgumentRecord &info = record.arguments.emplace_back();
                   reader.read(argument, path, "index", info.index);
                   reader.read(argument, path, "type", info.type);
                   reader.read(argument, path, "concrete_type",
                               info.concreteType);
                   reader.read(argument, path, "shape", info.shape);
                 });
}

static void readPhases(JsonReader &reader, const json &phases,
                       PhaseTimes &times) {
  for (auto [key, slot] :
       {std::pair<const char *, double *>{"parse", &times.parse},
        {"schedule", &times.schedule},
        {"lower", &times.lower},
        {"jit", &times.jit},
        {"reference", &times.reference},
        {"check", &times.check},
        {"timing", &times.timing}})
    reader.read(phases, "phases_s", key, *slot);
}

static OutputComparison readComparison(JsonReader &reader, const json &output,
                                       const std::string &path) {
  OutputComparison cmp;
  reader.read(output, path, "name", cmp.name);
  reader.read(output, path, "type", cmp.type);
  reader.read(output, path, "elements", cmp.elements);
  reader.read(output, path, "mismatches", cmp.mismatches);
  reader.readNumberOrNaN(output, path, "max_abs_error", cmp.maxAbsError);
  reader.readNumberOrNaN(output, path, "max_rel_error", cmp.maxRelError);
  reader.read(output, path, "reduction", cmp.reduction);
  reader.read(output, path, "rtol", cmp.tolerance.rtol);
  reader.read(output, path, "atol", cmp.tolerance.atol);
  reader.read(output, path, "problem", cmp.problem, false);
  if (const json *first = reader.field(output, path, "first_mismatch", false)) {
    std::string here = path + ".first_mismatch";
    std::vector<int64_t> index;
    reader.read(*first, here, "index", index);
    cmp.firstMismatch = index;
    reader.readNumberOrNaN(*first, here, "got", cmp.got);
    reader.readNumberOrNaN(*first, here, "expected", cmp.expected);
  }
  return cmp;
}

static void readCheck(JsonReader &reader, const json &check, CheckRecord &out) {
  reader.read(check, "check", "status", out.status);
  reader.read(check, "check", "reason", out.reason, false);
  reader.forEach(check, "check", "outputs",
                 [&](const json &output, const std::string &path) {
                   out.outputs.push_back(readComparison(reader, output, path));
                 });
}

static WorkSummary readWork(JsonReader &reader, const json &work) {
  WorkSummary summary;
  reader.read(work, "work", "flops", summary.flops);
  reader.read(work, "work", "bytes", summary.bytes);
  reader.read(work, "work", "complete", summary.complete);
  reader.read(work, "work", "uncounted", summary.uncounted);
  reader.forEach(work, "work", "ops",
                 [&](const json &op, const std::string &path) {
                   OpWorkRecord &info = summary.ops.emplace_back();
                   reader.read(op, path, "op", info.op);
                   reader.read(op, path, "loc", info.loc);
                   reader.read(op, path, "flops", info.flops);
                   reader.read(op, path, "bytes", info.bytes);
                   reader.read(op, path, "iterations", info.iterations);
                   reader.read(op, path, "reduction", info.reduction);
                 });
  return summary;
}

llvm::Expected<Record> recordFromJson(const json &root) {
  JsonReader reader;
  Record record;
  readHeader(reader, root, record);
  if (const json *payload = reader.field(root, "record", "payload", true))
    readFile(reader, *payload, "payload", record.payload);
  if (const json *schedule = reader.field(root, "record", "schedule", false))
    record.schedule = readSchedule(reader, *schedule);
  reader.read(root, "record", "function", record.function);
  readRunOptions(reader, root, record);
  // Records written before bundles were checked have none.
  if (const json *bundle = reader.field(root, "record", "from_bundle", false)) {
    BundleCheck &check = record.fromBundle.emplace();
    reader.read(*bundle, "from_bundle", "path", check.path);
    reader.read(*bundle, "from_bundle", "checked", check.checked);
    reader.read(*bundle, "from_bundle", "modified", check.modified);
  }
  readArguments(reader, root, record);
  if (const json *phases = reader.field(root, "record", "phases_s", true))
    readPhases(reader, *phases, record.phases);
  if (const json *check = reader.field(root, "record", "check", true))
    readCheck(reader, *check, record.check);
  if (const json *timing = reader.field(root, "record", "timing", false))
    readTiming(reader, *timing, "timing", record.timing.emplace());
  // Optional: records written before printed output was captured lack them.
  reader.read(root, "record", "printed", record.printed, false);
  reader.read(root, "record", "timing_note", record.timingNote, false);
  if (const json *work = reader.field(root, "record", "work", false))
    record.work = readWork(reader, *work);
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
