//===- BenchCommand.cpp - `loom bench` ------------------------------------===//

#include "runner/campaigns/Bench.h"
#include "runner/cli/Commands.h"
#include "runner/cli/OptionFlags.h"
#include "runner/kernel/CpuPin.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/PeakCache.h"
#include "runner/results/Report.h"
#include "runner/results/Status.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getBenchCommand() {
  static cl::SubCommand command(
      "bench", R"(run a benchmark suite for performance tracking.

  loom bench schedules/suites/ci.json --out results.json
  loom bench suite.json --filter 'matmul' --repetitions 20
  loom bench results.json --format gbench --out gbench.json

Every benchmark runs as `loom run` would, reference check included;
repetitions are interleaved across benchmarks in a shuffled order, the
benchmarks of one kernel (names that share the part before '/', such as
matmul_256/loom and matmul_256/onednn) one after the other.
Before the first round and after the last, a probe of the FMA rate of
one core and of as many as the benchmarks use says how free the cores
were (under the table, with a warning when they were shared).
The suite format is docs/suite.md. Given a results file instead of a
suite, converts it to --format without running anything.

Exit codes:
  0  every benchmark verified and timed
  1  a benchmark's output differs from its reference
  2  usage or suite error (unknown key, missing file, duplicate name,
     bad --filter), or a benchmark's input error
  3  a benchmark's schedule, lowering or compilation failed
  4  a benchmark's compiled code crashed
  5  a step of a benchmark took longer than --timeout (or timeout_s); the
     results so far are written
The first failing benchmark decides the code; the others still run
and every result is written.
)");
  return command;
}

namespace {
enum class BenchFormat { Loom, GoogleBenchmark, Lnt, Bencher };

cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                               cl::desc("<suite.json | results.json>"),
                               cl::sub(getBenchCommand()),
                               cl::cat(getCategory(getBenchCommand())));
cl::opt<std::string>
    outPath("out", cl::value_desc("file"),
            cl::desc("Write the results here ('-': stdout; the table then "
                     "goes to stderr). In the loom format the file is "
                     "rewritten after every round of repetitions"),
            cl::sub(getBenchCommand()),
            cl::cat(getCategory(getBenchCommand())));
cl::opt<BenchFormat> format(
    "format", cl::desc("Format of --out (default: loom)"),
    cl::init(BenchFormat::Loom),
    cl::values(clEnumValN(BenchFormat::Loom, "loom",
                          "Loom's results, read by loom compare and report "
                          "(docs/bench-results-schema.md)"),
               clEnumValN(BenchFormat::GoogleBenchmark, "gbench",
                          "Google Benchmark JSON (compare.py, "
                          "github-action-benchmark, Bencher)"),
               clEnumValN(BenchFormat::Lnt, "lnt",
                          "LNT report, version 2 (lnt import, lnt submit)"),
               clEnumValN(BenchFormat::Bencher, "bmf",
                          "Bencher Metric Format (bencher run --adapter "
                          "json): latency, gflops, gbps, percent-of-bound")),
    cl::sub(getBenchCommand()), cl::cat(getCategory(getBenchCommand())));
cl::opt<bool> aggregatesOnly(
    "aggregates-only",
    cl::desc("gbench format: only the mean/median/stddev/cv entries, not one "
             "per repetition (what github-action-benchmark should read)"),
    cl::sub(getBenchCommand()), cl::cat(getCategory(getBenchCommand())));
cl::opt<unsigned> repetitions(
    "repetitions", cl::value_desc("n"), cl::init(10),
    cl::desc("Timing loops per benchmark (default: 10; loom compare needs "
             "at least 5 on each side to call a change significant at "
             "--alpha 0.01)"),
    cl::sub(getBenchCommand()), cl::cat(getCategory(getBenchCommand())));
cl::opt<std::string> filter("filter", cl::value_desc("regex"),
                            cl::desc("Only the benchmarks whose name matches"),
                            cl::sub(getBenchCommand()),
                            cl::cat(getCategory(getBenchCommand())));
cl::opt<uint64_t> shuffleSeed(
    "shuffle-seed", cl::value_desc("n"), cl::init(0),
    cl::desc("Seed of the order of benchmarks in each round (default: 0)"),
    cl::sub(getBenchCommand()), cl::cat(getCategory(getBenchCommand())));
cl::opt<std::string> revision(
    "revision", cl::value_desc("rev"),
    cl::desc("Revision to record (default: git rev-parse HEAD of the suite's "
             "directory, when it is in a git work tree)"),
    cl::sub(getBenchCommand()), cl::cat(getCategory(getBenchCommand())));
/// The run options a bench command line may set for every benchmark: the
/// ceilings (results/Options.h).
OptionFlags runFlags(getBenchCommand(), getCategory(getBenchCommand()),
                     BenchFlag, RunOptions());
cl::opt<bool> list("list", cl::desc("List the benchmarks and exit"),
                   cl::sub(getBenchCommand()),
                   cl::cat(getCategory(getBenchCommand())));
cl::opt<bool> quiet("quiet", cl::desc("No progress messages and no table"),
                    cl::sub(getBenchCommand()),
                    cl::cat(getCategory(getBenchCommand())));
} // namespace

static int fail(llvm::Error error) {
  return reportFailure("bench", std::move(error));
}

static llvm::Error writeResults(const BenchResults &results) {
  nlohmann::ordered_json json;
  switch (format) {
  case BenchFormat::Loom:
    json = toJson(results);
    break;
  case BenchFormat::GoogleBenchmark:
    json = toGoogleBenchmarkJson(results, aggregatesOnly);
    break;
  case BenchFormat::Lnt:
    json = toLntJson(results);
    break;
  case BenchFormat::Bencher:
    json = toBencherJson(results);
    break;
  }
  return writeTextFile(json.dump(2) + "\n", outPath, "the results");
}

static void printProgress(const BenchProgress &progress) {
  if (progress.phase == kCheckingCores) {
    llvm::errs() << llvm::formatv(
        "loom bench: checking how free the cores are ({0} of the timing)\n",
        progress.benchmark);
    return;
  }
  llvm::errs() << llvm::formatv("loom bench: [{0}/{1}] {2}: ", progress.index,
                                progress.count, progress.benchmark);
  if (progress.phase == "timing")
    llvm::errs() << llvm::formatv("repetition {0}/{1}", progress.repetition,
                                  progress.repetitions);
  else
    llvm::errs() << progress.phase;
  llvm::errs() << llvm::formatv(", {0:f0} s elapsed", progress.elapsed);
  if (progress.remaining)
    llvm::errs() << llvm::formatv(", ~{0:f0} s left", *progress.remaining);
  llvm::errs() << "\n";
}

int runBenchCommand() {
  if (aggregatesOnly && format != BenchFormat::GoogleBenchmark)
    return fail(makeError(ExitCode::InvalidInput,
                          "--aggregates-only applies to --format gbench"));
  // One read: the file is a suite, or results to convert.
  auto text = readTextFile(inputPath, "the suite");
  if (!text)
    return fail(text.takeError());
  auto root = parseJson(*text, inputPath);
  if (!root)
    return fail(root.takeError());
  if (root->is_object() && root->contains("schema") &&
      (*root)["schema"] == "loom-bench-results") {
    if (outPath.empty())
      return fail(makeError(ExitCode::InvalidInput,
                            "converting results needs --out (and --format)"));
    auto results = benchResultsFromJson(*root);
    if (!results)
      return fail(results.takeError());
    if (llvm::Error error = writeResults(*results))
      return fail(std::move(error));
    return 0;
  }

  auto suite = parseSuite(*root, inputPath, sha256Hex(*text));
  if (!suite)
    return fail(suite.takeError());
  for (const std::string &warning : suite->warnings)
    llvm::errs() << "loom bench: warning: " << inputPath << ": " << warning
                 << "\n";
  if (list) {
    auto selected = selectBenchmarks(*suite, filter);
    if (!selected)
      return fail(selected.takeError());
    for (const BenchmarkSpec *spec : *selected)
      llvm::outs() << spec->name << "\n";
    return 0;
  }

  BenchOptions options;
  options.repetitions = repetitions;
  options.filter = filter;
  options.shuffleSeed = shuffleSeed;
  if (revision.getNumOccurrences())
    options.revision = revision;
  RunOptions overrides;
  std::vector<std::string> warnings;
  llvm::Error error = runFlags.apply(overrides, warnings);
  for (const std::string &warning : warnings)
    llvm::errs() << "loom bench: warning: " << warning << "\n";
  if (error)
    return fail(std::move(error));
  options.peakGflopsPerCore = overrides.peakGflopsPerCore;
  options.peakGbps = overrides.peakGbps;
  options.timeoutSeconds = overrides.timeoutSeconds;
  // A CPU this process may not use would fail every benchmark of one
  // thread: refused before the first (the others ignore --cpu).
  if (overrides.cpu)
    if (llvm::Error error = checkCpu(static_cast<unsigned>(*overrides.cpu)))
      return fail(std::move(error));
  options.cpu = overrides.cpu;
  // The flags that choose a benchmark's knobs (the tuned records, the host
  // parameters) apply to every benchmark, over what the suite gives; the
  // others are the run's (above).
  for (BenchmarkSpec &spec : suite->benchmarks) {
    RunOptions given = spec.options;
    std::vector<std::string> repeated;
    if (llvm::Error error = runFlags.apply(given, repeated))
      return fail(std::move(error));
    spec.options.recordsPath = given.recordsPath;
    spec.options.useRecords = given.useRecords;
    spec.options.recordsHost = given.recordsHost;
    spec.options.hostParams = given.hostParams;
  }
  options.machinePeakSource = getDefaultPeakCachePath();
  options.machinePeak = loadCachedPeak(options.machinePeakSource);
  if (!quiet && llvm::errs().is_displayed())
    options.progress = printProgress;
  // Keep what was measured even if a later round never finishes.
  std::string checkpointError;
  if (!outPath.empty() && outPath != "-" && format == BenchFormat::Loom)
    options.checkpoint = [&](const BenchResults &results) {
      if (llvm::Error error = writeResults(results))
        checkpointError = takeError(std::move(error)).second;
    };

  // A step past its --timeout ends the suite: what was measured is written
  // (in any format), and the table says which benchmark hung.
  options.onTimeout = [&](const BenchResults &results) {
    llvm::raw_ostream &table = outPath == "-" ? llvm::errs() : llvm::outs();
    if (!quiet)
      printBenchReport(results, table);
    table.flush();
    if (!outPath.empty())
      if (llvm::Error error = writeResults(results))
        fail(std::move(error));
    llvm::errs() << "loom bench: error: a benchmark took longer than its "
                    "timeout; the results so far are written\n";
    llvm::outs().flush();
    llvm::errs().flush();
  };
  // The suite runs on a thread with the largest stack any benchmark asks for.
  uint64_t stack = overrides.stackSize;
  for (const BenchmarkSpec &spec : suite->benchmarks)
    stack = std::max(stack, spec.options.stackSize);
  // Everything from here on runs on that thread: after a benchmark crashed,
  // the thread ends the process itself (kernel/CrashGuard.h).
  return runOnStack(stack, [&] {
    auto results = runSuite(*suite, options, llvm::errs());
    if (!results)
      return fail(results.takeError());
    llvm::raw_ostream &table = outPath == "-" ? llvm::errs() : llvm::outs();
    if (!quiet)
      printBenchReport(*results, table);
    table.flush();
    int exitCode = results->exitCode;
    if (!outPath.empty())
      if (llvm::Error error = writeResults(*results)) {
        int code = fail(std::move(error));
        return exitCode ? exitCode : code;
      }
    if (!checkpointError.empty())
      llvm::errs() << "loom bench: warning: could not save the results "
                      "between rounds: "
                   << checkpointError << "\n";
    if (exitCode != 0)
      llvm::errs() << "loom bench: error: a benchmark failed (see its error "
                      "above)\n";
    return exitCode;
  });
}

} // namespace mlir::loom
