//===- ReportCommand.cpp - `loom report` ----------------------------------===//

#include "runner/cli/Commands.h"
#include "runner/results/Files.h"
#include "runner/results/HtmlReport.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Status.h"

#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getReportCommand() {
  static cl::SubCommand command(
      "report", R"(render `loom bench` results as one self-contained HTML page.

  loom report history/*.json --html report.html

Per benchmark, its throughput over the runs (ordered by start time)
with the spread of the repetitions; and the latest run against the
machine's peak. The page needs no network access.

Exit codes:
  0  the page was written
  2  usage error, unreadable results, or the page cannot be written
)");
  return command;
}

namespace {
cl::list<std::string> resultPaths(cl::Positional, cl::OneOrMore,
                                  cl::desc("<results.json>..."),
                                  cl::sub(getReportCommand()),
                                  cl::cat(getCategory(getReportCommand())));
cl::opt<std::string> htmlPath("html", cl::value_desc("file"), cl::Required,
                              cl::desc("Write the page here ('-': stdout)"),
                              cl::sub(getReportCommand()),
                              cl::cat(getCategory(getReportCommand())));
cl::opt<std::string> title("title", cl::value_desc("text"),
                           cl::init("Loom benchmarks"),
                           cl::desc("Title of the page"),
                           cl::sub(getReportCommand()),
                           cl::cat(getCategory(getReportCommand())));
cl::opt<double> peakGflops(
    "peak-gflops-per-core", cl::value_desc("x"),
    cl::desc("Peak GFLOP/s of one core (default: the one recorded by loom "
             "bench, if any)"),
    cl::sub(getReportCommand()), cl::cat(getCategory(getReportCommand())));
} // namespace

int runReportCommand() {
  auto fail = [](llvm::Error error) {
    return reportFailure("report", std::move(error));
  };
  std::vector<BenchResults> runs;
  for (const std::string &path : resultPaths) {
    auto results = loadBenchResults(path);
    if (!results)
      return fail(results.takeError());
    runs.push_back(std::move(*results));
  }
  HtmlReportOptions options;
  options.title = title;
  if (peakGflops.getNumOccurrences()) {
    if (!(peakGflops > 0))
      return fail(makeError(ExitCode::InvalidInput,
                            "--peak-gflops-per-core must be > 0"));
    options.peakGflopsPerCore = peakGflops;
  }
  if (llvm::Error error = writeTextFile(
          renderHtmlReport(std::move(runs), options), htmlPath, "the report"))
    return fail(std::move(error));
  return 0;
}

} // namespace mlir::loom
