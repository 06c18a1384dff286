//===- RunCommand.cpp - `loom run` ----------------------------------------===//

#include "runner/campaigns/Bundle.h"
#include "runner/cli/Commands.h"
#include "runner/cli/OptionFlags.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/kernel/Run.h"
#include "runner/kernel/Watchdog.h"
#include "runner/results/PeakCache.h"
#include "runner/results/Report.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

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
    cl::desc("Hold an exclusive lock on FILE while timing, so that runs "
             "started together compile in parallel but time one at a time "
             "(loom tune -j uses it)"),
    cl::sub(getRunCommand()), cl::cat(getCategory(getRunCommand())));
cl::opt<std::string> fromBundle(
    "from-bundle", cl::value_desc("dir"),
    cl::desc("Run a bundle written by --bundle again, with its options "
             "(only --json, --quiet, --explain, --iters, --min-time, "
             "--warmup, --dump-ir, --save-outputs, --bundle and "
             "--allow-modified may be added)"),
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
      "--json",    "--iters",        "--min-time", "--warmup",
      "--dump-ir", "--save-outputs", "--bundle"};
  if (!payloadPath.empty())
    return usage("--from-bundle runs the bundle with its own options; "
                 "'<payload.mlir>' cannot be changed");
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
  completeOptions(options);
  return llvm::Error::success();
}

/// Prints the report and the error, writes the bundle and the JSON record;
/// returns the exit code.
static int finishRun(const Record &record, const RunOptions &options,
                     llvm::ArrayRef<std::string> commandLine) {
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
    llvm::errs() << "loom run: error: " << record.error << "\n";
  int exitCode = record.exitCode;
  const std::string &bundleDir = options.outputs.bundleDir;
  if (!bundleDir.empty()) {
    if (llvm::Error error = finishBundle(record, bundleDir, commandLine)) {
      int code = reportFailure("run", std::move(error));
      exitCode = exitCode ? exitCode : code;
    } else if (!quiet) {
      llvm::errs() << "loom run: bundle written to " << bundleDir
                   << " (loom run --from-bundle " << bundleDir
                   << " runs it again)\n";
    }
  }
  if (!options.outputs.jsonPath.empty())
    if (llvm::Error error = writeRecord(record, options.outputs.jsonPath)) {
      int code = reportFailure("run", std::move(error));
      exitCode = exitCode ? exitCode : code;
    }
  return exitCode;
}

static int runKernelCommand(const RunOptions &options, const RunHooks &hooks,
                            const std::optional<BundleCheck> &bundle,
                            llvm::ArrayRef<std::string> commandLine);

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
    return runKernelCommand(options, hooks, bundle, commandLine);
  });
}

/// The run itself, under its --timeout.
static int runKernelCommand(const RunOptions &options, const RunHooks &hooks,
                            const std::optional<BundleCheck> &bundle,
                            llvm::ArrayRef<std::string> commandLine) {
  KernelRun run(options, hooks, llvm::errs());
  // A run that cannot finish still leaves its record: what it had, with the
  // status and where it was.
  auto abandon = [&](ExitCode code, const std::string &why) {
    std::string step;
    Record record = run.getSnapshot(&step);
    record.fromBundle = bundle;
    record.exitCode = static_cast<int>(code);
    record.status = getStatusName(code).str();
    record.error = why + " (while " + step + ")";
    return finishRun(record, options, commandLine);
  };
  setFatalErrorHook([&](llvm::StringRef message, int code) {
    abandon(static_cast<ExitCode>(code), message.str());
  });
  Watchdog watchdog([&] {
    exitWithoutCleanup(
        abandon(ExitCode::Timeout, "the run took longer than --timeout " +
                                       formatSeconds(*options.timeoutSeconds)));
  });
  watchdog.arm(options.timeoutSeconds);
  if (run.prepare())
    run.time();
  watchdog.disarm();
  setFatalErrorHook(nullptr);
  Record record = run.getRecord();
  record.fromBundle = bundle;
  return finishRun(record, options, commandLine);
}

} // namespace mlir::loom
