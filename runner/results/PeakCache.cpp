//===- PeakCache.cpp - The ceilings `loom peak` measured, cached ---------===//

#include "runner/results/PeakCache.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <ctime>

namespace mlir::loom {

using nlohmann::ordered_json;

double MachinePeak::getBandwidth(unsigned runThreads) const {
  if (runThreads <= 1)
    return std::max(triadGbps1, triadNtGbps1);
  return std::max(triadGbpsAll, triadNtGbpsAll);
}

std::string getPeakCacheKey(const HostInfo &host) {
  return host.cpuModel + " | " + host.cpu + " | " +
         sha256Hex(llvm::join(host.features, ",")).substr(0, 16);
}

std::string getDefaultPeakCachePath() {
  llvm::SmallString<256> path;
  if (std::optional<std::string> cache =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      cache && !cache->empty()) {
    path = *cache;
  } else if (std::optional<std::string> home =
                 llvm::sys::Process::GetEnv("HOME")) {
    path = *home;
    llvm::sys::path::append(path, ".cache");
  } else {
    path = ".cache";
  }
  llvm::sys::path::append(path, "loom", "peak.json");
  return path.str().str();
}

std::vector<std::string> getPeakDisturbances(const MachinePeak &peak,
                                             unsigned physicalCores) {
  std::vector<std::string> reasons;
  if (peak.loadAverage >= kBusyLoadAverage)
    reasons.push_back(llvm::formatv("the load average was {0:f2} when the "
                                    "measurement started (another process "
                                    "was running)",
                                    peak.loadAverage)
                          .str());
  unsigned cores = std::min(peak.threads, std::max(1u, physicalCores));
  if (cores > 1 && peak.fmaGflopsPerCore > 0 &&
      peak.fmaGflopsAll < kMinCoreScaling * cores * peak.fmaGflopsPerCore)
    reasons.push_back(
        llvm::formatv("FMA on {0} cores gave {1:f1} GFLOP/s, {2:f2}x one "
                      "core's {3:f1} where {0}x is expected (another core "
                      "was busy)",
                      cores, peak.fmaGflopsAll,
                      peak.fmaGflopsAll / peak.fmaGflopsPerCore,
                      peak.fmaGflopsPerCore)
            .str());
  if (peak.spread > kNoisySpread)
    reasons.push_back(llvm::formatv("the {0} repeats of {1} differed by "
                                    "{2:f0}% (more than {3:f0}%)",
                                    peak.repeats, peak.spreadOf,
                                    100 * peak.spread, 100 * kNoisySpread)
                          .str());
  return reasons;
}

std::vector<std::string> getDropsFromCachedPeak(const MachinePeak &cached,
                                                const MachinePeak &measured) {
  std::vector<std::string> reasons;
  if (!cached.disturbances.empty())
    return reasons;
  struct Figure {
    const char *name;
    double MachinePeak::*value;
    const char *unit;
    bool allThreads;
  };
  // The all-threads figures compare only between measurements on as many
  // threads (`loom peak --threads 1` against a cache of 2 is not a drop).
  bool sameThreads = cached.threads == measured.threads;
  for (const Figure &figure :
       {Figure{"FMA on one core", &MachinePeak::fmaGflopsPerCore, "GFLOP/s",
               false},
        Figure{"FMA on all cores", &MachinePeak::fmaGflopsAll, "GFLOP/s", true},
        Figure{"triad on 1 thread", &MachinePeak::triadGbps1, "GB/s", false},
        Figure{"triad on all threads", &MachinePeak::triadGbpsAll, "GB/s",
               true},
        Figure{"triad (NT) on 1 thread", &MachinePeak::triadNtGbps1, "GB/s",
               false},
        Figure{"triad (NT) on all threads", &MachinePeak::triadNtGbpsAll,
               "GB/s", true}}) {
    if (figure.allThreads && !sameThreads)
      continue;
    double before = cached.*figure.value, now = measured.*figure.value;
    if (before > 0 && now < (1 - kMaxDropFromCached) * before)
      reasons.push_back(
          llvm::formatv("{0} gave {1:f1} {2}, {3:f0}% below the quiet "
                        "measurement of {4} ({5:f1}): the machine is shared",
                        figure.name, now, figure.unit, 100 * (1 - now / before),
                        cached.measuredAt, before)
              .str());
  }
  return reasons;
}

bool shouldReplaceCachedPeak(const std::optional<MachinePeak> &cached,
                             const MachinePeak &measured, bool force) {
  if (force || !cached)
    return true;
  // Fewer threads would lose the all-threads figures of the cache, which
  // the rooflines of runs on more threads read.
  if (measured.threads < cached->threads)
    return false;
  return measured.disturbances.empty() || !cached->disturbances.empty();
}

std::optional<double> getAgeInDays(llvm::StringRef timestamp) {
  std::tm parts{};
  std::string text = timestamp.str();
  if (!strptime(text.c_str(), "%Y-%m-%dT%H:%M:%SZ", &parts))
    return std::nullopt;
  time_t then = timegm(&parts);
  return std::difftime(std::time(nullptr), then) / 86400.0;
}

ordered_json peakToJson(const MachinePeak &peak) {
  return {{"cpu", peak.host.cpu},
          {"cpu_model", peak.host.cpuModel},
          {"features", peak.host.features},
          {"measured_at", peak.measuredAt},
          {"seconds", peak.seconds},
          {"vector_bits", peak.vectorBits},
          {"threads", peak.threads},
          {"fma_gflops_per_core", peak.fmaGflopsPerCore},
          {"fma_gflops_all", peak.fmaGflopsAll},
          {"triad_gbps_1", peak.triadGbps1},
          {"triad_gbps_all", peak.triadGbpsAll},
          {"triad_nt_gbps_1", peak.triadNtGbps1},
          {"triad_nt_gbps_all", peak.triadNtGbpsAll},
          {"repeats", peak.repeats},
          {"spread", peak.spread},
          {"spread_of", peak.spreadOf},
          {"load_average",
           peak.loadAverage >= 0 ? ordered_json(peak.loadAverage) : nullptr},
          {"disturbances", peak.disturbances}};
}

std::optional<MachinePeak> loadCachedPeak(llvm::StringRef cachePath) {
  if (!llvm::sys::fs::exists(cachePath))
    return std::nullopt;
  auto cache = readJsonFile(cachePath, "the peak cache");
  if (!cache) {
    llvm::consumeError(cache.takeError());
    return std::nullopt;
  }
  MachinePeak peak;
  peak.host = getHostInfo();
  peak.key = getPeakCacheKey(peak.host);
  JsonReader reader;
  const ordered_json *machines =
      reader.field(*cache, "cache", "machines", true);
  if (!machines || !machines->is_object() || !machines->contains(peak.key))
    return std::nullopt;
  const ordered_json &entry = (*machines)[peak.key];
  std::string path = "machines." + peak.key;
  reader.read(entry, path, "measured_at", peak.measuredAt);
  reader.read(entry, path, "seconds", peak.seconds);
  reader.read(entry, path, "vector_bits", peak.vectorBits);
  reader.read(entry, path, "threads", peak.threads);
  reader.read(entry, path, "fma_gflops_per_core", peak.fmaGflopsPerCore);
  reader.read(entry, path, "fma_gflops_all", peak.fmaGflopsAll);
  reader.read(entry, path, "triad_gbps_1", peak.triadGbps1);
  reader.read(entry, path, "triad_gbps_all", peak.triadGbpsAll);
  reader.read(entry, path, "triad_nt_gbps_1", peak.triadNtGbps1);
  reader.read(entry, path, "triad_nt_gbps_all", peak.triadNtGbpsAll);
  // Caches written before repeats were kept have none of these.
  reader.read(entry, path, "repeats", peak.repeats, false);
  reader.read(entry, path, "spread", peak.spread, false);
  reader.read(entry, path, "spread_of", peak.spreadOf, false);
  reader.read(entry, path, "load_average", peak.loadAverage, false);
  reader.read(entry, path, "disturbances", peak.disturbances, false);
  if (!reader.error.empty())
    return std::nullopt;
  return peak;
}

void fillPeaks(RunOptions &options, const MachinePeak &peak,
               llvm::StringRef source) {
  if (options.peakGflopsPerCore && options.peakGbps)
    return;
  if (!options.peakGflopsPerCore)
    options.peakGflopsPerCore = peak.fmaGflopsPerCore;
  if (!options.peakGbps)
    options.peakGbps = peak.getBandwidth(options.threads);
  options.peakSource = options.peakSource.empty()
                           ? source.str()
                           : options.peakSource + " and " + source.str();
  options.peakMeasuredAt = peak.measuredAt;
  options.peakSpread = peak.spread;
  options.peakDisturbed = !peak.disturbances.empty();
}

void fillPeaksFromCache(RunOptions &options, llvm::StringRef cachePath) {
  if (options.peakGflopsPerCore && options.peakGbps)
    return;
  if (std::optional<MachinePeak> peak = loadCachedPeak(cachePath))
    fillPeaks(options, *peak, cachePath);
}

llvm::Error storePeak(const MachinePeak &peak, llvm::StringRef cachePath) {
  ordered_json cache = {{"schema", "loom-peak-cache"},
                        {"version", 1},
                        {"machines", ordered_json::object()}};
  if (llvm::sys::fs::exists(cachePath)) {
    auto existing = readJsonFile(cachePath, "the peak cache");
    if (existing && existing->is_object() && existing->contains("machines") &&
        (*existing)["machines"].is_object())
      cache["machines"] = (*existing)["machines"];
    else
      llvm::consumeError(existing ? llvm::Error::success()
                                  : existing.takeError());
  }
  cache["machines"][peak.key] = peakToJson(peak);
  if (std::error_code ec = llvm::sys::fs::create_directories(
          llvm::sys::path::parent_path(cachePath)))
    return makeError(ExitCode::InvalidInput,
                     "cannot create the directory of '" + cachePath +
                         "': " + ec.message());
  return writeTextFile(cache.dump(2) + "\n", cachePath, "the peak cache");
}

void printPeak(const MachinePeak &peak, llvm::raw_ostream &os) {
  os << llvm::formatv("{0} ({1}), {2}-bit vectors, {3} {4}\n",
                      peak.host.cpuModel, peak.host.cpu, peak.vectorBits,
                      peak.threads, peak.threads == 1 ? "thread" : "threads");
  os << llvm::formatv("  FMA peak      {0,8:f1} GFLOP/s per core, {1,8:f1} "
                      "GFLOP/s on {2} {3}\n",
                      peak.fmaGflopsPerCore, peak.fmaGflopsAll, peak.threads,
                      peak.threads == 1 ? "core" : "cores");
  os << llvm::formatv("  triad         {0,8:f1} GB/s on 1 thread,  {1,8:f1} "
                      "GB/s on {2}\n",
                      peak.triadGbps1, peak.triadGbpsAll, peak.threads);
  os << llvm::formatv("  triad (NT)    {0,8:f1} GB/s on 1 thread,  {1,8:f1} "
                      "GB/s on {2} (non-temporal stores)\n",
                      peak.triadNtGbps1, peak.triadNtGbpsAll, peak.threads);
  os << llvm::formatv("  measured {0} in {1:f1} s, best of {2} repeats "
                      "(widest spread {3:f1}%{4})\n",
                      peak.measuredAt, peak.seconds, peak.repeats,
                      100 * peak.spread,
                      peak.spreadOf.empty() ? "" : ", " + peak.spreadOf);
  for (const std::string &reason : peak.disturbances)
    os << "  disturbed: " << reason << "\n";
}

} // namespace mlir::loom
