//===- RunCommand.cpp - `loom run` ----------------------------------------===//

#include "runner/campaigns/Bundle.h"
#include "runner/cli/Commands.h"
#include "runner/cli/OptionFlags.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/kernel/Engine.h"
#include "runner/kernel/Run.h"
#include "runner/kernel/Watchdog.h"
#include "runner/results/PeakCache.h"
#include "runner/results/Report.h"
#include "runner/results/Status.h"

#include "runner/kernel/Driver.h"
#include "runner/results/Files.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getRunCommand() {
  static cl::SubCommand command(
      "run",
      R"(apply a schedule to a payload, JIT-compile it for this CPU, check it
against the payload without the schedule, time it and report.

  loom run matmul.mlir --schedule schedule.mlir
  loom run kernel.mlir --dim M=512 --threads 2 --json out.json

The schedule is --schedule FILE, or embedded in the payload, or absent
(plain lowering). The report goes to stdout; --json writes the record
described in docs/record-schema.md.

Exit codes:
  0  verified (or --no-check) and timed
  1  the output differs from the reference
  2  usage or input error: bad option, missing file, parse or verifier
     error, unknown function or entry point, missing or wrong sizes
  3  the schedule failed to apply, or lowering or compilation failed
  4  the compiled code crashed
  5  the run took longer than --timeout (the record says where it was)
  6  a runtime check failed (--check-bounds): an out-of-bounds access
)");
  return command;
}

namespace {
cl::opt<std::string> payloadPath(cl::Positional, cl::desc("<payload.mlir>"),
                                 cl::sub(getRunCommand()),
                                 cl::cat(getCategory(getRunCommand())));
/// Every option of RunOptions that `loom run` offers (results/Options.h).
OptionFlags runFlags(getRunCommand(), getCategory(getRunCommand()), RunFlag,
                     RunOptions());
cl::opt<bool> quiet("quiet",
                    cl::desc("No progress messages and no table (errors "
                             "and --json output only)"),
                    cl::sub(getRunCommand()),
                    cl::cat(getCategory(getRunCommand())));
cl::opt<std::string> timingLock(
    "timing-lock", cl::value_desc("file"),
    cl::desc("Hold an exclusive lock on FILE while the kernels run (the "
             "check and the timing), so that runs started together compile "
             "in parallel but run kernels one at a time (loom tune uses it)"),
    cl::sub(getRunCommand()), cl::cat(getCategory(getRunCommand())));
cl::opt<std::string> fromBundle(
    "from-bundle", cl::value_desc("dir"),
    cl::desc("Run a bundle written by --bundle again, with its options "
             "(only --json, --quiet, --explain, --iters, --min-time, "
             "--warmup, --dump-ir, --jitdump, --save-outputs, --bundle and "
             "--allow-modified may be added)"),
    cl::sub(getRunCommand()), cl::cat(getCategory(getRunCommand())));
cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Run each test case of the payload file (separated by lines "
             "that start with // -----, as for mlir-opt --split-input-file) "
             "as its own run; the exit code is the highest, --json writes "
             "an array of records"),
    cl::sub(getRunCommand()), cl::cat(getCategory(getRunCommand())));
cl::opt<bool> allowModified(
    "allow-modified",
    cl::desc("With --from-bundle: run a bundle whose files differ from its "
             "manifest (the record lists them)"),
    cl::sub(getRunCommand()), cl::cat(getCategory(getRunCommand())));
cl::opt<bool> optionsMarkdown(
    "options-markdown",
    cl::desc("Print the table of run options as Markdown (docs/options.md)"),
    cl::ReallyHidden, cl::sub(getRunCommand()),
    cl::cat(getCategory(getRunCommand())));
cl::opt<bool> explain(
    "explain",
    cl::desc("Say what the schedule did: each top-level transform op with its "
             "status and how many payload ops its handles held (ops that "
             "matched nothing flagged), fusion decisions, remarks; printed "
             "also when the schedule fails"),
    cl::sub(getRunCommand()), cl::cat(getCategory(getRunCommand())));
} // namespace

static llvm::Error usage(const llvm::Twine &message) {
  return makeError(ExitCode::InvalidInput, message);
}

/// What the options of a run imply: the bundle's IR and schedule, the
/// ceilings of the roofline.
static void completeOptions(RunOptions &options) {
  RunOutputs &outputs = options.outputs;
  if (!outputs.bundleDir.empty()) {
    if (outputs.dumpIRDir.empty())
      outputs.dumpIRDir = getBundleIRDir(outputs.bundleDir);
    if (!options.noSchedule)
      outputs.appliedSchedulePath = getBundleSchedulePath(outputs.bundleDir);
  }
  if (options.peakGflopsPerCore || options.peakGbps)
    options.peakSource = "options";
  // What `loom peak` measured on this machine fills the ceilings not given.
  fillPeaksFromCache(options, getDefaultPeakCachePath());
}

/// The options of the bundle given with --from-bundle, plus the display,
/// timing and output options allowed with it.
static llvm::Error fillOptionsFromBundle(RunOptions &options, RunHooks &hooks,
                                         std::vector<std::string> &warnings,
                                         std::optional<BundleCheck> &bundle) {
  static const llvm::StringRef allowed[] = {
      "--json",    "--iters",   "--min-time",     "--warmup",
      "--dump-ir", "--jitdump", "--save-outputs", "--bundle"};
  if (!payloadPath.empty())
    return usage("--from-bundle runs the bundle with its own options; "
                 "'<payload.mlir>' cannot be changed");
  if (splitInputFile)
    return usage("a bundle holds one run; --split-input-file does not apply");
  for (const std::string &flag : runFlags.getGivenFlags())
    if (!llvm::is_contained(allowed, flag))
      return usage("--from-bundle runs the bundle with its own options; '" +
                   llvm::StringRef(flag).drop_front(2) + "' cannot be changed");
  auto loaded = loadBundle(fromBundle, allowModified);
  if (!loaded)
    return loaded.takeError();
  options = std::move(loaded->options);
  bundle = std::move(loaded->check);
  if (!bundle->modified.empty())
    warnings.push_back("running the bundle with modified files: " +
                       llvm::join(bundle->modified, ", "));
  hooks.scheduleReplacesEmbedded = !options.schedulePath.empty();
  if (llvm::Error error = runFlags.apply(options, warnings))
    return error;
  completeOptions(options);
  return llvm::Error::success();
}

/// Validates the parsed options and fills `options`.
static llvm::Error fillOptions(RunOptions &options, RunHooks &hooks,
                               std::vector<std::string> &warnings,
                               std::optional<BundleCheck> &bundle) {
  hooks.timingLockPath = timingLock;
  if (!fromBundle.empty())
    return fillOptionsFromBundle(options, hooks, warnings, bundle);
  if (allowModified)
    return usage("--allow-modified goes with --from-bundle");

  if (payloadPath.empty())
    return usage("no payload given (loom run PAYLOAD.mlir, or --from-bundle "
                 "DIR)");
  options.payloadPath = payloadPath;
  if (llvm::Error error = runFlags.apply(options, warnings))
    return error;
  const RunOutputs &outputs = options.outputs;
  if (outputs.saveReference && outputs.saveOutputsDir.empty())
    return usage("--save-reference needs --save-outputs DIR");
  if (outputs.saveReference && !options.check)
    return usage("--save-reference contradicts --no-check (there is no "
                 "reference)");
  if (!options.referenceOutputsDir.empty() && !options.check)
    return usage("--reference-outputs contradicts --no-check");
  if (splitInputFile && options.chunk)
    return usage("--split-input-file runs every test case; --chunk picks one");
  if (splitInputFile && !outputs.bundleDir.empty())
    return usage("a bundle holds one run: pick a test case with --chunk N "
                 "instead of --split-input-file");
  completeOptions(options);
  return llvm::Error::success();
}

/// Where test case `number` (1-based) of a --split-input-file run writes or
/// reads the files of a directory option: DIR/case-N.
static std::string getCaseDir(llvm::StringRef dir, size_t number) {
  return (dir + "/case-" + llvm::Twine(number)).str();
}

namespace {
/// One `loom run` command: one run, or one per test case with
/// --split-input-file. Records accumulate so that whatever ends the command
/// (the last case, a timeout, a fatal error) writes all of them.
class RunSession {
public:
  RunSession(const RunOptions &options, const RunHooks &hooks,
             const std::optional<BundleCheck> &bundle,
             llvm::ArrayRef<std::string> commandLine)
      : options(options), hooks(hooks), bundle(bundle),
        commandLine(commandLine) {}

  /// Runs the payload, or each of its test cases; returns the exit code
  /// (with several cases, the highest).
  int run();

private:
  /// One run under its --timeout; records it and prints its report.
  void runOne(const RunOptions &one);
  /// Adds a finished run: prints its report and error.
  void finish(Record record);
  /// Writes the JSON (one record, or an array of them) and the bundle;
  /// returns the exit code of the whole command.
  int conclude();
  std::string describeCase(size_t index) const;

  const RunOptions &options;
  const RunHooks &hooks;
  const std::optional<BundleCheck> &bundle;
  llvm::ArrayRef<std::string> commandLine;
  /// With --split-input-file: the test cases of the payload.
  std::vector<SourceChunk> cases;
  std::vector<Record> records;
};
} // namespace

std::string RunSession::describeCase(size_t index) const {
  const SourceChunk &chunk = cases[index];
  return "test case " + std::to_string(index + 1) + " of " +
         std::to_string(cases.size()) + " (lines " +
         std::to_string(chunk.firstLine) + "-" +
         std::to_string(chunk.lastLine) + ")";
}

void RunSession::finish(Record record) {
  record.fromBundle = bundle;
  llvm::raw_ostream &table =
      options.outputs.jsonPath == "-" ? llvm::errs() : llvm::outs();
  // A failure before anything ran is reported by its error alone.
  bool ran = record.exitCode == 0 ||
             record.exitCode == static_cast<int>(ExitCode::Mismatch);
  if (!quiet && ran)
    printReport(record, table);
  if (explain)
    printScheduleExplanation(record, table);
  table.flush();
  if (record.exitCode != 0)
    llvm::errs() << "loom run: error: "
                 << (cases.empty() ? "" : describeCase(records.size()) + ": ")
                 << record.error << "\n";
  records.push_back(std::move(record));
}

int RunSession::conclude() {
  int exitCode = 0;
  for (const Record &record : records)
    exitCode = std::max(exitCode, record.exitCode);
  if (cases.size() > 1 && !quiet) {
    std::map<std::string, size_t> counts;
    for (const Record &record : records)
      ++counts[record.status];
    std::vector<std::string> parts;
    for (const auto &[status, count] : counts)
      parts.push_back(std::to_string(count) + " " + status);
    llvm::errs() << "loom run: " << records.size() << " of " << cases.size()
                 << " test cases ran: " << llvm::join(parts, ", ") << "\n";
  }
  auto keep = [&](llvm::Error error) {
    if (!error)
      return;
    int code = reportFailure("run", std::move(error));
    exitCode = exitCode ? exitCode : code;
  };
  const std::string &bundleDir = options.outputs.bundleDir;
  if (!bundleDir.empty() && !records.empty()) {
    llvm::Error error = finishBundle(records.back(), bundleDir, commandLine);
    if (!error && !quiet)
      llvm::errs() << "loom run: bundle written to " << bundleDir
                   << " (loom run --from-bundle " << bundleDir
                   << " runs it again)\n";
    keep(std::move(error));
  }
  if (!options.outputs.jitdumpDir.empty() && !quiet)
    if (std::string jitdump = findJitdump(); !jitdump.empty())
      llvm::errs() << "loom run: perf jitdump written to " << jitdump
                   << " (perf inject --jit on the perf record of this run "
                      "names the kernel's code: docs/profiling.md)\n";
  const std::string &jsonPath = options.outputs.jsonPath;
  if (!jsonPath.empty()) {
    if (cases.empty()) {
      keep(writeRecord(records.back(), jsonPath));
    } else {
      nlohmann::ordered_json all = nlohmann::ordered_json::array();
      for (const Record &record : records)
        all.push_back(toJson(record));
      keep(writeTextFile(all.dump(2) + "\n", jsonPath, "the JSON records"));
    }
  }
  return exitCode;
}

void RunSession::runOne(const RunOptions &one) {
  KernelRun run(one, hooks, llvm::errs());
  // A run that cannot finish still leaves its record (and the records of the
  // cases before it): what it had, with the status and where it was.
  auto abandon = [&](ExitCode code, const std::string &why) {
    std::string step;
    Record record = run.getSnapshot(&step);
    record.exitCode = static_cast<int>(code);
    record.status = getStatusName(code).str();
    record.error = why + " (while " + step + ")";
    finish(std::move(record));
    return conclude();
  };
  setFatalErrorHook([&](llvm::StringRef message, int code) {
    abandon(static_cast<ExitCode>(code), message.str());
  });
  Watchdog watchdog([&] {
    exitWithoutCleanup(
        abandon(ExitCode::Timeout, "the run took longer than --timeout " +
                                       formatSeconds(*one.timeoutSeconds)));
  });
  watchdog.arm(one.timeoutSeconds);
  if (run.prepare())
    run.time();
  watchdog.disarm();
  setFatalErrorHook(nullptr);
  finish(run.getRecord());
}

int RunSession::run() {
  if (!splitInputFile) {
    runOne(options);
    return conclude();
  }
  auto text = readTextFile(options.payloadPath, "the payload file");
  if (!text)
    return reportFailure("run", text.takeError());
  cases = splitSource(*text);
  llvm::raw_ostream &table =
      options.outputs.jsonPath == "-" ? llvm::errs() : llvm::outs();
  for (size_t index = 0; index < cases.size(); ++index) {
    if (!quiet) {
      table << "== " << describeCase(index) << "\n";
      table.flush(); // Before the case's diagnostics, on stderr.
    }
    RunOptions one = options;
    one.chunk = index + 1;
    // The files of each case go to a folder of their own, DIR/case-N, so that
    // no case overwrites another's (and each checks against its own).
    for (std::string *dir : {&one.outputs.saveOutputsDir,
                             &one.outputs.dumpIRDir, &one.referenceOutputsDir})
      if (!dir->empty())
        *dir = getCaseDir(*dir, index + 1);
    runOne(one);
  }
  return conclude();
}

int runRunCommand(llvm::ArrayRef<std::string> commandLine) {
  if (optionsMarkdown) {
    printOptionTable(llvm::outs());
    return 0;
  }
  RunOptions options;
  RunHooks hooks;
  std::vector<std::string> warnings;
  std::optional<BundleCheck> bundle;
  llvm::Error error = fillOptions(options, hooks, warnings, bundle);
  for (const std::string &warning : warnings)
    llvm::errs() << "loom run: warning: " << warning << "\n";
  if (error)
    return reportFailure("run", std::move(error));
  if (!quiet && llvm::errs().is_displayed())
    hooks.progress = [](llvm::StringRef step) {
      llvm::errs() << "loom: " << step << "...\n";
    };
  // The work runs on a thread whose stack is --stack-size.
  return runOnStack(options.stackSize, [&] {
    return RunSession(options, hooks, bundle, commandLine).run();
  });
}

} // namespace mlir::loom
