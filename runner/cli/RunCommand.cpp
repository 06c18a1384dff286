//===- RunCommand.cpp - `loom run` ----------------------------------------===//

#include "runner/campaigns/Bundle.h"
#include "runner/cli/Commands.h"
#include "runner/cli/OptionFlags.h"
#include "runner/kernel/Run.h"
#include "runner/results/PeakCache.h"
#include "runner/results/Report.h"
#include "runner/results/Status.h"

#include "llvm/Support/raw_ostream.h"

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
             "--warmup, --dump-ir, --save-outputs and --bundle may be "
             "added)"),
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
                                         std::vector<std::string> &warnings) {
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
  auto loaded = loadBundle(fromBundle);
  if (!loaded)
    return loaded.takeError();
  options = std::move(*loaded);
  hooks.scheduleReplacesEmbedded = !options.schedulePath.empty();
  if (llvm::Error error = runFlags.apply(options, warnings))
    return error;
  completeOptions(options);
  return llvm::Error::success();
}

/// Validates the parsed options and fills `options`.
static llvm::Error fillOptions(RunOptions &options, RunHooks &hooks,
                               std::vector<std::string> &warnings) {
  hooks.timingLockPath = timingLock;
  if (!fromBundle.empty())
    return fillOptionsFromBundle(options, hooks, warnings);
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

int runRunCommand(llvm::ArrayRef<std::string> commandLine) {
  if (optionsMarkdown) {
    printOptionTable(llvm::outs());
    return 0;
  }
  RunOptions options;
  RunHooks hooks;
  std::vector<std::string> warnings;
  llvm::Error error = fillOptions(options, hooks, warnings);
  for (const std::string &warning : warnings)
    llvm::errs() << "loom run: warning: " << warning << "\n";
  if (error)
    return reportFailure("run", std::move(error));
  if (!quiet && llvm::errs().is_displayed())
    hooks.progress = [](llvm::StringRef step) {
      llvm::errs() << "loom: " << step << "...\n";
    };

  Record record = runKernel(options, llvm::errs(), hooks);
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
  if (!options.outputs.bundleDir.empty()) {
    if (llvm::Error error =
            finishBundle(record, options.outputs.bundleDir, commandLine)) {
      int code = reportFailure("run", std::move(error));
      exitCode = exitCode ? exitCode : code;
    } else if (!quiet) {
      llvm::errs() << "loom run: bundle written to "
                   << options.outputs.bundleDir << " (loom run --from-bundle "
                   << options.outputs.bundleDir << " runs it again)\n";
    }
  }
  if (!options.outputs.jsonPath.empty())
    if (llvm::Error error = writeRecord(record, options.outputs.jsonPath)) {
      int code = reportFailure("run", std::move(error));
      exitCode = exitCode ? exitCode : code;
    }
  return exitCode;
}

} // namespace mlir::loom
