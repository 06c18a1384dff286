//===- PeakCommand.cpp - `loom peak` --------------------------------------===//

#include "runner/Commands.h"
#include "runner/Peak.h"
#include "runner/Status.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getPeakCommand() {
  static cl::SubCommand command(
      "peak",
      "measure this machine's ceilings once and cache them.\n"
      "\n"
      "  loom peak               # print the cached peak, measuring if none\n"
      "  loom peak --refresh     # measure again\n"
      "\n"
      "FMA throughput on one core and on all (at the host's vector width),\n"
      "and memory bandwidth with a STREAM triad (a = b + 3c, 128 MiB\n"
      "arrays) with ordinary and non-temporal stores, on one thread and\n"
      "all; about 10 s. The result is cached per CPU model and features in\n"
      "$XDG_CACHE_HOME/loom/peak.json (else ~/.cache/loom/peak.json), and\n"
      "loom run uses it for the roofline when --peak-gflops/--peak-gbps are\n"
      "not given.\n"
      "\n"
      "Exit codes:\n"
      "  0  the peak was printed\n"
      "  2  usage error, or the cache cannot be written\n"
      "  3  a measurement kernel failed to compile\n"
      "  4  a measurement kernel crashed\n");
  return command;
}

namespace {
cl::OptionCategory &getPeakCategory() {
  static cl::OptionCategory category("loom peak options");
  return category;
}

cl::opt<bool> refresh("refresh",
                      cl::desc("Measure again even if the cache has this "
                               "machine"),
                      cl::sub(getPeakCommand()), cl::cat(getPeakCategory()));
cl::opt<double> duration(
    "duration", cl::value_desc("seconds"), cl::init(1.0),
    cl::desc("Seconds per measurement (six of them; default 1). Under 0.5 "
             "the triad arrays shrink to 16 MiB and the numbers are rough"),
    cl::sub(getPeakCommand()), cl::cat(getPeakCategory()));
cl::opt<unsigned> threads(
    "threads", cl::value_desc("n"),
    cl::desc("Threads for the all-cores measurements (default: all logical "
             "CPUs)"),
    cl::sub(getPeakCommand()), cl::cat(getPeakCategory()));
cl::opt<std::string> cachePath(
    "cache", cl::value_desc("file"),
    cl::desc("The cache file (default: $XDG_CACHE_HOME/loom/peak.json)"),
    cl::sub(getPeakCommand()), cl::cat(getPeakCategory()));
cl::opt<bool> json("json",
                   cl::desc("Print the cache entry as JSON instead of text"),
                   cl::sub(getPeakCommand()), cl::cat(getPeakCategory()));
} // namespace

int runPeakCommand() {
  auto fail = [](llvm::Error error) {
    auto [code, message] = takeError(std::move(error));
    llvm::errs() << "loom peak: error: " << message << "\n";
    return static_cast<int>(code);
  };
  if (!(duration > 0)) {
    llvm::errs() << "loom peak: error: --duration must be > 0\n";
    return static_cast<int>(ExitCode::InvalidInput);
  }
  std::string cache =
      cachePath.empty() ? getDefaultPeakCachePath() : cachePath.getValue();
  std::optional<MachinePeak> peak;
  if (!refresh)
    peak = loadCachedPeak(cache);
  bool measured = !peak;
  if (!peak) {
    PeakOptions options;
    options.duration = duration;
    options.threads = threads;
    if (llvm::errs().is_displayed())
      options.progress = [](llvm::StringRef step) {
        llvm::errs() << "loom peak: measuring " << step << "...\n";
      };
    auto result = measurePeak(options);
    if (!result)
      return fail(result.takeError());
    if (llvm::Error error = storePeak(*result, cache))
      return fail(std::move(error));
    peak = std::move(*result);
  }
  if (json) {
    llvm::outs() << peakToJson(*peak).dump(2) << "\n";
  } else {
    printPeak(*peak, llvm::outs());
    llvm::outs() << "  " << (measured ? "cached in " : "from the cache ")
                 << cache << (measured ? "" : " (--refresh measures again)")
                 << "\n";
  }
  return 0;
}

} // namespace mlir::loom
