//===- Suite.cpp - Benchmark suites for `loom bench` ----------------------===//

#include "runner/campaigns/Suite.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Options.h"
#include "runner/results/Status.h"

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
  SuiteReader(JsonReader &reader, llvm::StringRef directory,
              std::vector<std::string> &warnings)
      : reader(reader), directory(directory), warnings(warnings) {}

  void readBenchmark(const json &object, const std::string &path,
                     BenchmarkSpec &spec, bool isDefaults);

private:
  /// `file` relative to the suite, checked to exist.
  std::string resolve(const std::string &file, const std::string &path);

  JsonReader &reader;
  std::string directory;
  /// Deprecated keys met.
  std::vector<std::string> &warnings;
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
  // The keys: a name and tags, and every run option a suite may set
  // (results/Options.h), the payload only in a benchmark.
  std::vector<llvm::StringRef> known, deprecated;
  if (!isDefaults)
    known.push_back("name");
  for (const OptionInfo &info : getRunOptionInfos())
    if (info.in(SuiteKey) && (!isDefaults || info.key != "payload")) {
      known.push_back(info.key);
      if (!info.deprecatedKey.empty())
        deprecated.push_back(info.deprecatedKey);
    }
  known.push_back("tags");
  reader.checkKeys(object, path, known, deprecated);
  if (!reader.error.empty())
    return;

  if (!isDefaults)
    reader.read(object, path, "name", spec.name);
  readOptions(reader, object, path, SuiteKey, spec.options, &warnings);
  // Files are relative to the suite.
  for (const OptionInfo &info : getRunOptionInfos()) {
    if (!info.in(SuiteKey) || !reader.error.empty() ||
        (info.kind != OptionKind::Path && info.kind != OptionKind::PathList) ||
        !object.contains(info.key.str()))
      continue;
    std::string here = path + "." + info.key.str();
    json value = info.get(spec.options);
    if (info.kind == OptionKind::Path) {
      value = resolve(value.get<std::string>(), here);
    } else {
      for (size_t i = 0; i < value.size(); ++i)
        value[i] = resolve(value[i].get<std::string>(),
                           here + "[" + std::to_string(i) + "]");
    }
    info.set(spec.options, value);
  }
  if (!isDefaults && reader.error.empty() && spec.options.payloadPath.empty())
    reader.fail(path + ".payload", "is missing");

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
  SuiteReader suiteReader(reader, directory, suite.warnings);

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
                   // "cpu" pins benchmarks of one thread: from the
                   // defaults, the others are left unpinned.
                   if (spec.options.cpu && spec.options.threads != 1) {
                     if (object.contains("cpu"))
                       reader.fail(here + ".cpu",
                                   "pins a benchmark of one thread; this one "
                                   "has " +
                                       std::to_string(spec.options.threads));
                     spec.options.cpu.reset();
                   }
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
