//===- Run.cpp - `loom run` as a library function -------------------------===//

#include "runner/kernel/Run.h"
#include "runner/kernel/Check.h"
#include "runner/kernel/CpuPin.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/kernel/Driver.h"
#include "runner/kernel/Engine.h"
#include "runner/kernel/HostDefaults.h"
#include "runner/kernel/KernelAllocator.h"
#include "runner/kernel/KnobConstraints.h"
#include "runner/kernel/Knobs.h"
#include "runner/kernel/Npy.h"
#include "runner/kernel/OutputCapture.h"
#include "runner/kernel/Timer.h"
#include "runner/results/Files.h"
#include "runner/results/Host.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Report.h"
#include "runner/results/Status.h"

#include "transforms/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <mutex>
#include <sys/file.h>
#include <unistd.h>

namespace mlir::loom {

/// One `loom run`, step by step. Each step fills its part of the record.
class KernelRun::Runner {
public:
  Runner(const RunOptions &options, const RunHooks &hooks,
         llvm::raw_ostream &diagnostics)
      : options(options), hooks(hooks), driver(diagnostics) {
    record = createRecord();
    record.options = options;
    record.payload.path = options.payloadPath;
  }
  ~Runner() { unlockKernels(); }

  /// Everything before timing: load, schedule, compile, check.
  llvm::Error prepare();
  /// One more timing loop.
  llvm::Error time();
  /// Puts `error` into the record.
  void fail(llvm::Error error);

private:
  void progress(llvm::StringRef message) {
    publish(message);
    if (hooks.progress)
      hooks.progress(message);
  }

public:
  /// Makes the record so far and the step under way visible to
  /// getSnapshot().
  void publish(llvm::StringRef step) {
    std::lock_guard<std::mutex> lock(snapshotMutex);
    snapshot = record;
    snapshotStep = step.str();
  }
  Record getSnapshot(std::string *step) const {
    std::lock_guard<std::mutex> lock(snapshotMutex);
    if (step)
      *step = snapshotStep;
    return snapshot;
  }

private:
  std::string dumpPath(llvm::StringRef name) const {
    llvm::SmallString<256> path(options.outputs.dumpIRDir);
    llvm::sys::path::append(path, name);
    return std::string(path);
  }

  llvm::Error load();
  /// Refuses sizes whose buffers cannot fit in this process, before
  /// anything is allocated.
  llvm::Error checkMemory();
  llvm::Error compileScheduled();
  llvm::Error checkAgainstReference();
  /// --no-check: one call of the kernel, for what it prints and saves.
  llvm::Error runUnchecked();
  /// Lowers, compiles and calls the reference.
  llvm::Expected<SmallVector<Buffer>> runReference();
  /// Compares every output (and what was printed) with the reference's.
  void compareBuffers(ArrayRef<Buffer> got, ArrayRef<Buffer> expected);

  /// Compiles `module` (LLVM dialect) into a kernel for the function.
  llvm::Expected<std::unique_ptr<Kernel>> compile(ModuleOp module,
                                                  const EngineOptions &engine);
  /// Runs compiled code (`what`) under the crash guard; with --check-bounds,
  /// what it prints is watched for a failed runtime check, which becomes a
  /// RuntimeCheck error with the check's message and location.
  /// What it printed goes to `printed` (when given) instead of stdout.
  llvm::Error runChecked(llvm::StringRef what, llvm::function_ref<void()> fn,
                         std::string *printed = nullptr);
  /// Calls `kernel` once on copies of the inputs; returns the results followed
  /// by the argument buffers after the call, and what it printed.
  llvm::Expected<SmallVector<Buffer>>
  callOnce(Kernel &kernel, llvm::StringRef what, std::string &printed);
  /// Maps each --input to its argument (by index or source name).
  llvm::Error resolveInputFiles(func::FuncOp function);
  /// The generated inputs, with --input files read over them.
  llvm::Error createInputs();
  /// Writes the outputs among `buffers` (results, then arguments; as
  /// callOnce returns them) to `dir` as .npy, and what was printed as
  /// printed.txt.
  llvm::Error saveOutputs(ArrayRef<Buffer> buffers, llvm::StringRef printed,
                          llvm::StringRef dir);
  std::string getOutputName(size_t index) const;
  /// What the reference wrote to `dir` (--save-outputs), shaped like `got`.
  llvm::Expected<SmallVector<Buffer>> loadReferenceOutputs(ArrayRef<Buffer> got,
                                                           llvm::StringRef dir);

public:
  const RunOptions options;
  const RunHooks hooks;
  Record record;

private:
  mutable std::mutex snapshotMutex;
  Record snapshot;
  std::string snapshotStep;
  Driver driver;

  OwningOpRef<ModuleOp> payload, reference, schedule;
  std::string functionName;
  SmallVector<Argument> arguments;
  SmallVector<ValueSignature> results;
  SmallVector<Buffer> inputs;
  /// The .npy file of each argument, or empty.
  SmallVector<std::string> inputPaths;
  std::unique_ptr<Kernel> kernel;
  /// Arguments of the scheduled kernel after the check call, reused for timing.
  SmallVector<Buffer> timingArguments;
  /// What the scheduled kernel and the reference printed when called.
  std::string printed, referencePrinted;
  /// The --timing-lock file while this run's kernels run, else -1.
  int kernelLock = -1;

  /// Concurrent runs (loom tune -j, and the candidate it compiles while
  /// another is measured) compile together, but run their kernels (the
  /// check and the timing) one at a time: the lock is taken before the
  /// first kernel call and released after timing.
  llvm::Error lockKernels() {
    if (hooks.timingLockPath.empty() || kernelLock >= 0)
      return llvm::Error::success();
    progress("waiting for the timing lock");
    kernelLock = ::open(hooks.timingLockPath.c_str(),
                        O_CREAT | O_RDWR | O_CLOEXEC, 0644);
    if (kernelLock < 0 || ::flock(kernelLock, LOCK_EX) != 0)
      return makeError(ExitCode::InvalidInput,
                       "cannot lock '" + hooks.timingLockPath + "'");
    return llvm::Error::success();
  }
  void unlockKernels() {
    if (kernelLock >= 0)
      ::close(kernelLock); // Releases the flock.
    kernelLock = -1;
  }
};

llvm::Error KernelRun::Runner::load() {
  double start = now();
  progress("parsing the payload");
  auto loaded = driver.load(options.payloadPath, "payload", options.chunk);
  if (!loaded)
    return loaded.takeError();
  payload = std::move(loaded->module);
  record.payload = loaded->file;

  OwningOpRef<ModuleOp> embedded = driver.extractEmbeddedSchedule(*payload);
  if (options.noSchedule) {
    if (!options.schedulePath.empty() || !options.scheduleLibraries.empty())
      return makeError(ExitCode::InvalidInput,
                       "--no-schedule contradicts --schedule/--schedule-lib");
  } else if (!options.schedulePath.empty()) {
    auto file = driver.load(options.schedulePath, "schedule");
    if (!file)
      return file.takeError();
    if (embedded && !hooks.scheduleReplacesEmbedded)
      emitWarning(embedded->getLoc()) << "the payload embeds a schedule; using "
                                      << options.schedulePath << " instead";
    schedule = std::move(file->module);
    record.schedule = ScheduleInfo{file->file, false, options.entryPoint, {}};
  } else if (embedded) {
    schedule = std::move(embedded);
    record.schedule = ScheduleInfo{{}, true, options.entryPoint, {}};
  }
  if (!options.scheduleLibraries.empty() && !schedule)
    return makeError(ExitCode::InvalidInput,
                     "--schedule-lib needs a schedule: pass --schedule or "
                     "embed one in the payload");
  for (const std::string &path : options.scheduleLibraries) {
    auto library = driver.load(path, "schedule library");
    if (!library)
      return library.takeError();
    record.schedule->libraries.push_back(library->file);
    if (llvm::Error error = driver.addLibrary(*schedule, std::move(*library)))
      return error;
  }
  if (schedule) {
    if (llvm::Error error = driver.checkSchedule(*schedule, options.entryPoint))
      return error;
    // A tuned record for this payload, schedule, CPU and thread count gives
    // the knobs that --knob does not.
    std::vector<KnobSetting> settings = options.knobs;
    if (!listTunables(*schedule).empty()) {
      RecordsUse &use = record.schedule->records.emplace();
      // The schedule as MLIR reads it, libraries included: a record of
      // another version is not applied, one made before an edit of its
      // comments is. Records of Loom 0.1.0 were keyed by the files' bytes:
      // the schedule and its libraries, in order.
      std::string legacySha256 = record.schedule->embedded
                                     ? record.payload.sha256
                                     : record.schedule->file.sha256;
      if (!record.schedule->libraries.empty()) {
        for (const FileInfo &library : record.schedule->libraries)
          legacySha256 += library.sha256;
        legacySha256 = sha256Hex(legacySha256);
      }
      auto resolved =
          resolveTunedRecord(options, record.host, *payload,
                             getIRDigest(*schedule), legacySha256, use);
      if (!resolved)
        return resolved.takeError();
      settings = std::move(*resolved);
    }
    // Knobs with a loom.host_default and no value given (--knob, a record)
    // take it from this machine's parameters.
    auto parameters =
        getHostParameters(record.host, options.threads, options.hostParams);
    if (!parameters)
      return parameters.takeError();
    auto hostDefaults = applyHostDefaults(*schedule, *parameters, settings);
    if (!hostDefaults)
      return hostDefaults.takeError();
    record.schedule->hostDefaults = std::move(*hostDefaults);
    if (llvm::Error error = applyKnobs(*schedule, settings))
      return error;
    for (const Tunable &tunable : listTunables(*schedule))
      record.schedule->knobs.push_back({tunable.name, *tunable.selected});
    // transform.smt.constrain_params: checked against the knob values, then
    // removed (the interpreter always fails on it).
    if (llvm::Error error = applyScheduleConstraints(*schedule))
      return error;
    if (!options.outputs.appliedSchedulePath.empty())
      if (llvm::Error error =
              writeIR(*schedule, options.outputs.appliedSchedulePath,
                      /*withLocations=*/true))
        return error;
  } else if (!options.knobs.empty()) {
    return makeError(ExitCode::InvalidInput,
                     "--knob needs a schedule: pass --schedule or embed one "
                     "in the payload");
  }

  auto function = driver.findFunction(*payload, options.function);
  if (!function)
    return function.takeError();
  // Private functions may be inlined away by LLVM; the one we call must stay.
  function->setPublic();
  functionName = function->getName().str();
  record.function = functionName;
  // The schedule, the lowering and the compiler see only this function and
  // what it calls.
  eraseUnreachableFunctions(*payload, functionName);

  auto resolved = resolveArguments(*function, options.dims);
  if (!resolved)
    return resolved.takeError();
  arguments = std::move(*resolved);
  if (llvm::Error error = resolveInputFiles(*function))
    return error;
  for (const Argument &argument : arguments)
    record.arguments.push_back(
        {argument.index,
         typeToString(argument.signature.type),
         typeToString(argument.concreteType),
         {argument.shape.begin(), argument.shape.end()}});
  for (auto [index, type] :
       llvm::enumerate(function->getFunctionType().getResults())) {
    auto signature = getValueSignature(type, ("result #" + Twine(index)).str());
    if (!signature)
      return signature.takeError();
    results.push_back(*signature);
  }

  if (llvm::Error error = checkMemory())
    return error;

  auto work = driver.analyzeWork(*payload, functionName, arguments);
  if (!work)
    return work.takeError();
  record.work = std::move(*work);
  if (options.check)
    reference = payload->clone();
  record.phases.parse = now() - start;
  return llvm::Error::success();
}

llvm::Error KernelRun::Runner::checkMemory() {
  double bytes = 0;
  for (const Argument &argument : arguments)
    bytes += argument.bytes;
  for (const ValueSignature &result : results)
    if (auto shaped = dyn_cast<ShapedType>(result.type);
        shaped && shaped.hasStaticShape()) {
      double elements = getByteSize(result.kind);
      for (int64_t size : shaped.getShape())
        elements *= size;
      bytes += elements;
    }
  // The inputs, what the reference is given and returns, what the scheduled
  // kernel is given and returns.
  double needed = 3 * bytes;
  std::optional<MemoryAvailable> available = getAvailableMemory();
  if (!available || needed <= available->bytes)
    return llvm::Error::success();
  return makeError(
      ExitCode::InvalidInput,
      "the run needs about " + formatBytes(needed) + " for its buffers (" +
          formatBytes(bytes) +
          " of arguments and results, three copies: the inputs, the "
          "reference's and the scheduled kernel's), and " +
          formatBytes(available->bytes) + " are available (" +
          available->limit + "); give smaller sizes");
}

llvm::Expected<std::unique_ptr<Kernel>>
KernelRun::Runner::compile(ModuleOp module, const EngineOptions &engine) {
  SmallVector<ValueSignature> argumentSignatures;
  for (const Argument &argument : arguments)
    argumentSignatures.push_back(argument.signature);
  std::unique_ptr<Kernel> compiled;
  llvm::Error error = llvm::Error::success();
  if (llvm::Error crash =
          runGuarded("the LLVM compiler", ExitCode::CompileFailure, [&] {
            auto result = Kernel::compile(module, functionName,
                                          argumentSignatures, results, engine);
            if (result)
              compiled = std::move(*result);
            else
              error = result.takeError();
          })) {
    llvm::consumeError(std::move(error));
    return std::move(crash);
  }
  if (error)
    return std::move(error);
  return compiled;
}

llvm::Error KernelRun::Runner::compileScheduled() {
  const std::string &dumpIRDir = options.outputs.dumpIRDir;
  if (!dumpIRDir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(dumpIRDir))
      return makeError(ExitCode::InvalidInput,
                       "cannot create the --dump-ir directory '" + dumpIRDir +
                           "': " + ec.message());

  double start = now();
  if (schedule) {
    progress("applying the schedule");
    llvm::Error error = llvm::Error::success();
    if (llvm::Error crash = runGuarded(
            "the transform interpreter", ExitCode::CompileFailure, [&] {
              error = driver.applySchedule(
                  *payload, *schedule, options.entryPoint,
                  options.bindTrailingArgs, *record.schedule);
            })) {
      llvm::consumeError(std::move(error));
      return crash;
    }
    if (error)
      return error;
  }
  record.phases.schedule = now() - start;
  if (!dumpIRDir.empty())
    if (llvm::Error error = writeIR(*payload, dumpPath("1-scheduled.mlir")))
      return error;

  progress("lowering to LLVM");
  start = now();
  llvm::Error error = llvm::Error::success();
  if (llvm::Error crash =
          runGuarded("the lowering pipeline", ExitCode::CompileFailure, [&] {
            error = driver.lowerToLLVM(*payload, {options.threads}, dumpIRDir);
          })) {
    llvm::consumeError(std::move(error));
    return crash;
  }
  if (error)
    return error;
  record.phases.lower = now() - start;

  progress("JIT-compiling");
  start = now();
  EngineOptions engine;
  engine.threads = options.threads;
  engine.fpContractFast = options.fpContractFast;
  if (!dumpIRDir.empty()) {
    engine.llvmIRPath = dumpPath("4-optimized.ll");
    engine.objectPath = dumpPath("5-kernel.o");
  }
  // The reference is compiled without it: perf names only this kernel.
  engine.jitdumpDir = options.outputs.jitdumpDir;
  auto compiled = compile(*payload, engine);
  if (!compiled)
    return compiled.takeError();
  kernel = std::move(*compiled);
  record.phases.jit = now() - start;
  return llvm::Error::success();
}

llvm::Expected<SmallVector<Buffer>>
KernelRun::Runner::callOnce(Kernel &target, llvm::StringRef what,
                            std::string &printed) {
  SmallVector<Buffer> argumentBuffers;
  for (const Buffer &input : inputs)
    argumentBuffers.push_back(input.clone());
  SmallVector<Buffer> outputs;
  if (llvm::Error crash = runChecked(
          what,
          [&] {
            target.bind(argumentBuffers);
            target.call();
            outputs = target.takeResults();
          },
          &printed))
    return std::move(crash);
  for (Buffer &buffer : argumentBuffers)
    outputs.push_back(std::move(buffer));
  return outputs;
}

/// The message of a failed runtime check among what a kernel printed:
/// "out-of-bounds access at file:line:col (memref.store ...)"; empty if none.
static std::string findRuntimeCheckFailure(llvm::StringRef printed) {
  size_t start = printed.find("ERROR: Runtime op verification failed");
  if (start == llvm::StringRef::npos)
    return "";
  SmallVector<llvm::StringRef> lines;
  printed.drop_front(start).split(lines, '\n');
  std::string op, problem, location;
  for (llvm::StringRef line : llvm::drop_begin(lines)) {
    if (line.consume_front("^ "))
      problem = line.trim().str();
    else if (line.consume_front("Location: loc("))
      location = line.rtrim().drop_back().str();
    else if (op.empty())
      op = line.trim().str();
    if (!location.empty())
      break;
  }
  // loc("file.mlir":4:3) reads file.mlir:4:3.
  llvm::StringRef where = location;
  if (where.consume_front("\"")) {
    auto [file, position] = where.split('"');
    location = (file + position).str();
  }
  return (problem.empty() ? "a runtime check failed" : problem) +
         (location.empty() ? "" : " at " + location) +
         (op.empty() ? "" : " (" + op + ")");
}

llvm::Error KernelRun::Runner::runChecked(llvm::StringRef what,
                                          llvm::function_ref<void()> fn,
                                          std::string *printed) {
  if (!options.checkBounds && !printed)
    return runGuarded(what, ExitCode::Crash, fn);
  OutputCapture capture;
  llvm::Error crash = runGuarded(what, ExitCode::Crash, fn);
  std::string text = capture.take();
  std::string failure =
      options.checkBounds ? findRuntimeCheckFailure(text) : std::string();
  if (failure.empty()) {
    if (printed)
      *printed = std::move(text);
    else
      llvm::outs() << text; // Not ours to keep.
    return crash;
  }
  llvm::consumeError(std::move(crash));
  return makeError(ExitCode::RuntimeCheck,
                   what +
                       " failed a runtime check (--check-bounds): " + failure);
}

llvm::Error KernelRun::Runner::runUnchecked() {
  record.check.status = "skipped";
  record.check.reason = "--no-check";
  progress("running the scheduled kernel once");
  // One call: what the kernel prints is shown and decides whether it is
  // timed; its outputs are saved when asked.
  auto got = callOnce(*kernel, "the scheduled kernel", printed);
  if (!got)
    return got.takeError();
  record.printed = printed;
  if (options.outputs.saveOutputsDir.empty())
    return llvm::Error::success();
  return saveOutputs(*got, printed, options.outputs.saveOutputsDir);
}

llvm::Expected<SmallVector<Buffer>> KernelRun::Runner::runReference() {
  progress("running the reference (the payload without the schedule)");
  if (llvm::Error error =
          driver.lowerReference(*reference, options.checkBounds))
    return makeError(ExitCode::CompileFailure,
                     "the payload without the schedule does not lower, so "
                     "there is no reference to check against (--no-check "
                     "skips the check): " +
                         takeError(std::move(error)).second);
  EngineOptions engine;
  engine.fpContractFast = options.fpContractFast;
  auto referenceKernel = compile(*reference, engine);
  if (!referenceKernel)
    return referenceKernel.takeError();
  return callOnce(**referenceKernel, "the reference kernel", referencePrinted);
}

void KernelRun::Runner::compareBuffers(ArrayRef<Buffer> got,
                                       ArrayRef<Buffer> expected) {
  const WorkSummary &work = *record.work;
  unsigned numResults = results.size();
  for (unsigned i = 0; i < got.size(); ++i) {
    bool isResult = i < numResults;
    unsigned argIndex = i - numResults;
    if (!isResult && arguments[argIndex].signature.isScalar)
      continue;
    if (!isResult && !isa<MemRefType>(arguments[argIndex].signature.type))
      continue; // Tensor arguments are values: writes to them are not outputs.
    int64_t reduction =
        isResult ? work.resultReduction[i] : work.argReduction[argIndex];
    OutputComparison comparison = compareOutputs(got[i], expected[i], reduction,
                                                 {options.rtol, options.atol});
    bool written = isResult || work.argWritten[argIndex];
    if (!written && comparison.passed())
      continue; // An input that stayed as it was.
    comparison.name =
        isResult ? "result " + std::to_string(i) : arguments[argIndex].name;
    comparison.type = typeToString(
        isResult ? results[i].type : arguments[argIndex].signature.type);
    if (!written)
      comparison.problem =
          "the kernel wrote to this input argument" +
          (comparison.problem.empty() ? std::string()
                                      : ": " + comparison.problem);
    record.check.outputs.push_back(std::move(comparison));
  }
  // What was printed is an output too (upstream tests print their results).
  if (printed.empty() && referencePrinted.empty())
    return;
  int64_t reduction = 1;
  for (const OpWorkRecord &op : work.ops)
    reduction = std::max(reduction, op.reduction);
  record.check.outputs.push_back(comparePrinted(
      printed, referencePrinted, reduction, {options.rtol, options.atol}));
}

llvm::Error KernelRun::Runner::checkAgainstReference() {
  if (llvm::Error error = lockKernels())
    return error;
  if (!options.check)
    return runUnchecked();
  double start = now();
  llvm::Expected<SmallVector<Buffer>> expected = SmallVector<Buffer>();
  if (options.referenceOutputsDir.empty()) {
    expected = runReference();
    if (!expected)
      return expected.takeError();
  }
  record.phases.reference = now() - start;

  progress("checking the scheduled kernel");
  start = now();
  auto got = callOnce(*kernel, "the scheduled kernel", printed);
  if (!got)
    return got.takeError();
  record.printed = printed;
  if (!options.referenceOutputsDir.empty()) {
    expected = loadReferenceOutputs(*got, options.referenceOutputsDir);
    if (!expected)
      return expected.takeError();
  }
  // Saved before comparing: a mismatch is when they are most wanted.
  if (const std::string &dir = options.outputs.saveOutputsDir; !dir.empty()) {
    if (llvm::Error error = saveOutputs(*got, printed, dir))
      return error;
    if (options.outputs.saveReference)
      if (llvm::Error error =
              saveOutputs(*expected, referencePrinted, dir + "/reference"))
        return error;
  }
  compareBuffers(*got, *expected);
  record.phases.check = now() - start;
  // The scheduled kernel's argument buffers are reused for timing.
  for (unsigned i = results.size(); i < got->size(); ++i)
    timingArguments.push_back(std::move((*got)[i]));

  if (record.check.outputs.empty()) {
    record.check.status = "skipped";
    record.check.reason = "the function has no results, writes no memref "
                          "argument and prints nothing";
    return llvm::Error::success();
  }
  bool passed =
      llvm::all_of(record.check.outputs,
                   [](const OutputComparison &o) { return o.passed(); });
  record.check.status = passed ? "passed" : "failed";
  if (!passed)
    return makeError(ExitCode::Mismatch,
                     "the scheduled kernel's output differs from the "
                     "reference");
  return llvm::Error::success();
}

llvm::Error KernelRun::Runner::time() {
  // A function that prints is run once, not timed tens of thousands of
  // times (unless asked).
  if (!options.time) {
    record.timingNote = "not timed (--no-timing)";
    return llvm::Error::success();
  }
  if (!printed.empty() && !options.timePrinting) {
    record.timingNote = "not timed: the function prints (--time-printing "
                        "times it, printing to nowhere)";
    return llvm::Error::success();
  }
  if (llvm::Error error = lockKernels())
    return error;
  // Released when timing ends: the next run may start its kernels.
  llvm::scope_exit unlock([&] { unlockKernels(); });
  // --cpu: the timing stays on one logical CPU (given back after).
  std::unique_ptr<CpuPin> pin;
  if (options.cpu) {
    auto pinned = CpuPin::pin(static_cast<unsigned>(*options.cpu));
    if (!pinned)
      return pinned.takeError();
    pin = std::move(*pinned);
  }
  progress("timing");
  if (timingArguments.empty())
    for (const Buffer &input : inputs)
      timingArguments.push_back(input.clone());
  TimingStats stats;
  // What a kernel prints while it is timed goes nowhere.
  std::optional<OutputCapture> silence;
  if (!printed.empty())
    silence.emplace(/*discard=*/true);
  if (llvm::Error crash = runChecked("the scheduled kernel", [&] {
        kernel->bind(timingArguments);
        stats = measure(options.timing, [&] {
          kernel->call();
          kernel->releaseResults();
        });
      }))
    return crash;
  record.phases.timing = stats.total;
  record.timing = std::move(stats);
  return llvm::Error::success();
}

llvm::Error KernelRun::Runner::prepare() {
  if (llvm::Error error = checkCpuOption(options.cpu, options.threads))
    return error;
  if (llvm::Error error = load())
    return error;
  if (llvm::Error error = compileScheduled())
    return error;
  if (llvm::Error error = createInputs())
    return error;
  return checkAgainstReference();
}

/// The name an argument has in the payload's source (`a` for `%a`), read at
/// its location; empty when the source is not at hand.
static std::string getSourceName(BlockArgument argument,
                                 ArrayRef<llvm::StringRef> lines) {
  auto loc = dyn_cast<FileLineColLoc>(argument.getLoc());
  if (!loc || loc.getLine() == 0 || loc.getLine() > lines.size())
    return "";
  llvm::StringRef line = lines[loc.getLine() - 1];
  if (loc.getColumn() == 0 || loc.getColumn() > line.size())
    return "";
  llvm::StringRef rest = line.drop_front(loc.getColumn() - 1);
  if (!rest.consume_front("%"))
    return "";
  return rest
      .take_while([](char c) {
        return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
      })
      .str();
}

llvm::Error KernelRun::Runner::resolveInputFiles(func::FuncOp function) {
  inputPaths.assign(arguments.size(), "");
  if (options.inputFiles.empty())
    return llvm::Error::success();
  auto source = readTextFile(options.payloadPath, "the payload");
  if (!source)
    return source.takeError();
  SmallVector<llvm::StringRef> lines;
  llvm::StringRef(*source).split(lines, '\n');
  SmallVector<std::string> names;
  for (BlockArgument argument : function.getArguments())
    names.push_back(getSourceName(argument, lines));
  for (const InputFile &input : options.inputFiles) {
    llvm::StringRef spec = input.spec;
    spec.consume_front("%");
    std::optional<unsigned> index;
    unsigned position;
    if (!spec.getAsInteger(10, position) && position < arguments.size())
      index = position;
    for (auto [i, name] : llvm::enumerate(names))
      if (!index && !name.empty() && name == spec)
        index = i;
    if (!index) {
      std::vector<std::string> known;
      for (auto [i, name] : llvm::enumerate(names))
        known.push_back(std::to_string(i) +
                        (name.empty() ? "" : " (%" + name + ")"));
      return makeError(ExitCode::InvalidInput,
                       "--input " + input.spec + "=" + input.path +
                           ": no argument '" + input.spec +
                           "'; the arguments of @" + functionName + ": " +
                           llvm::join(known, ", "));
    }
    if (!inputPaths[*index].empty())
      return makeError(ExitCode::InvalidInput,
                       "--input gives two files for " + arguments[*index].name);
    inputPaths[*index] = input.path;
  }
  return llvm::Error::success();
}

llvm::Error KernelRun::Runner::createInputs() {
  for (auto [argument, path] : llvm::zip_equal(arguments, inputPaths)) {
    Buffer buffer = createInput(argument, options.init, options.seed);
    if (!path.empty()) {
      auto array = readNpyFile(path);
      if (!array)
        return array.takeError();
      std::string what =
          argument.name + " (" + typeToString(argument.concreteType) + ")";
      if (llvm::Error error = copyNpyInto(*array, buffer, what, path))
        return error;
    }
    inputs.push_back(std::move(buffer));
  }
  return llvm::Error::success();
}

/// The name of output `index` of callOnce's buffers in a --save-outputs
/// directory ("result0", "arg2"), or empty when it is not an output.
std::string KernelRun::Runner::getOutputName(size_t index) const {
  if (index < results.size())
    return "result" + std::to_string(index);
  unsigned argIndex = index - results.size();
  if (!isa<MemRefType>(arguments[argIndex].signature.type) ||
      !record.work->argWritten[argIndex])
    return "";
  return "arg" + std::to_string(argIndex);
}

llvm::Expected<SmallVector<Buffer>>
KernelRun::Runner::loadReferenceOutputs(ArrayRef<Buffer> got,
                                        llvm::StringRef dir) {
  std::string printedPath = (dir + "/printed.txt").str();
  if (llvm::sys::fs::exists(printedPath)) {
    auto text = readTextFile(printedPath, "the reference's printed output");
    if (!text)
      return text.takeError();
    referencePrinted = std::move(*text);
  }
  SmallVector<Buffer> expected;
  for (auto [index, buffer] : llvm::enumerate(got)) {
    std::string name = getOutputName(index);
    if (name.empty()) {
      // Not an output: the reference leaves it as the input was.
      expected.push_back(inputs[index - results.size()].clone());
      continue;
    }
    std::string path = (dir + "/" + name + ".npy").str();
    auto array = readNpyFile(path);
    if (!array)
      return array.takeError();
    Buffer copy = buffer.clone();
    if (llvm::Error error = copyNpyInto(*array, copy, name, path))
      return std::move(error);
    expected.push_back(std::move(copy));
  }
  return expected;
}

llvm::Error KernelRun::Runner::saveOutputs(ArrayRef<Buffer> buffers,
                                           llvm::StringRef printed,
                                           llvm::StringRef dir) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return makeError(ExitCode::InvalidInput, "cannot create the directory '" +
                                                 dir + "': " + ec.message());
  if (!printed.empty())
    if (llvm::Error error = writeTextFile(printed, (dir + "/printed.txt").str(),
                                          "the printed output"))
      return error;
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    std::string name = getOutputName(i);
    if (name.empty())
      continue;
    if (llvm::Error error =
            writeNpyFile(buffer, (dir + "/" + name + ".npy").str()))
      return error;
  }
  return llvm::Error::success();
}

void KernelRun::Runner::fail(llvm::Error error) {
  auto [code, message] = takeError(std::move(error));
  record.exitCode = static_cast<int>(code);
  record.status = getStatusName(code).str();
  record.error = message;
  std::vector<std::string> diagnostics = driver.takeErrors();
  record.diagnostics.insert(record.diagnostics.end(), diagnostics.begin(),
                            diagnostics.end());
}

KernelRun::KernelRun(const RunOptions &options, const RunHooks &hooks,
                     llvm::raw_ostream &diagnostics)
    : runner(std::make_unique<Runner>(options, hooks, diagnostics)) {
  enableCrashRecovery();
}

KernelRun::~KernelRun() = default;

bool KernelRun::prepare() {
  // The buffers of this run, and the kernel's (which loom bench may run
  // between other benchmarks' calls: time() sets it again).
  setHugePages(runner->options.hugePages);
  runner->publish("starting");
  if (llvm::Error error = runner->prepare()) {
    runner->fail(std::move(error));
    runner->publish("done");
    return false;
  }
  runner->publish("prepared");
  prepared = true;
  return true;
}

bool KernelRun::time() {
  if (!prepared || runner->record.exitCode != 0)
    return false;
  setHugePages(runner->options.hugePages);
  llvm::Error error = runner->time();
  if (error)
    runner->fail(std::move(error));
  runner->publish("done");
  return !runner->record.exitCode;
}

const Record &KernelRun::getRecord() const { return runner->record; }

Record KernelRun::getSnapshot(std::string *step) const {
  return runner->getSnapshot(step);
}

Record runKernel(const RunOptions &options, llvm::raw_ostream &diagnostics,
                 const RunHooks &hooks) {
  KernelRun run(options, hooks, diagnostics);
  if (run.prepare())
    run.time();
  return run.getRecord();
}

} // namespace mlir::loom
