//===- loom.cpp - The `loom` tool -----------------------------------------===//
//
// Parses the command line and dispatches to a subcommand.
//
//===----------------------------------------------------------------------===//

#include "runner/cli/Commands.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/results/Status.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
using namespace mlir::loom;

/// Runs the subcommand the command line chose.
static int dispatch(llvm::ArrayRef<std::string> commandLine) {
  if (getRunCommand())
    return runRunCommand(commandLine);
  if (getBenchCommand())
    return runBenchCommand();
  if (getCompareCommand())
    return runCompareCommand();
  if (getReportCommand())
    return runReportCommand();
  if (getPeakCommand())
    return runPeakCommand();
  if (getTuneCommand())
    return runTuneCommand();
  llvm::errs() << "loom: error: no subcommand given; try 'loom --help'\n";
  return static_cast<int>(ExitCode::InvalidInput);
}

int main(int argc, char **argv) {
  // Our crash handler first, so that it runs before LLVM's stack trace.
  enableCrashRecovery();
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "loom " << LOOM_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  // Touch the subcommands so that they register before parsing.
  getRunCommand();
  getBenchCommand();
  getCompareCommand();
  getReportCommand();
  getPeakCommand();
  getTuneCommand();
  cl::HideUnrelatedOptions(getToolCategory());
  std::vector<std::string> arguments(argv, argv + argc);
  std::vector<std::string> warnings;
  rewriteDeprecatedArguments(arguments, warnings);
  for (const std::string &warning : warnings)
    llvm::errs() << "loom: warning: " << warning << "\n";
  std::vector<const char *> words;
  for (const std::string &argument : arguments)
    words.push_back(argument.c_str());
  if (!cl::ParseCommandLineOptions(
          int(words.size()), words.data(),
          "Loom: optimize linalg kernels with transform-dialect schedules\n\n"
          "  loom run PAYLOAD.mlir [--schedule SCHEDULE.mlir] [options]\n"
          "  loom bench SUITE.json [--out RESULTS.json] [options]\n"
          "  loom compare BASE.json NEW.json [options]\n"
          "  loom report RESULTS.json... --html OUT.html\n"
          "  loom peak [--refresh]\n"
          "  loom tune PAYLOAD.mlir --schedule TUNABLE.mlir [--budget N] "
          "[--best-schedule BEST.mlir]\n\n"
          "Run 'loom SUBCOMMAND --help' for its options and exit codes.\n",
          &llvm::errs()))
    return static_cast<int>(ExitCode::InvalidInput);
  int code = dispatch(std::vector<std::string>(argv, argv + argc));
  // A crash may have left a runtime (libomp) in a state where its exit-time
  // cleanup hangs: leave without it.
  if (hasRecoveredFromCrash())
    exitWithoutCleanup(code);
  return code;
}
