//===- ReportCommand.cpp - `loom report` ----------------------------------===//

#include "runner/Commands.h"
#include "runner/HtmlReport.h"
#include "runner/JsonReader.h"
#include "runner/Status.h"

#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getReportCommand() {
  static cl::SubCommand command(
      "report",
      "render `loom bench` results as one self-contained HTML page.\n"
      "\n"
      "  loom report history/*.json --html report.html\n"
      "\n"
      "Per benchmark, its throughput over the runs (ordered by start time)\n"
      "with the spread of the repetitions; and the latest run against the\n"
      "machine's peak. The page needs no network access.\n"
      "\n"
      "Exit codes:\n"
      "  0  the page was written\n"
      "  2  usage error, unreadable results, or the page cannot be written\n");
  return command;
}

namespace {
cl::OptionCategory &getReportCategory() {
  static cl::OptionCategory category("loom report options");
  return category;
}

cl::list<std::string> resultPaths(cl::Positional, cl::OneOrMore,
                                  cl::desc("<results.json>..."),
                                  cl::sub(getReportCommand()),
                                  cl::cat(getReportCategory()));
cl::opt<std::string> htmlPath("html", cl::value_desc("file"), cl::Required,
                              cl::desc("Write the page here ('-': stdout)"),
                              cl::sub(getReportCommand()),
                              cl::cat(getReportCategory()));
cl::opt<std::string> title("title", cl::value_desc("text"),
                           cl::init("Loom benchmarks"),
                           cl::desc("Title of the page"),
                           cl::sub(getReportCommand()),
                           cl::cat(getReportCategory()));
cl::opt<double> peakGflops(
    "peak-gflops-per-core", cl::value_desc("x"),
    cl::desc("Peak GFLOP/s of one core (default: the one recorded by loom "
             "bench, if any)"),
    cl::sub(getReportCommand()), cl::cat(getReportCategory()));
} // namespace

int runReportCommand() {
  auto fail = [](llvm::Error error) {
    auto [code, message] = takeError(std::move(error));
    llvm::errs() << "loom report: error: " << message << "\n";
    return static_cast<int>(code);
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
