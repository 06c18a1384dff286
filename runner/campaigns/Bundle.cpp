//===- Bundle.cpp - Repro bundles of a run --------------------------------===//

#include "runner/campaigns/Bundle.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace mlir::loom {

static std::string join(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  return path.str().str();
}

std::string getBundleIRDir(llvm::StringRef dir) { return join(dir, "ir"); }

std::string getBundleSchedulePath(llvm::StringRef dir) {
  return join(dir, "schedule.mlir");
}

/// DIR/inputs/NAME.npy of an --input ARG: the index or the name, without %.
static std::string getBundleInputPath(llvm::StringRef dir,
                                      llvm::StringRef spec) {
  spec.consume_front("%");
  return join(join(dir, "inputs"), (spec + ".npy").str());
}

static llvm::Error createDirectory(llvm::StringRef dir) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return makeError(ExitCode::InvalidInput,
                     "cannot create the bundle directory '" + dir +
                         "': " + ec.message());
  return llvm::Error::success();
}

static llvm::Error copy(llvm::StringRef from, llvm::StringRef to) {
  if (std::error_code ec = llvm::sys::fs::copy_file(from, to))
    return makeError(ExitCode::InvalidInput,
                     "cannot copy '" + from +
                         "' into the bundle: " + ec.message());
  return llvm::Error::success();
}

/// Quotes `word` for a POSIX shell when it needs it.
static std::string shellQuote(llvm::StringRef word) {
  if (!word.empty() && llvm::all_of(word, [](char c) {
        return llvm::isAlnum(c) || llvm::StringRef("-_./=:,%+@").contains(c);
      }))
    return word.str();
  std::string quoted = "'";
  for (char c : word)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// The files of a bundle that decide what runs, relative to it.
static std::vector<std::string> listInputs(llvm::StringRef dir) {
  std::vector<std::string> files;
  for (const char *name : {"payload.mlir", "schedule.mlir"})
    if (llvm::sys::fs::exists(join(dir, name)))
      files.push_back(name);
  std::error_code ec;
  std::vector<std::string> inputs;
  for (llvm::sys::fs::directory_iterator it(join(dir, "inputs"), ec), end;
       it != end && !ec; it.increment(ec))
    inputs.push_back("inputs/" + llvm::sys::path::filename(it->path()).str());
  llvm::sort(inputs);
  files.insert(files.end(), inputs.begin(), inputs.end());
  return files;
}

static llvm::Expected<std::string> hashFile(llvm::StringRef dir,
                                            llvm::StringRef name) {
  auto text = readTextFile(join(dir, name), "the bundle's file");
  if (!text)
    return text.takeError();
  return sha256Hex(*text);
}

/// DIR/manifest.json: the hash of every file that decides what runs.
static llvm::Error writeManifest(llvm::StringRef dir) {
  nlohmann::ordered_json files = nlohmann::ordered_json::object();
  for (const std::string &name : listInputs(dir)) {
    auto hash = hashFile(dir, name);
    if (!hash)
      return hash.takeError();
    files[name] = *hash;
  }
  nlohmann::ordered_json manifest = {
      {"schema", "loom-bundle-manifest"}, {"version", 1}, {"sha256", files}};
  return writeTextFile(manifest.dump(2) + "\n", join(dir, "manifest.json"),
                       "the bundle");
}

/// Checks the files of bundle `dir` against its manifest, or (a bundle from
/// before manifests) the payload against the record.
static llvm::Expected<BundleCheck> checkBundle(llvm::StringRef dir,
                                               const Record &record) {
  BundleCheck check;
  check.path = dir.str();
  std::vector<std::pair<std::string, std::string>> expected;
  if (llvm::sys::fs::exists(join(dir, "manifest.json"))) {
    auto manifest = readJsonFile(join(dir, "manifest.json"), "the manifest");
    if (!manifest)
      return manifest.takeError();
    JsonReader reader;
    const nlohmann::ordered_json *files =
        reader.field(*manifest, "manifest", "sha256", true);
    if (files && files->is_object())
      for (auto it = files->begin(); it != files->end(); ++it)
        if (it.value().is_string())
          expected.push_back({it.key(), it.value().get<std::string>()});
    if (!reader.error.empty() || !files || !files->is_object())
      return makeError(ExitCode::InvalidInput,
                       "the bundle's manifest is not valid: " +
                           (reader.error.empty() ? "manifest.sha256 must be "
                                                   "an object"
                                                 : reader.error));
    // A file added since is as much a change as one edited.
    for (const std::string &name : listInputs(dir))
      if (!llvm::any_of(expected,
                        [&](const auto &entry) { return entry.first == name; }))
        expected.push_back({name, ""});
  } else {
    expected.push_back({"payload.mlir", record.payload.sha256});
  }
  for (const auto &[name, hash] : expected) {
    check.checked.push_back(name);
    auto actual = llvm::sys::fs::exists(join(dir, name))
                      ? hashFile(dir, name)
                      : llvm::Expected<std::string>(std::string("missing"));
    if (!actual)
      return actual.takeError();
    if (*actual != hash)
      check.modified.push_back(name);
  }
  return check;
}

llvm::Error finishBundle(const Record &record, llvm::StringRef dir,
                         llvm::ArrayRef<std::string> commandLine) {
  if (llvm::Error error = createDirectory(dir))
    return error;
  if (llvm::sys::fs::exists(record.options.payloadPath))
    if (llvm::Error error =
            copy(record.options.payloadPath, join(dir, "payload.mlir")))
      return error;
  if (!record.options.inputFiles.empty()) {
    std::string inputs = join(dir, "inputs");
    if (llvm::Error error = createDirectory(inputs))
      return error;
    for (const InputFile &input : record.options.inputFiles)
      if (llvm::sys::fs::exists(input.path))
        if (llvm::Error error =
                copy(input.path, getBundleInputPath(dir, input.spec)))
          return error;
  }
  std::vector<std::string> words;
  for (const std::string &word : commandLine)
    words.push_back(shellQuote(word));
  if (llvm::Error error = writeTextFile(llvm::join(words, " ") + "\n",
                                        join(dir, "command.txt"), "the bundle"))
    return error;
  if (llvm::Error error = writeManifest(dir))
    return error;
  return writeRecord(record, join(dir, "record.json"));
}

llvm::Expected<LoadedBundle> loadBundle(llvm::StringRef dir,
                                        bool allowModified) {
  std::string recordPath = join(dir, "record.json");
  if (!llvm::sys::fs::exists(recordPath))
    return makeError(ExitCode::InvalidInput,
                     "'" + dir +
                         "' is not a loom bundle (it has no record.json); "
                         "write one with loom run --bundle DIR");
  auto text = readTextFile(recordPath, "the bundle's record");
  if (!text)
    return text.takeError();
  auto record = parseRecord(*text);
  if (!record)
    return record.takeError();
  RunOptions options = record->options;
  options.payloadPath = join(dir, "payload.mlir");
  // The schedule as it was applied: libraries merged and knobs written in.
  options.scheduleLibraries.clear();
  options.knobs.clear();
  if (record->schedule)
    options.schedulePath = getBundleSchedulePath(dir);
  for (InputFile &input : options.inputFiles)
    input.path = getBundleInputPath(dir, input.spec);
  for (llvm::StringRef path : {llvm::StringRef(options.payloadPath),
                               llvm::StringRef(options.schedulePath)})
    if (!path.empty() && !llvm::sys::fs::exists(path))
      return makeError(ExitCode::InvalidInput,
                       "the bundle '" + dir + "' lacks '" +
                           llvm::sys::path::filename(path) + "'");
  // A new run writes no files unless asked again.
  options.outputs = RunOutputs();
  auto check = checkBundle(dir, *record);
  if (!check)
    return check.takeError();
  if (!check->modified.empty() && !allowModified)
    return makeError(ExitCode::InvalidInput,
                     "the bundle '" + dir +
                         "' was modified since it was "
                         "written: " +
                         llvm::join(check->modified, ", ") +
                         " differ from its manifest (--allow-modified runs "
                         "it anyway, and the record says so)");
  return LoadedBundle{std::move(options), std::move(*check)};
}

} // namespace mlir::loom
