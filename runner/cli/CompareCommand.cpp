//===- CompareCommand.cpp - `loom compare` --------------------------------===//

#include "runner/campaigns/Bench.h"
#include "runner/cli/Commands.h"
#include "runner/results/Compare.h"
#include "runner/results/Status.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getCompareCommand() {
  static cl::SubCommand command(
      "compare", R"(compare two `loom bench` results and flag regressions.

  loom compare base.json new.json
  loom compare base.json new.json --format markdown > comment.md

Per benchmark: the change of the median time, a Mann-Whitney U test
on the repetition medians, and a verdict (improved, regressed,
unchanged, noisy, added, removed, failed). A change counts only when
it is significant (p < --alpha) and at least --threshold; with the
same payload and schedule it must also exceed the spread of the
repetitions. See docs/loom-bench.md.

Exit codes:
  0  no regression
  1  at least one benchmark regressed
  2  usage error or unreadable results
)");
  return command;
}

namespace {
cl::opt<std::string> basePath(cl::Positional, cl::Required,
                              cl::desc("<base.json>"),
                              cl::sub(getCompareCommand()),
                              cl::cat(getCategory(getCompareCommand())));
cl::opt<std::string> newPath(cl::Positional, cl::Required,
                             cl::desc("<new.json>"),
                             cl::sub(getCompareCommand()),
                             cl::cat(getCategory(getCompareCommand())));
cl::opt<std::string>
    threshold("threshold", cl::value_desc("percent"), cl::init("5%"),
              cl::desc("Smallest change of the median time that counts "
                       "(default: 5%)"),
              cl::sub(getCompareCommand()),
              cl::cat(getCategory(getCompareCommand())));
cl::opt<double> alpha("alpha", cl::value_desc("p"), cl::init(0.01),
                      cl::desc("Significance level (default: 0.01)"),
                      cl::sub(getCompareCommand()),
                      cl::cat(getCategory(getCompareCommand())));
cl::opt<CompareFormat> format(
    "format", cl::desc("Output format (default: text)"),
    cl::init(CompareFormat::Text),
    cl::values(clEnumValN(CompareFormat::Text, "text", "aligned columns"),
               clEnumValN(CompareFormat::Markdown, "markdown",
                          "a pull-request comment"),
               clEnumValN(CompareFormat::Json, "json",
                          "machine-readable verdicts")),
    cl::sub(getCompareCommand()), cl::cat(getCategory(getCompareCommand())));
cl::opt<bool> confirm(
    "confirm",
    cl::desc("Re-run the regressed benchmarks (from NEW's suite, with this "
             "build) and decide on the fresh samples"),
    cl::sub(getCompareCommand()), cl::cat(getCategory(getCompareCommand())));
} // namespace

static int fail(llvm::Error error) {
  return reportFailure("compare", std::move(error));
}

/// "5%", "5", "0.5%" -> 0.05, 0.05, 0.005.
static std::optional<double> parsePercent(llvm::StringRef text) {
  text = text.trim();
  text.consume_back("%");
  double value;
  if (text.getAsDouble(value) || !(value >= 0))
    return std::nullopt;
  return value / 100;
}

/// Re-runs the regressed benchmarks of `next` and puts the fresh results in
/// their place.
static llvm::Error confirmRegressions(const Comparison &comparison,
                                      BenchResults &next) {
  std::string names;
  for (const BenchmarkComparison &result : comparison.benchmarks)
    if (result.verdict == Verdict::Regressed)
      names += (names.empty() ? "^(" : "|") + llvm::Regex::escape(result.name);
  names += ")$";
  auto suite = loadSuite(next.context.suitePath);
  if (!suite)
    return makeError(ExitCode::InvalidInput,
                     "--confirm re-runs benchmarks from the suite of the new "
                     "results, which cannot be loaded: " +
                         takeError(suite.takeError()).second);
  BenchOptions options;
  options.repetitions = std::max(next.context.repetitions, 5u);
  options.filter = names;
  options.shuffleSeed = next.context.shuffleSeed + 1;
  options.peakGflopsPerCore = next.context.peakGflopsPerCore;
  llvm::errs() << "loom compare: confirming " << comparison.regressions
               << " regression" << (comparison.regressions == 1 ? "" : "s")
               << " by running them again...\n";
  auto rerun = runSuite(*suite, options, llvm::errs());
  if (!rerun)
    return rerun.takeError();
  for (BenchmarkResult &fresh : rerun->benchmarks)
    for (BenchmarkResult &old : next.benchmarks)
      if (old.name == fresh.name)
        old = std::move(fresh);
  return llvm::Error::success();
}

int runCompareCommand() {
  CompareOptions options;
  auto parsedThreshold = parsePercent(threshold);
  if (!parsedThreshold)
    return fail(makeError(ExitCode::InvalidInput,
                          "--threshold must be a non-negative percentage "
                          "such as 5%"));
  options.threshold = *parsedThreshold;
  if (!(alpha > 0 && alpha < 1))
    return fail(
        makeError(ExitCode::InvalidInput, "--alpha must be between 0 and 1"));
  options.alpha = alpha;

  auto base = loadBenchResults(basePath);
  if (!base)
    return fail(base.takeError());
  auto next = loadBenchResults(newPath);
  if (!next)
    return fail(next.takeError());
  for (auto [results, path] : {std::pair{&*base, basePath.getValue()},
                               std::pair{&*next, newPath.getValue()}}) {
    if (!results->complete)
      llvm::errs() << "loom compare: warning: " << path
                   << " is incomplete (the suite was interrupted)\n";
    // The probes of loom bench: a run on shared cores is not a quiet
    // machine's, and a change between it and another may be the machine's.
    for (const CoreCheck *check : results->context.getSharedCoreChecks())
      llvm::errs() << llvm::formatv(
          "loom compare: warning: {0}: at the {1} of its timing {2} cores "
          "gave {3:f2}x one core (shared): its figures of more than one "
          "thread are not a quiet machine's\n",
          path, check->when, check->cores, check->getScaling());
  }
  // Kernels that read many pages move with their size (up to a third).
  std::string basePages = base->describePages(),
              nextPages = next->describePages();
  if (!basePages.empty() && !nextPages.empty() && basePages != nextPages)
    llvm::errs() << "loom compare: warning: the runs' large buffers were in "
                    "different pages ("
                 << basePages << " in " << basePath << ", " << nextPages
                 << " in " << newPath
                 << "): a change between them may be the pages' "
                    "(docs/performance.md, \"Huge pages\")\n";
  if (base->context.host.cpuModel != next->context.host.cpuModel)
    llvm::errs() << "loom compare: warning: the runs are from different "
                    "CPUs ('"
                 << base->context.host.cpuModel << "' and '"
                 << next->context.host.cpuModel << "')\n";

  Comparison comparison = compareResults(*base, *next, options);
  if (confirm && comparison.regressions) {
    if (llvm::Error error = confirmRegressions(comparison, *next))
      return fail(std::move(error));
    comparison = compareResults(*base, *next, options);
  }
  printComparison(comparison, format, llvm::outs());
  return comparison.getExitCode();
}

} // namespace mlir::loom
