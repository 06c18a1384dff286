//===- Peak.cpp - This machine's ceilings, measured and cached ------------===//

#include "runner/Peak.h"
#include "runner/CrashGuard.h"
#include "runner/Driver.h"
#include "runner/Engine.h"
#include "runner/JsonReader.h"
#include "runner/Status.h"
#include "runner/Timer.h"

#include "transforms/Pipelines.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>

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

//===----------------------------------------------------------------------===//
// The kernels
//===----------------------------------------------------------------------===//

/// FMAs on 12 independent accumulators (enough to cover the FMA latency
/// times the FMA ports of current cores), one scf.forall iteration per
/// thread, each on its own row of %out.
static std::string getFmaKernel(unsigned lanes) {
  std::string vector = "vector<" + std::to_string(lanes) + "xf32>";
  std::string row = std::to_string(lanes) + "xf32";
  constexpr int kAccumulators = 12;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "func.func @fma(%in: memref<2x" << row << ">, %out: memref<?x" << row
     << ">, %iters: index) {\n"
     << "  %c0 = arith.constant 0 : index\n"
     << "  %c1 = arith.constant 1 : index\n"
     << "  %n = memref.dim %out, %c0 : memref<?x" << row << ">\n"
     << "  scf.forall (%t) in (%n) {\n"
     << "    %x = vector.load %in[%c0, %c0] : memref<2x" << row << ">, "
     << vector << "\n"
     << "    %y = vector.load %in[%c1, %c0] : memref<2x" << row << ">, "
     << vector << "\n"
     << "    %r:" << kAccumulators
     << " = scf.for %i = %c0 to %iters step %c1 iter_args(";
  for (int k = 0; k < kAccumulators; ++k)
    os << (k ? ", " : "") << "%a" << k << " = %x";
  os << ") -> (";
  for (int k = 0; k < kAccumulators; ++k)
    os << (k ? ", " : "") << vector;
  os << ") {\n";
  for (int k = 0; k < kAccumulators; ++k)
    os << "      %b" << k << " = vector.fma %a" << k << ", %y, %x : " << vector
       << "\n";
  os << "      scf.yield ";
  for (int k = 0; k < kAccumulators; ++k)
    os << (k ? ", " : "") << "%b" << k;
  os << " : ";
  for (int k = 0; k < kAccumulators; ++k)
    os << (k ? ", " : "") << vector;
  os << "\n    }\n    %s0 = arith.addf %r#0, %r#1 : " << vector << "\n";
  for (int k = 2; k < kAccumulators; ++k)
    os << "    %s" << k - 1 << " = arith.addf %s" << k - 2 << ", %r#" << k
       << " : " << vector << "\n";
  os << "    vector.store %s" << kAccumulators - 2
     << ", %out[%t, %c0] : memref<?x" << row << ">, " << vector
     << "\n  }\n  return\n}\n";
  return text;
}

/// a = b + 3 * c over %threads equal chunks; optionally with non-temporal
/// stores (which skip reading the destination's lines into the cache).
static std::string getTriadKernel(unsigned lanes, bool nontemporal) {
  std::string vector = "vector<" + std::to_string(lanes) + "xf32>";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "func.func @triad(%a: memref<?xf32>, %b: memref<?xf32>, %c: "
        "memref<?xf32>, %threads: index) {\n"
     << "  %c0 = arith.constant 0 : index\n"
     << "  %step = arith.constant " << lanes << " : index\n"
     << "  %scale = arith.constant dense<3.0> : " << vector << "\n"
     << "  %n = memref.dim %a, %c0 : memref<?xf32>\n"
     << "  %chunk = arith.divui %n, %threads : index\n"
     << "  scf.forall (%t) in (%threads) {\n"
     << "    %start = arith.muli %t, %chunk : index\n"
     << "    %end = arith.addi %start, %chunk : index\n"
     << "    scf.for %i = %start to %end step %step {\n"
     << "      %vb = vector.load %b[%i] : memref<?xf32>, " << vector << "\n"
     << "      %vc = vector.load %c[%i] : memref<?xf32>, " << vector << "\n"
     << "      %r = vector.fma %vc, %scale, %vb : " << vector << "\n"
     << "      vector.store %r, %a[%i] "
     << (nontemporal ? "{nontemporal = true, alignment = 64} " : "")
     << ": memref<?xf32>, " << vector << "\n"
     << "    }\n  }\n  return\n}\n";
  return text;
}

namespace {
/// One compiled kernel and its arguments.
struct Measurement {
  std::unique_ptr<Kernel> kernel;
  SmallVector<Buffer> arguments;
};
} // namespace

static llvm::Expected<std::unique_ptr<Kernel>>
compileKernel(Driver &driver, llvm::StringRef text, llvm::StringRef name,
              unsigned threads) {
  auto loaded = driver.parse(text, "peak-kernel.mlir", "peak kernel");
  if (!loaded)
    return loaded.takeError();
  ModuleOp module = *loaded->module;
  SmallVector<ValueSignature> signatures;
  auto function = *module.getOps<func::FuncOp>().begin();
  for (Type type : function.getArgumentTypes()) {
    auto signature = getValueSignature(type, "argument");
    if (!signature)
      return signature.takeError();
    signatures.push_back(*signature);
  }
  if (llvm::Error error = driver.lowerToLLVM(module, {threads}))
    return std::move(error);
  EngineOptions engine;
  engine.threads = threads;
  return Kernel::compile(module, name, signatures, {}, engine);
}

/// Calls `kernel` until `duration` seconds have passed (at least three
/// times) and returns the shortest call.
static llvm::Expected<double>
timeBest(Kernel &kernel, MutableArrayRef<Buffer> arguments, double duration) {
  double best = 1e30;
  double start = now();
  for (int calls = 0; calls < 3 || now() - start < duration; ++calls) {
    double begin = now();
    if (llvm::Error crash = runGuarded("a peak kernel", ExitCode::Crash, [&] {
          kernel.bind(arguments);
          kernel.call();
        }))
      return std::move(crash);
    best = std::min(best, now() - begin);
  }
  return best;
}

static llvm::Expected<double> measureFma(Driver &driver, unsigned lanes,
                                         unsigned threads, double duration) {
  auto kernel = compileKernel(driver, getFmaKernel(lanes), "fma", threads);
  if (!kernel)
    return kernel.takeError();
  SmallVector<Buffer> arguments;
  arguments.push_back(Buffer::allocate(ElementKind::F32, {2, lanes}));
  for (unsigned i = 0; i < lanes; ++i) {
    arguments[0].setFloat(i, 1e-3);          // x
    arguments[0].setFloat(lanes + i, 0.999); // y: a = a * y + x stays small
  }
  arguments.push_back(Buffer::allocate(ElementKind::F32, {threads, lanes}));
  arguments.push_back(Buffer::scalar(ElementKind::Index));
  // Calibrate: about a tenth of the duration per call.
  int64_t iterations = 1 << 16;
  while (true) {
    arguments[2].setInt(0, iterations);
    auto seconds = timeBest(**kernel, arguments, 0);
    if (!seconds)
      return seconds.takeError();
    if (*seconds > duration / 10 || iterations > (int64_t(1) << 40))
      break;
    iterations *= 4;
  }
  auto seconds = timeBest(**kernel, arguments, duration);
  if (!seconds)
    return seconds.takeError();
  double flops = 2.0 * 12 * lanes * iterations * threads;
  return flops / *seconds * 1e-9;
}

static llvm::Expected<double> measureTriad(Driver &driver, unsigned lanes,
                                           unsigned threads, bool nontemporal,
                                           int64_t elements, double duration) {
  auto kernel = compileKernel(driver, getTriadKernel(lanes, nontemporal),
                              "triad", threads);
  if (!kernel)
    return kernel.takeError();
  SmallVector<Buffer> arguments;
  for (int i = 0; i < 3; ++i)
    arguments.push_back(Buffer::allocate(ElementKind::F32, {elements}));
  for (int64_t i = 0; i < elements; ++i) {
    arguments[1].setFloat(i, 1.0);
    arguments[2].setFloat(i, 2.0);
  }
  arguments.push_back(Buffer::scalar(ElementKind::Index));
  arguments[3].setInt(0, threads);
  auto seconds = timeBest(**kernel, arguments, duration);
  if (!seconds)
    return seconds.takeError();
  return 3.0 * 4 * elements / *seconds * 1e-9;
}

llvm::Expected<MachinePeak> measurePeak(const PeakOptions &options) {
  MachinePeak peak;
  double start = now();
  peak.host = getHostInfo();
  peak.key = getPeakCacheKey(peak.host);
  peak.measuredAt = currentTimestamp();
  peak.threads =
      options.threads ? options.threads : std::max(1u, peak.host.logicalCpus);
  auto hasFeature = [&](llvm::StringRef name) {
    return llvm::is_contained(peak.host.features, name.str());
  };
  peak.vectorBits = hasFeature("avx512f") ? 512 : hasFeature("avx") ? 256 : 128;
  unsigned lanes = peak.vectorBits / 32;
  // Three arrays of 128 MiB each, far beyond any cache; smaller for quick
  // runs, where the numbers only show that the machinery works.
  int64_t elements =
      options.duration >= 0.5 ? int64_t(1) << 25 : int64_t(1) << 22;
  elements -= elements % (lanes * peak.threads);

  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  Driver driver(diagnosticStream);
  auto step = [&](llvm::StringRef what) {
    if (options.progress)
      options.progress(what);
  };
  auto fail = [&](llvm::Error error) -> llvm::Error {
    auto [code, message] = takeError(std::move(error));
    return makeError(code,
                     message + (diagnostics.empty() ? "" : "\n") + diagnostics);
  };
  step("FMA throughput, 1 core");
  auto fma1 = measureFma(driver, lanes, 1, options.duration);
  if (!fma1)
    return fail(fma1.takeError());
  peak.fmaGflopsPerCore = *fma1;
  step(llvm::formatv("FMA throughput, {0} cores", peak.threads).str());
  auto fmaAll = measureFma(driver, lanes, peak.threads, options.duration);
  if (!fmaAll)
    return fail(fmaAll.takeError());
  peak.fmaGflopsAll = *fmaAll;
  struct {
    const char *what;
    unsigned threads;
    bool nontemporal;
    double *out;
  } triads[] = {
      {"triad, 1 thread", 1, false, &peak.triadGbps1},
      {"triad with non-temporal stores, 1 thread", 1, true, &peak.triadNtGbps1},
      {"triad, all threads", peak.threads, false, &peak.triadGbpsAll},
      {"triad with non-temporal stores, all threads", peak.threads, true,
       &peak.triadNtGbpsAll}};
  for (auto &triad : triads) {
    step(triad.what);
    auto gbps = measureTriad(driver, lanes, triad.threads, triad.nontemporal,
                             elements, options.duration);
    if (!gbps)
      return fail(gbps.takeError());
    *triad.out = *gbps;
  }
  peak.seconds = now() - start;
  return peak;
}

//===----------------------------------------------------------------------===//
// The cache
//===----------------------------------------------------------------------===//

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
          {"triad_nt_gbps_all", peak.triadNtGbpsAll}};
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
  os << llvm::formatv("{0} ({1}), {2}-bit vectors, {3} threads\n",
                      peak.host.cpuModel, peak.host.cpu, peak.vectorBits,
                      peak.threads);
  os << llvm::formatv("  FMA peak      {0,8:f1} GFLOP/s per core, {1,8:f1} "
                      "GFLOP/s on {2} cores\n",
                      peak.fmaGflopsPerCore, peak.fmaGflopsAll, peak.threads);
  os << llvm::formatv("  triad         {0,8:f1} GB/s on 1 thread,  {1,8:f1} "
                      "GB/s on {2}\n",
                      peak.triadGbps1, peak.triadGbpsAll, peak.threads);
  os << llvm::formatv("  triad (NT)    {0,8:f1} GB/s on 1 thread,  {1,8:f1} "
                      "GB/s on {2} (non-temporal stores)\n",
                      peak.triadNtGbps1, peak.triadNtGbpsAll, peak.threads);
  os << llvm::formatv("  measured {0} in {1:f1} s\n", peak.measuredAt,
                      peak.seconds);
}

} // namespace mlir::loom
