//===- Suite.cpp - Benchmark suites for `loom bench` ----------------------===//

#include "runner/Suite.h"
#include "runner/Driver.h"
#include "runner/JsonReader.h"
#include "runner/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace mlir::loom {

using json = nlohmann::ordered_json;

namespace {
/// Reads one benchmark (or the "defaults" object, which holds the same keys
/// but name, payload and tags) on top of the options already in `spec`.
class SuiteReader {
public:
  SuiteReader(JsonReader &reader, llvm::StringRef directory)
      : reader(reader), directory(directory) {}

  void readBenchmark(const json &object, const std::string &path,
                     BenchmarkSpec &spec, bool isDefaults);

private:
  /// `file` relative to the suite, checked to exist.
  std::string resolve(const std::string &file, const std::string &path);

  JsonReader &reader;
  std::string directory;
};
} // namespace

std::string SuiteReader::resolve(const std::string &file,
                                 const std::string &path) {
  llvm::SmallString<256> resolved;
  if (llvm::sys::path::is_absolute(file)) {
    resolved = file;
  } else {
    resolved = directory;
    llvm::sys::path::append(resolved, file);
  }
  llvm::sys::path::remove_dots(resolved, /*remove_dot_dot=*/true);
  if (!llvm::sys::fs::is_regular_file(resolved))
    reader.fail(path, "names '" + file + "', which is not a file (looked for " +
                          std::string(resolved) + ")");
  return std::string(resolved);
}

void SuiteReader::readBenchmark(const json &object, const std::string &path,
                                BenchmarkSpec &spec, bool isDefaults) {
  static const llvm::StringRef benchmarkKeys[] = {
      "name",     "payload",     "schedule",   "schedule_libs", "entry_point",
      "function", "no_schedule", "threads",    "knobs",         "dims",
      "init",     "seed",        "iterations", "min_time_s",    "warmup",
      "check",    "rtol",        "atol",       "fp_contract",   "tags"};
  static const llvm::StringRef defaultKeys[] = {
      "schedule",   "schedule_libs", "entry_point", "function", "no_schedule",
      "threads",    "knobs",         "dims",        "init",     "seed",
      "iterations", "min_time_s",    "warmup",      "check",    "rtol",
      "atol",       "fp_contract",   "tags"};
  if (isDefaults)
    reader.checkKeys(object, path, defaultKeys);
  else
    reader.checkKeys(object, path, benchmarkKeys);
  if (!reader.error.empty())
    return;

  RunOptions &options = spec.options;
  if (!isDefaults) {
    reader.read(object, path, "name", spec.name);
    std::string payload;
    reader.read(object, path, "payload", payload);
    if (reader.error.empty())
      options.payloadPath = resolve(payload, path + ".payload");
  }
  std::string schedule;
  if (reader.field(object, path, "schedule", false)) {
    reader.read(object, path, "schedule", schedule);
    if (reader.error.empty())
      options.schedulePath = resolve(schedule, path + ".schedule");
  }
  if (reader.field(object, path, "schedule_libs", false)) {
    std::vector<std::string> libraries;
    reader.read(object, path, "schedule_libs", libraries);
    options.scheduleLibraries.clear();
    for (auto [i, library] : llvm::enumerate(libraries))
      options.scheduleLibraries.push_back(
          resolve(library, path + ".schedule_libs[" + std::to_string(i) + "]"));
  }
  reader.read(object, path, "entry_point", options.entryPoint, false);
  reader.read(object, path, "function", options.function, false);
  reader.read(object, path, "no_schedule", options.noSchedule, false);
  reader.read(object, path, "threads", options.threads, false);
  if (options.threads < 1)
    reader.fail(path + ".threads", "must be at least 1");

  if (const json *knobs = reader.field(object, path, "knobs", false)) {
    if (!knobs->is_object()) {
      reader.fail(path + ".knobs", "must be an object");
    } else {
      for (auto it = knobs->begin(); it != knobs->end(); ++it) {
        const json &value = it.value();
        std::string text =
            value.is_string() ? value.get<std::string>() : value.dump();
        llvm::erase_if(options.knobs, [&](const KnobSetting &knob) {
          return knob.name == it.key();
        });
        options.knobs.push_back({it.key(), text});
      }
    }
  }
  if (const json *dims = reader.field(object, path, "dims", false)) {
    if (!dims->is_object()) {
      reader.fail(path + ".dims", "must be an object");
    } else {
      for (auto it = dims->begin(); it != dims->end(); ++it) {
        if (!it.value().is_number_integer() || it.value().get<int64_t>() < 0) {
          reader.fail(path + ".dims." + it.key(),
                      "must be a non-negative integer");
          break;
        }
        llvm::erase_if(options.dims, [&](const DimSize &dim) {
          return dim.spec == it.key();
        });
        options.dims.push_back({it.key(), it.value().get<int64_t>()});
      }
    }
  }
  std::string init;
  if (reader.field(object, path, "init", false)) {
    reader.read(object, path, "init", init);
    if (auto kind = parseInitKind(init))
      options.init = *kind;
    else if (reader.error.empty())
      reader.fail(path + ".init", "must be random, ones, zeros or arange");
  }
  reader.read(object, path, "seed", options.seed, false);
  if (reader.field(object, path, "iterations", false)) {
    int64_t iterations = 0;
    reader.read(object, path, "iterations", iterations);
    if (reader.error.empty() && iterations < 1)
      reader.fail(path + ".iterations", "must be at least 1");
    options.timing.samples = iterations;
  }
  reader.read(object, path, "min_time_s", options.timing.minTime, false);
  if (!(options.timing.minTime >= 0))
    reader.fail(path + ".min_time_s", "must be >= 0");
  reader.read(object, path, "warmup", options.timing.warmup, false);
  if (options.timing.warmup < 0)
    reader.fail(path + ".warmup", "must be >= 0");
  reader.read(object, path, "check", options.check, false);
  reader.read(object, path, "rtol", options.rtol);
  reader.read(object, path, "atol", options.atol);
  if (reader.field(object, path, "fp_contract", false)) {
    std::string contract;
    reader.read(object, path, "fp_contract", contract);
    if (reader.error.empty() && contract != "fast" && contract != "off")
      reader.fail(path + ".fp_contract", "must be \"fast\" or \"off\"");
    options.fpContractFast = contract != "off";
  }
  if (reader.field(object, path, "tags", false)) {
    std::vector<std::string> tags;
    reader.read(object, path, "tags", tags);
    spec.tags.insert(spec.tags.end(), tags.begin(), tags.end());
  }
}

/// Names go into Google Benchmark and LNT files and into regexes: keep them
/// to characters every consumer takes unquoted.
static bool isValidName(llvm::StringRef name) {
  return !name.empty() && llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '-' || c == '.' || c == '/';
  });
}

llvm::Expected<Suite> parseSuite(const json &root, llvm::StringRef path,
                                 llvm::StringRef sha256) {
  JsonReader reader;
  Suite suite;
  suite.path = path.str();
  suite.sha256 = sha256.str();
  llvm::SmallString<256> directory(path);
  llvm::sys::path::remove_filename(directory);
  if (directory.empty())
    directory = ".";
  SuiteReader suiteReader(reader, directory);

  static const llvm::StringRef topKeys[] = {"name", "description", "defaults",
                                            "benchmarks"};
  reader.checkKeys(root, "suite", topKeys);
  reader.read(root, "suite", "name", suite.name, false);
  std::string description;
  reader.read(root, "suite", "description", description, false);

  BenchmarkSpec defaults;
  defaults.options.timing.minTime = 0.2;
  if (const json *object = reader.field(root, "suite", "defaults", false))
    suiteReader.readBenchmark(*object, "suite.defaults", defaults, true);

  llvm::StringSet<> names;
  reader.forEach(root, "suite", "benchmarks",
                 [&](const json &object, const std::string &here) {
                   if (!reader.error.empty())
                     return;
                   BenchmarkSpec spec = defaults;
                   suiteReader.readBenchmark(object, here, spec, false);
                   if (!reader.error.empty())
                     return;
                   if (!isValidName(spec.name))
                     reader.fail(here + ".name",
                                 "'" + spec.name +
                                     "' must be non-empty and use only "
                                     "letters, digits and _ - . /");
                   else if (!names.insert(spec.name).second)
                     reader.fail(here + ".name",
                                 "'" + spec.name + "' is a duplicate name");
                   if (spec.options.noSchedule) { // Defaults do not apply.
                     spec.options.schedulePath.clear();
                     spec.options.scheduleLibraries.clear();
                     spec.options.knobs.clear();
                   }
                   suite.benchmarks.push_back(std::move(spec));
                 });
  if (reader.error.empty() && suite.benchmarks.empty())
    reader.fail("suite.benchmarks", "is empty");
  if (!reader.error.empty())
    return makeError(ExitCode::InvalidInput, path + ": " + reader.error);
  return suite;
}

llvm::Expected<Suite> loadSuite(llvm::StringRef path) {
  auto text = readTextFile(path, "the suite");
  if (!text)
    return text.takeError();
  auto root = parseJson(*text, path);
  if (!root)
    return root.takeError();
  return parseSuite(*root, path, sha256Hex(*text));
}

} // namespace mlir::loom
