//===- RunCommand.cpp - `loom run` ----------------------------------------===//

#include "runner/Bundle.h"
#include "runner/Commands.h"
#include "runner/Peak.h"
#include "runner/Report.h"
#include "runner/Run.h"
#include "runner/Status.h"

#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getRunCommand() {
  static cl::SubCommand command(
      "run",
      "apply a schedule to a payload, JIT-compile it for this CPU, check it\n"
      "against the payload without the schedule, time it and report.\n"
      "\n"
      "  loom run matmul.mlir --schedule schedule.mlir\n"
      "  loom run kernel.mlir --dim M=512 --threads 2 --json out.json\n"
      "\n"
      "The schedule is --schedule FILE, or embedded in the payload, or absent\n"
      "(plain lowering). The report goes to stdout; --json writes the record\n"
      "described in docs/record-schema.md.\n"
      "\n"
      "Exit codes:\n"
      "  0  verified (or --no-check) and timed\n"
      "  1  the output differs from the reference\n"
      "  2  usage or input error: bad option, missing file, parse or verifier\n"
      "     error, unknown function or entry point, missing or wrong sizes\n"
      "  3  the schedule failed to apply, or lowering or compilation failed\n"
      "  4  the compiled code crashed\n");
  return command;
}

namespace {
cl::OptionCategory &getRunCategory() {
  static cl::OptionCategory category("loom run options");
  return category;
}

cl::opt<std::string> payloadPath(cl::Positional, cl::desc("<payload.mlir>"),
                                 cl::sub(getRunCommand()),
                                 cl::cat(getRunCategory()));
cl::opt<std::string>
    schedulePath("schedule", cl::value_desc("file"),
                 cl::desc("Transform schedule to apply (default: the one "
                          "embedded in the payload, if any)"),
                 cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<bool> noSchedule(
    "no-schedule",
    cl::desc("Ignore any schedule, also one embedded in the payload: run the "
             "plain lowering (a baseline)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::list<std::string> scheduleLibraries(
    "schedule-lib", cl::value_desc("file"),
    cl::desc("File of named sequences for transform.include (repeatable)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string>
    entryPoint("entry-point", cl::value_desc("name"),
               cl::init("__transform_main"),
               cl::desc("Named sequence to apply (default: __transform_main)"),
               cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string>
    functionName("func", cl::value_desc("name"),
                 cl::desc("Function to run (default: the only public one)"),
                 cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::list<std::string> knobs(
    "knob", cl::value_desc("name=value"),
    cl::desc("Value of a transform.tune.knob (an option, e.g. tile=32) or "
             "region index of a transform.tune.alternatives (repeatable)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<uint64_t> seed("seed", cl::value_desc("n"), cl::init(0),
                       cl::desc("Seed of the random inputs (default: 0)"),
                       cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<InitKind>
    init("init", cl::desc("How inputs are filled (default: random)"),
         cl::init(InitKind::Random),
         cl::values(clEnumValN(InitKind::Random, "random",
                               "floats in [-1, 1), integers in [-8, 7]"),
                    clEnumValN(InitKind::Ones, "ones", "all ones"),
                    clEnumValN(InitKind::Zeros, "zeros", "all zeros"),
                    clEnumValN(InitKind::Arange, "arange",
                               "the row-major element index")),
         cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::list<std::string>
    dims("dim", cl::value_desc("spec=size"),
         cl::desc("Size of a dynamic dimension: by position (0, 1, ... over "
                  "the signature) or by a name from a loom.dims argument "
                  "attribute (repeatable)"),
         cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<bool> noCheck("no-check", cl::desc("Do not compare with the reference"),
                      cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<double> rtol("rtol", cl::value_desc("x"),
                     cl::desc("Relative tolerance for float outputs "
                              "(default: scaled to the reduction length)"),
                     cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<double> atol("atol", cl::value_desc("x"),
                     cl::desc("Absolute tolerance for float outputs "
                              "(default: rtol x the largest |reference|)"),
                     cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<int64_t> warmup("warmup", cl::value_desc("n"), cl::init(2),
                        cl::desc("Untimed calls before timing (default: 2)"),
                        cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<int64_t>
    iters("iters", cl::value_desc("n"),
          cl::desc("Exactly this many timing samples (default: at least 10 "
                   "and --min-time)"),
          cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<double> minTime("min-time", cl::value_desc("seconds"), cl::init(0.5),
                        cl::desc("Time at least this long (default: 0.5)"),
                        cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<unsigned>
    threads("threads", cl::value_desc("n"), cl::init(1),
            cl::desc("Threads for scf.forall loops (OpenMP when more than 1; "
                     "default: 1)"),
            cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string>
    fpContract("fp-contract", cl::value_desc("fast|off"), cl::init("fast"),
               cl::desc("Let LLVM fuse a*b+c into FMA (fast, default) or not "
                        "(off)"),
               cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string>
    dumpIR("dump-ir", cl::value_desc("dir"),
           cl::desc("Write the IR after the schedule, after bufferization, in "
                    "the LLVM dialect, as optimized LLVM IR and the object "
                    "file to this directory"),
           cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string> jsonPath(
    "json", cl::value_desc("file"),
    cl::desc("Write the JSON record here ('-': stdout; the table then goes "
             "to stderr)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<bool> quiet("quiet",
                    cl::desc("No progress messages and no table (errors "
                             "and --json output only)"),
                    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::list<std::string> inputFiles(
    "input", cl::value_desc("arg=file.npy"),
    cl::desc("Read an argument from a NumPy .npy file instead of generating "
             "it; the argument by index (0) or by its name in the payload "
             "(%a or a); dtype and shape must match (repeatable)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string> saveOutputs(
    "save-outputs", cl::value_desc("dir"),
    cl::desc("Write every output of the scheduled kernel (results, written "
             "memref arguments) to this directory as .npy"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<bool> saveReference(
    "save-reference",
    cl::desc("With --save-outputs, also write the reference's outputs to "
             "DIR/reference/"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string> referenceOutputs(
    "reference-outputs", cl::value_desc("dir"),
    cl::desc("Check against the .npy files an earlier run of the reference "
             "wrote (--no-schedule --save-outputs DIR, same inputs) instead "
             "of compiling and running the reference (loom tune does this)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string> timingLock(
    "timing-lock", cl::value_desc("file"),
    cl::desc("Hold an exclusive lock on FILE while timing, so that runs "
             "started together compile in parallel but time one at a time "
             "(loom tune -j uses it)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<double> peakGflops(
    "peak-gflops", cl::value_desc("x"),
    cl::desc("FMA peak of one core in GFLOP/s (multiplied by --threads), for "
             "the roofline line of the report (default: what `loom peak` "
             "cached for this machine, if anything)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<double> peakGbps(
    "peak-gbps", cl::value_desc("x"),
    cl::desc("Memory bandwidth in GB/s for this run's threads, for the "
             "roofline line of the report (default: from the `loom peak` "
             "cache)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string> bundle(
    "bundle", cl::value_desc("dir"),
    cl::desc("Write a repro bundle of the run to this directory: payload, "
             "schedule as applied, inputs, the IR of every stage, the object "
             "file, the record and the command (also when the run fails)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<std::string> fromBundle(
    "from-bundle", cl::value_desc("dir"),
    cl::desc("Run a bundle written by --bundle again, with its options "
             "(only --json, --quiet, --explain, --iters, --min-time and "
             "--warmup may be added)"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
cl::opt<bool> explain(
    "explain",
    cl::desc("Say what the schedule did: each top-level transform op with its "
             "status and how many payload ops its handles held (ops that "
             "matched nothing flagged), fusion decisions, remarks; printed "
             "also when the schedule fails"),
    cl::sub(getRunCommand()), cl::cat(getRunCategory()));
} // namespace

static bool usage(const llvm::Twine &message) {
  llvm::errs() << "loom run: error: " << message << "\n";
  return false;
}

/// The options of the bundle given with --from-bundle, plus the display and
/// timing options allowed with it.
static bool fillOptionsFromBundle(RunOptions &options) {
  const cl::Option *const fixed[] = {&payloadPath,
                                     &schedulePath,
                                     &noSchedule,
                                     std::addressof(scheduleLibraries),
                                     &entryPoint,
                                     &functionName,
                                     std::addressof(knobs),
                                     &seed,
                                     &init,
                                     std::addressof(dims),
                                     &noCheck,
                                     &rtol,
                                     &atol,
                                     &threads,
                                     &fpContract,
                                     std::addressof(inputFiles),
                                     &peakGflops,
                                     &peakGbps};
  for (const cl::Option *option : fixed)
    if (option->getNumOccurrences())
      return usage("--from-bundle runs the bundle with its own options; '" +
                   (option->ArgStr.empty() ? llvm::StringRef("<payload.mlir>")
                                           : option->ArgStr) +
                   "' cannot be changed");
  auto loaded = loadBundle(fromBundle);
  if (!loaded)
    return usage(takeError(loaded.takeError()).second);
  options = std::move(*loaded);
  if (warmup.getNumOccurrences())
    options.timing.warmup = warmup;
  if (iters.getNumOccurrences())
    options.timing.samples = iters;
  if (minTime.getNumOccurrences())
    options.timing.minTime = minTime;
  options.jsonPath = jsonPath;
  options.dumpIRDir = dumpIR;
  options.saveOutputsDir = saveOutputs;
  options.bundleDir = bundle;
  if (!options.bundleDir.empty() && options.dumpIRDir.empty())
    options.dumpIRDir = getBundleIRDir(options.bundleDir);
  return true;
}

/// Validates the parsed options and fills `options`; false on a usage error.
static bool fillOptions(RunOptions &options) {
  if (!fromBundle.empty())
    return fillOptionsFromBundle(options);
  if (payloadPath.empty())
    return usage("no payload given (loom run PAYLOAD.mlir, or --from-bundle "
                 "DIR)");
  options.payloadPath = payloadPath;
  options.schedulePath = schedulePath;
  options.noSchedule = noSchedule;
  options.scheduleLibraries.assign(scheduleLibraries.begin(),
                                   scheduleLibraries.end());
  options.entryPoint = entryPoint;
  options.function = functionName;
  for (const std::string &text : knobs) {
    auto knob = parseKnobSetting(text);
    if (!knob)
      return usage(takeError(knob.takeError()).second);
    options.knobs.push_back(*knob);
  }
  options.seed = seed;
  options.init = init;
  for (const std::string &text : dims) {
    auto dim = parseDimSize(text);
    if (!dim)
      return usage(takeError(dim.takeError()).second);
    options.dims.push_back(*dim);
  }
  for (const std::string &text : inputFiles) {
    auto [spec, path] = llvm::StringRef(text).split('=');
    if (spec.trim().empty() || path.empty() ||
        !llvm::StringRef(text).contains('='))
      return usage("--input '" + text + "' is not ARG=FILE.npy (e.g. 0=a.npy)");
    options.inputFiles.push_back({spec.trim().str(), path.str()});
  }
  options.saveOutputsDir = saveOutputs;
  if (saveReference && saveOutputs.empty())
    return usage("--save-reference needs --save-outputs DIR");
  if (saveReference && noCheck)
    return usage("--save-reference contradicts --no-check (there is no "
                 "reference)");
  options.saveReference = saveReference;
  options.referenceOutputsDir = referenceOutputs;
  options.timingLockPath = timingLock;
  if (!referenceOutputs.empty() && noCheck)
    return usage("--reference-outputs contradicts --no-check");
  options.check = !noCheck;
  if (rtol.getNumOccurrences()) {
    if (!(rtol >= 0))
      return usage("--rtol must be >= 0");
    options.rtol = rtol;
  }
  if (atol.getNumOccurrences()) {
    if (!(atol >= 0))
      return usage("--atol must be >= 0");
    options.atol = atol;
  }
  if (warmup < 0)
    return usage("--warmup must be >= 0");
  options.timing.warmup = warmup;
  if (iters.getNumOccurrences()) {
    if (iters < 1)
      return usage("--iters must be >= 1");
    options.timing.samples = iters;
  }
  if (!(minTime >= 0))
    return usage("--min-time must be >= 0");
  options.timing.minTime = minTime;
  if (threads < 1)
    return usage("--threads must be >= 1");
  options.threads = threads;
  if (fpContract != "fast" && fpContract != "off")
    return usage("--fp-contract must be fast or off");
  options.fpContractFast = fpContract == "fast";
  if (peakGflops.getNumOccurrences()) {
    if (!(peakGflops > 0))
      return usage("--peak-gflops must be > 0");
    options.peakGflopsPerCore = peakGflops;
  }
  if (peakGbps.getNumOccurrences()) {
    if (!(peakGbps > 0))
      return usage("--peak-gbps must be > 0");
    options.peakGbps = peakGbps;
  }
  if (options.peakGflopsPerCore || options.peakGbps)
    options.peakSource = "options";
  // What `loom peak` measured on this machine fills the ceilings not given.
  fillPeaksFromCache(options, getDefaultPeakCachePath());
  options.dumpIRDir = dumpIR;
  options.bundleDir = bundle;
  if (!options.bundleDir.empty() && options.dumpIRDir.empty())
    options.dumpIRDir = getBundleIRDir(options.bundleDir);
  options.jsonPath = jsonPath;
  return true;
}

int runRunCommand(llvm::ArrayRef<std::string> commandLine) {
  RunOptions options;
  if (!fillOptions(options))
    return static_cast<int>(ExitCode::InvalidInput);
  if (!quiet && llvm::errs().is_displayed())
    options.progress = [](llvm::StringRef step) {
      llvm::errs() << "loom: " << step << "...\n";
    };

  Record record = runKernel(options, llvm::errs());
  llvm::raw_ostream &table =
      options.jsonPath == "-" ? llvm::errs() : llvm::outs();
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
  if (!options.bundleDir.empty()) {
    if (llvm::Error error =
            finishBundle(record, options.bundleDir, commandLine)) {
      auto [code, message] = takeError(std::move(error));
      llvm::errs() << "loom run: error: " << message << "\n";
      if (exitCode == 0)
        exitCode = static_cast<int>(code);
    } else if (!quiet) {
      llvm::errs() << "loom run: bundle written to " << options.bundleDir
                   << " (loom run --from-bundle " << options.bundleDir
                   << " runs it again)\n";
    }
  }
  if (!options.jsonPath.empty())
    if (llvm::Error error = writeRecord(record, options.jsonPath)) {
      auto [code, message] = takeError(std::move(error));
      llvm::errs() << "loom run: error: " << message << "\n";
      if (exitCode == 0)
        exitCode = static_cast<int>(code);
    }
  return exitCode;
}

} // namespace mlir::loom
