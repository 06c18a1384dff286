//===- Bundle.cpp - Repro bundles of a run --------------------------------===//

#include "runner/campaigns/Bundle.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

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
  return writeRecord(record, join(dir, "record.json"));
}

llvm::Expected<RunOptions> loadBundle(llvm::StringRef dir) {
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
  return options;
}

} // namespace mlir::loom
