//===- Options.h - One description of every run option ----------*- C++ -*-===//
//
// Every field of RunOptions is described once here: its command-line flag,
// its JSON key, its type, its help and where it appears. From this one table
// come the flags of `loom run`, `loom tune` and `loom bench`
// (cli/OptionFlags.h), the keys of a suite's benchmarks
// (campaigns/Suite.cpp), the record's "options" object (both ways) and the
// arguments of a child `loom run` (toRunArguments). A flag therefore means
// the same thing in every subcommand, and a suite key is the flag's name.
//
// Naming rule: the key is the flag with '-' replaced by '_', plural for a
// repeatable flag (--knob: knobs), `check` for --no-check, and `_s` after a
// number of seconds (--min-time: min_time_s, like every *_s key of the
// record).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_OPTIONS_H
#define LOOM_RUNNER_RESULTS_OPTIONS_H

#include "runner/results/RunOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

class JsonReader;

/// Where an option appears (a bit set).
enum OptionScope : unsigned {
  /// Flags of `loom run`, `loom tune` (passed on to every candidate) and
  /// `loom bench` (applied to every benchmark of the suite).
  RunFlag = 1u << 0,
  TuneFlag = 1u << 1,
  BenchFlag = 1u << 2,
  /// Keys of a suite's "defaults" and benchmarks.
  SuiteKey = 1u << 3,
  /// Keys of the record's "options" object.
  RecordKey = 1u << 4,
};

enum class OptionKind {
  /// A switch on the command line, true or false in JSON.
  Bool,
  /// An integer (JSON: an integer).
  Integer,
  /// A number (JSON: a number).
  Number,
  /// Text (JSON: a string); a Path is a file or directory, relative to the
  /// suite file in a suite.
  String,
  Path,
  /// One of `choices`.
  Choice,
  /// A repeatable path (JSON: an array of strings).
  PathList,
  /// A repeatable NAME=VALUE (JSON: an object).
  Map,
};

using OptionJson = nlohmann::ordered_json;

struct OptionInfo {
  /// The flag without "--" (empty: no flag) and the JSON key.
  llvm::StringRef flag, key;
  OptionKind kind = OptionKind::String;
  /// The value's name in --help (`--min-time=<seconds>`) and the help text.
  llvm::StringRef valueName, help;
  unsigned scopes = 0;
  std::vector<llvm::StringRef> choices;
  /// A Bool whose flag sets the key to false (--no-check: check = false).
  bool negated = false;
  /// Map: the values are integers (--dim), not text (--knob).
  bool integerValues = false;
  /// Earlier spellings, accepted with a warning for one release.
  llvm::StringRef deprecatedFlag, deprecatedKey;
  /// The value in `options`; null when unset or empty.
  std::function<OptionJson(const RunOptions &)> get;
  /// Stores `value`, whose JSON type matches `kind` (checked by the caller);
  /// returns what is wrong with it ("must be at least 1"), or "".
  std::function<std::string(RunOptions &, const OptionJson &)> set;
  /// A Map's example value for messages ("tile_m=32").
  llvm::StringRef example;

  bool in(OptionScope scope) const { return scopes & scope; }
  /// `--flag`, or the key when the option has no flag.
  std::string getDisplayName() const;
};

/// Every option, in the order of --help and of the record.
llvm::ArrayRef<OptionInfo> getRunOptionInfos();

/// The option whose key (or deprecated key) is `key`; null if none.
const OptionInfo *findOptionByKey(llvm::StringRef key);

/// The JSON value of one command-line occurrence `text` of `option`
/// (`--dim M=4` gives {"M": 4}). Fails with InvalidInput ("--threads expects
/// an integer, got 'x'").
llvm::Expected<OptionJson> parseOptionText(const OptionInfo &option,
                                           llvm::StringRef text);

/// Checks that `value` has the JSON type of `option` and stores it; returns
/// what is wrong ("must be an integer", "must be at least 1") or "".
std::string setOption(const OptionInfo &option, RunOptions &options,
                      const OptionJson &value);

/// A problem that setOption found in one entry of a map starts with
/// ".NAME ": returns ".NAME" (or "") and the rest.
std::pair<std::string, std::string>
splitOptionProblem(const std::string &problem);

/// The command-line words that give `value` to `option` ("--threads", "2";
/// one flag per element of a list or entry of a map; a true Bool is the
/// switch alone).
std::vector<std::string> formatOptionArguments(const OptionInfo &option,
                                               const OptionJson &value);

/// A short rendering of a default value for --help ("0.5", "fast").
std::string formatOptionDefault(const OptionInfo &option,
                                const OptionJson &value);

/// The record's "options" object: every RecordKey option, in table order.
OptionJson optionsToJson(const RunOptions &options);

/// Reads the options of `scope` present in `object` (a record's "options",
/// a suite's benchmark) into `options`; problems go to `reader` with their
/// JSON path. Keys that are not options of `scope` are left to the caller.
/// Deprecated keys are read, and their names added to `deprecated`.
void readOptions(JsonReader &reader, const OptionJson &object,
                 const std::string &path, OptionScope scope,
                 RunOptions &options,
                 std::vector<std::string> *deprecated = nullptr);

/// The table as Markdown: docs/options.md is this, and a test fails when it
/// is stale (`make docs` refreshes it).
void printOptionTable(llvm::raw_ostream &os);

/// The arguments of `loom run` (without the program name) that run
/// `options`: the payload, then every run flag whose value differs from a
/// default `loom run`'s.
std::vector<std::string> toRunArguments(const RunOptions &options);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_OPTIONS_H
