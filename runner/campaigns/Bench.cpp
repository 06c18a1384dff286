//===- Bench.cpp - `loom bench` as a library function ---------------------===//

#include "runner/campaigns/Bench.h"
#include "runner/campaigns/Peak.h"

#include "runner/kernel/Run.h"
#include "runner/kernel/Timer.h"
#include "runner/kernel/Watchdog.h"
#include "runner/results/Report.h"
#include "runner/results/Statistics.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <unistd.h>

namespace mlir::loom {

llvm::Expected<std::vector<const BenchmarkSpec *>>
selectBenchmarks(const Suite &suite, llvm::StringRef filter) {
  std::vector<const BenchmarkSpec *> selected;
  llvm::Regex regex(filter);
  std::string problem;
  if (!filter.empty() && !regex.isValid(problem))
    return makeError(ExitCode::InvalidInput,
                     "--filter '" + filter +
                         "' is not a valid regex: " + problem);
  for (const BenchmarkSpec &spec : suite.benchmarks)
    if (filter.empty() || regex.match(spec.name))
      selected.push_back(&spec);
  if (selected.empty())
    return makeError(ExitCode::InvalidInput, "--filter '" + filter +
                                                 "' matches no benchmark of " +
                                                 suite.path);
  return selected;
}

std::vector<size_t> getRoundOrder(llvm::ArrayRef<std::string> names,
                                  uint64_t &state) {
  std::vector<std::vector<size_t>> groups;
  llvm::StringMap<size_t> groupOf;
  for (auto [index, name] : llvm::enumerate(names)) {
    llvm::StringRef key = llvm::StringRef(name).split('/').first;
    auto [it, inserted] = groupOf.try_emplace(key, groups.size());
    if (inserted)
      groups.emplace_back();
    groups[it->second].push_back(index);
  }
  std::vector<size_t> groupOrder(groups.size());
  for (size_t i = 0; i < groups.size(); ++i)
    groupOrder[i] = i;
  seededShuffle(groupOrder, state);
  std::vector<size_t> order;
  order.reserve(names.size());
  for (size_t group : groupOrder) {
    seededShuffle(groups[group], state);
    llvm::append_range(order, groups[group]);
  }
  return order;
}

/// Runs `program` with `arguments` and returns its stdout, or nothing when it
/// cannot run or fails.
static std::optional<std::string> capture(llvm::StringRef program,
                                          ArrayRef<llvm::StringRef> arguments) {
  auto path = llvm::sys::findProgramByName(program);
  if (!path)
    return std::nullopt;
  llvm::SmallString<128> output;
  if (llvm::sys::fs::createTemporaryFile("loom-capture", "txt", output))
    return std::nullopt;
  std::optional<llvm::StringRef> redirects[] = {
      llvm::StringRef(""), llvm::StringRef(output), llvm::StringRef("")};
  SmallVector<llvm::StringRef> argv = {*path};
  argv.append(arguments.begin(), arguments.end());
  int status = llvm::sys::ExecuteAndWait(*path, argv, std::nullopt, redirects,
                                         /*SecondsToWait=*/10);
  auto buffer = llvm::MemoryBuffer::getFile(output);
  llvm::sys::fs::remove(output);
  if (status != 0 || !buffer)
    return std::nullopt;
  return (*buffer)->getBuffer().str();
}

std::optional<std::pair<std::string, bool>>
findGitRevision(llvm::StringRef directory) {
  auto revision = capture("git", {"-C", directory, "rev-parse", "HEAD"});
  if (!revision)
    return std::nullopt;
  auto status = capture("git", {"-C", directory, "status", "--porcelain",
                                "--untracked-files=no"});
  return std::make_pair(llvm::StringRef(*revision).trim().str(),
                        status && !llvm::StringRef(*status).trim().empty());
}

/// Brings the results up to date after a round of repetitions.
static void summarize(BenchResults &results) {
  results.exitCode = 0;
  for (BenchmarkResult &result : results.benchmarks) {
    result.record.timing.reset(); // Timing lives in the repetitions.
    result.record.phases.timing = 0;
    for (const TimingStats &stats : result.repetitions)
      result.record.phases.timing += stats.total;
    if (!result.ok() && results.exitCode == 0)
      results.exitCode = result.record.exitCode;
  }
  results.context.endTime = currentTimestamp();
}

llvm::Expected<BenchResults> runSuite(const Suite &suite,
                                      const BenchOptions &options,
                                      llvm::raw_ostream &diagnostics) {
  auto selected = selectBenchmarks(suite, options.filter);
  if (!selected)
    return selected.takeError();
  if (options.repetitions < 1)
    return makeError(ExitCode::InvalidInput, "--repetitions must be >= 1");

  BenchResults results;
  BenchContext &context = results.context;
  Record prototype = createRecord();
  context.startTime = prototype.timestamp;
  context.tool = prototype.tool;
  context.host = prototype.host;
  char hostName[256] = {0};
  if (gethostname(hostName, sizeof(hostName) - 1) == 0)
    context.hostName = hostName;
  llvm::SmallString<256> directory(suite.path);
  llvm::sys::path::remove_filename(directory);
  if (options.revision) {
    context.revision = options.revision;
  } else if (auto git = findGitRevision(directory.empty()
                                            ? llvm::StringRef(".")
                                            : llvm::StringRef(directory))) {
    context.revision = git->first;
    context.dirty = git->second;
  }
  context.suitePath = suite.path;
  context.suiteSha256 = suite.sha256;
  context.suiteName = suite.name;
  context.repetitions = options.repetitions;
  context.shuffleSeed = options.shuffleSeed;
  context.roundOrder = "grouped";
  context.filter = options.filter;
  context.peakGflopsPerCore = options.peakGflopsPerCore;

  double start = now();
  size_t count = selected->size();
  auto report = [&](BenchProgress progress) {
    if (!options.progress)
      return;
    progress.count = count;
    progress.repetitions = options.repetitions;
    progress.elapsed = now() - start;
    options.progress(progress);
  };

  // --timeout (or the suite's timeout_s) bounds each step of a benchmark: a
  // step that hangs ends the suite with exit code 5, its benchmark marked
  // "timeout" and the results so far saved.
  std::vector<std::unique_ptr<KernelRun>> runs;
  std::optional<size_t> current;
  Watchdog watchdog([&] {
    BenchmarkResult &result = results.benchmarks[*current];
    std::string step;
    result.record = runs[*current]->getSnapshot(&step);
    result.record.exitCode = static_cast<int>(ExitCode::Timeout);
    result.record.status = getStatusName(ExitCode::Timeout).str();
    result.record.error = "took longer than its timeout, " +
                          formatSeconds(*result.record.options.timeoutSeconds) +
                          " (while " + step + ")";
    summarize(results);
    if (options.onTimeout)
      options.onTimeout(results);
    _exit(static_cast<int>(ExitCode::Timeout));
  });
  auto startStep = [&](size_t index) {
    current = index;
    watchdog.arm(runs[index]->getRecord().options.timeoutSeconds);
  };

  // Prepare every benchmark first: compile errors and wrong results show up
  // before any time is spent timing.
  for (auto [index, spec] : llvm::enumerate(*selected)) {
    report({"preparing", spec->name, index + 1});
    RunOptions runOptions = spec->options;
    if (options.peakGflopsPerCore || options.peakGbps) {
      runOptions.peakGflopsPerCore = options.peakGflopsPerCore;
      runOptions.peakGbps = options.peakGbps;
      runOptions.peakSource = "options";
    }
    if (options.machinePeak)
      fillPeaks(runOptions, *options.machinePeak, options.machinePeakSource);
    if (!context.peakGflopsPerCore)
      context.peakGflopsPerCore = runOptions.peakGflopsPerCore;
    if (options.timeoutSeconds)
      runOptions.timeoutSeconds = options.timeoutSeconds;
    if (options.cpu && runOptions.threads == 1)
      runOptions.cpu = options.cpu;
    runOptions.outputs = RunOutputs();
    runs.push_back(
        std::make_unique<KernelRun>(runOptions, RunHooks(), diagnostics));
    BenchmarkResult &result = results.benchmarks.emplace_back();
    result.name = spec->name;
    result.tags = spec->tags;
    startStep(index);
    runs.back()->prepare();
    result.record = runs.back()->getRecord();
  }

  uint64_t random = options.shuffleSeed;
  std::vector<std::string> names;
  unsigned cores = 1;
  bool anyToTime = false;
  for (const BenchmarkResult &result : results.benchmarks) {
    names.push_back(result.name);
    cores = std::max(cores, result.record.options.threads);
    anyToTime |= result.ok();
  }
  // How free the cores are, before and after the timing, when there is any
  // (a probe that fails is left out: it says nothing of the benchmarks).
  auto checkCoresNow = [&](llvm::StringRef when) {
    if (!anyToTime)
      return;
    report({kCheckingCores, when, 0});
    if (auto check = checkCores(when, cores, options.cpu))
      context.coreChecks.push_back(std::move(*check));
    else
      diagnostics << "loom bench: the check of the cores failed: "
                  << llvm::toString(check.takeError()) << "\n";
  };
  checkCoresNow("start");
  double timingStart = now();
  for (unsigned round = 0; round < options.repetitions; ++round) {
    for (auto [step, index] : llvm::enumerate(getRoundOrder(names, random))) {
      BenchmarkResult &result = results.benchmarks[index];
      if (!result.ok())
        continue;
      BenchProgress progress{"timing", result.name, index + 1};
      progress.repetition = round + 1;
      if (round > 0) {
        double perRound = (now() - timingStart) / round;
        progress.remaining =
            perRound * (options.repetitions - round) -
            perRound * static_cast<double>(step) / static_cast<double>(count);
      }
      report(progress);
      KernelRun &run = *runs[index];
      startStep(index);
      bool timed = run.time();
      const Record &record = run.getRecord();
      if (timed && record.timing)
        result.repetitions.push_back(*record.timing);
      else
        result.record = record; // The crash, with its error.
    }
    summarize(results);
    if (options.checkpoint)
      options.checkpoint(results);
  }
  watchdog.disarm();
  checkCoresNow("end");
  summarize(results);
  results.complete = true;
  return results;
}

} // namespace mlir::loom
