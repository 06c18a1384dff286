//===- PeakCommand.cpp - `loom peak` --------------------------------------===//

#include "runner/campaigns/Peak.h"
#include "runner/cli/Commands.h"
#include "runner/results/Files.h"
#include "runner/results/Status.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getPeakCommand() {
  static cl::SubCommand command(
      "peak", R"(measure this machine's ceilings once and cache them.

  loom peak               # print the cached peak, measuring if none
  loom peak --refresh     # measure again

FMA throughput on one core and on all (at the host's vector width),
and memory bandwidth with a STREAM triad (a = b + 3c, 128 MiB
arrays) with ordinary and non-temporal stores, on one thread and
all; each the best of --repeats measurements, about 20 s in all.
The result is cached per CPU model and features in
$XDG_CACHE_HOME/loom/peak.json (else ~/.cache/loom/peak.json), and
loom run uses it for the roofline when --peak-gflops-per-core and
--peak-gbps are not given.

A measurement that looks disturbed (load average above 0.5 at the
start, the all-cores FMA figure below 0.75x cores x one core,
repeats more than 10% apart, or a figure more than 25% below the
cached quiet measurement of this machine, the all-threads figures only
against one on as many threads: other tenants of a VM host share its
memory bandwidth without showing in the load average) is
reported with its reasons, and does not replace a quiet measurement
in the cache unless --force; nor does one on fewer --threads than the
cached one (its all-threads figures are what runs on more threads use).

Exit codes:
  0  the peak was printed
  2  usage error, or the cache cannot be written
  3  a measurement kernel failed to compile
  4  a measurement kernel crashed
)");
  return command;
}

namespace {
cl::opt<bool> refresh("refresh",
                      cl::desc("Measure again even if the cache has this "
                               "machine"),
                      cl::sub(getPeakCommand()),
                      cl::cat(getCategory(getPeakCommand())));
cl::opt<double> duration(
    "duration", cl::value_desc("seconds"), cl::init(0.5),
    cl::desc("Seconds per measurement and repeat (six measurements; default "
             "0.5). Under 0.5 the triad arrays shrink to 16 MiB and the "
             "numbers are rough"),
    cl::sub(getPeakCommand()), cl::cat(getCategory(getPeakCommand())));
cl::opt<unsigned> repeats(
    "repeats", cl::value_desc("n"), cl::init(3),
    cl::desc("Measure each figure N times and keep the best (default 3); "
             "the spread between them is recorded"),
    cl::sub(getPeakCommand()), cl::cat(getCategory(getPeakCommand())));
cl::opt<bool> force("force",
                    cl::desc("Store a measurement that looks disturbed even "
                             "over a quiet one in the cache"),
                    cl::sub(getPeakCommand()),
                    cl::cat(getCategory(getPeakCommand())));
cl::opt<unsigned> threads(
    "threads", cl::value_desc("n"),
    cl::desc("Threads for the all-cores measurements (default: all logical "
             "CPUs)"),
    cl::sub(getPeakCommand()), cl::cat(getCategory(getPeakCommand())));
cl::opt<std::string> cachePath(
    "cache", cl::value_desc("file"),
    cl::desc("The cache file (default: $XDG_CACHE_HOME/loom/peak.json)"),
    cl::sub(getPeakCommand()), cl::cat(getCategory(getPeakCommand())));
cl::opt<std::string>
    json("json", cl::value_desc("file"),
         cl::desc("Write the cache entry as JSON here ('-': stdout; the text "
                  "then goes to stderr)"),
         cl::sub(getPeakCommand()), cl::cat(getCategory(getPeakCommand())));
} // namespace

int runPeakCommand() {
  auto fail = [](llvm::Error error) {
    return reportFailure("peak", std::move(error));
  };
  if (!(duration > 0)) {
    llvm::errs() << "loom peak: error: --duration must be > 0\n";
    return static_cast<int>(ExitCode::InvalidInput);
  }
  std::string cache =
      cachePath.empty() ? getDefaultPeakCachePath() : cachePath.getValue();
  if (repeats == 0) {
    llvm::errs() << "loom peak: error: --repeats must be at least 1\n";
    return static_cast<int>(ExitCode::InvalidInput);
  }
  std::optional<MachinePeak> cached = loadCachedPeak(cache);
  std::optional<MachinePeak> peak;
  if (!refresh)
    peak = cached;
  bool measured = !peak, kept = false;
  if (!peak) {
    PeakOptions options;
    options.duration = duration;
    options.threads = threads;
    options.repeats = repeats;
    if (llvm::errs().is_displayed())
      options.progress = [](llvm::StringRef step) {
        llvm::errs() << "loom peak: measuring " << step << "...\n";
      };
    auto result = measurePeak(options);
    if (!result)
      return fail(result.takeError());
    if (cached)
      llvm::append_range(result->disturbances,
                         getDropsFromCachedPeak(*cached, *result));
    for (const std::string &reason : result->disturbances)
      llvm::errs() << "loom peak: warning: the measurement looks disturbed: "
                   << reason << "\n";
    // A disturbed measurement does not replace a quiet one.
    if (!shouldReplaceCachedPeak(cached, *result, force)) {
      llvm::errs() << "loom peak: warning: kept the "
                   << (cached->disturbances.empty() ? "quiet " : "")
                   << "measurement of " << cached->measuredAt;
      if (result->threads < cached->threads)
        llvm::errs() << " on " << cached->threads << " threads";
      llvm::errs() << " in the cache (--force stores this one); this one:\n";
      printPeak(*result, llvm::errs());
      peak = std::move(cached);
      kept = true;
    } else {
      if (llvm::Error error = storePeak(*result, cache))
        return fail(std::move(error));
      peak = std::move(*result);
    }
  }
  llvm::raw_ostream &text = json == "-" ? llvm::errs() : llvm::outs();
  printPeak(*peak, text);
  text << "  " << (measured && !kept ? "cached in " : "from the cache ")
       << cache << (measured ? "" : " (--refresh measures again)") << "\n";
  if (!measured) {
    std::optional<double> age = getAgeInDays(peak->measuredAt);
    if (age && *age > kOldPeakDays)
      llvm::errs() << llvm::formatv("loom peak: warning: the cached peak is "
                                    "{0:f0} days old; --refresh measures "
                                    "again\n",
                                    *age);
  }
  text.flush();
  if (!json.empty())
    if (llvm::Error error =
            writeTextFile(peakToJson(*peak).dump(2) + "\n", json, "the peak"))
      return fail(std::move(error));
  return 0;
}

void rewriteDeprecatedArguments(std::vector<std::string> &arguments,
                                std::vector<std::string> &warnings) {
  // `loom peak --json` was a switch; it takes a file now, like everywhere.
  if (arguments.size() < 2 || arguments[1] != "peak")
    return;
  for (size_t i = 2; i < arguments.size(); ++i) {
    if (arguments[i] != "--json" && arguments[i] != "-json")
      continue;
    bool hasValue = i + 1 < arguments.size() &&
                    (arguments[i + 1] == "-" || arguments[i + 1][0] != '-');
    if (hasValue)
      continue;
    arguments[i] = "--json=-";
    warnings.push_back("loom peak --json without a file is deprecated; "
                       "write --json - for stdout");
  }
}

} // namespace mlir::loom
