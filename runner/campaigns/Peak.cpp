//===- Peak.cpp - `loom peak`: measure this machine's ceilings ------------===//

#include "runner/campaigns/Peak.h"
#include "runner/kernel/CpuPin.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/kernel/Driver.h"
#include "runner/kernel/Engine.h"
#include "runner/kernel/Timer.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Status.h"

#include "transforms/Pipelines.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cstdlib>

namespace mlir::loom {

using nlohmann::ordered_json;

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

/// The FMA rate, measured `repeats` times (compiled and calibrated once).
static llvm::Expected<std::vector<double>>
measureFma(Driver &driver, unsigned lanes, unsigned threads, double duration,
           unsigned repeats) {
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
  double flops = 2.0 * 12 * lanes * iterations * threads;
  std::vector<double> rates;
  for (unsigned i = 0; i < repeats; ++i) {
    auto seconds = timeBest(**kernel, arguments, duration);
    if (!seconds)
      return seconds.takeError();
    rates.push_back(flops / *seconds * 1e-9);
  }
  return rates;
}

/// The triad bandwidth, measured `repeats` times (compiled once).
static llvm::Expected<std::vector<double>>
measureTriad(Driver &driver, unsigned lanes, unsigned threads, bool nontemporal,
             int64_t elements, double duration, unsigned repeats) {
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
  std::vector<double> rates;
  for (unsigned i = 0; i < repeats; ++i) {
    auto seconds = timeBest(**kernel, arguments, duration);
    if (!seconds)
      return seconds.takeError();
    rates.push_back(3.0 * 4 * elements / *seconds * 1e-9);
  }
  return rates;
}

/// The widest vectors of `host`'s FMA, in bits.
static unsigned getVectorBits(const HostInfo &host) {
  auto hasFeature = [&](llvm::StringRef name) {
    return llvm::is_contained(host.features, name.str());
  };
  return hasFeature("avx512f") ? 512 : hasFeature("avx") ? 256 : 128;
}

llvm::Expected<MachinePeak> measurePeak(const PeakOptions &options) {
  MachinePeak peak;
  double start = now();
  peak.host = getHostInfo();
  peak.key = getPeakCacheKey(peak.host);
  peak.measuredAt = currentTimestamp();
  peak.threads =
      options.threads ? options.threads : std::max(1u, peak.host.logicalCpus);
  peak.vectorBits = getVectorBits(peak.host);
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
  peak.repeats = std::max(1u, options.repeats);
  double loads[3];
  if (getloadavg(loads, 1) == 1)
    peak.loadAverage = loads[0];
  // Each figure: the best of the repeats, and how far apart they were.
  auto repeat =
      [&](llvm::StringRef what,
          llvm::function_ref<llvm::Expected<std::vector<double>>()> measure,
          double &out) -> llvm::Error {
    step(peak.repeats == 1
             ? what.str()
             : llvm::formatv("{0} ({1} repeats)", what, peak.repeats).str());
    auto values = measure();
    if (!values)
      return fail(values.takeError());
    auto [worst, best] = std::minmax_element(values->begin(), values->end());
    out = *best;
    double spread = *best > 0 ? (*best - *worst) / *best : 0;
    if (spread >= peak.spread) {
      peak.spread = spread;
      peak.spreadOf = what.str();
    }
    return llvm::Error::success();
  };
  if (llvm::Error error = repeat(
          "FMA throughput, 1 core",
          [&] {
            return measureFma(driver, lanes, 1, options.duration, peak.repeats);
          },
          peak.fmaGflopsPerCore))
    return std::move(error);
  if (llvm::Error error = repeat(
          llvm::formatv("FMA throughput, {0} cores", peak.threads).str(),
          [&] {
            return measureFma(driver, lanes, peak.threads, options.duration,
                              peak.repeats);
          },
          peak.fmaGflopsAll))
    return std::move(error);
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
  for (auto &triad : triads)
    if (llvm::Error error = repeat(
            triad.what,
            [&] {
              return measureTriad(driver, lanes, triad.threads,
                                  triad.nontemporal, elements, options.duration,
                                  peak.repeats);
            },
            *triad.out))
      return std::move(error);
  peak.disturbances = getPeakDisturbances(peak, peak.host.physicalCores);
  peak.seconds = now() - start;
  return peak;
}

llvm::Expected<CoreCheck> checkCores(llvm::StringRef when, unsigned cores,
                                     std::optional<int64_t> cpu,
                                     double seconds) {
  CoreCheck check;
  check.when = when.str();
  check.cores = std::max(1u, cores);
  check.cpu = cpu;
  double loads[3];
  if (getloadavg(loads, 1) == 1)
    check.loadAverage = loads[0];
  unsigned lanes = getVectorBits(getHostInfo()) / 32;
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  Driver driver(diagnosticStream);
  constexpr unsigned kRepeats = 3;
  auto best = [](const std::vector<double> &rates) {
    return *std::max_element(rates.begin(), rates.end());
  };
  {
    std::unique_ptr<CpuPin> pin;
    if (cpu) {
      auto pinned = CpuPin::pin(static_cast<unsigned>(*cpu));
      if (!pinned)
        return pinned.takeError();
      pin = std::move(*pinned);
    }
    auto rates = measureFma(driver, lanes, 1, seconds, kRepeats);
    if (!rates)
      return rates.takeError();
    check.gflopsOneCore = best(*rates);
  }
  check.gflopsAllCores = check.gflopsOneCore;
  if (check.cores > 1) {
    auto rates = measureFma(driver, lanes, check.cores, seconds, kRepeats);
    if (!rates)
      return rates.takeError();
    check.gflopsAllCores = best(*rates);
  }
  return check;
}

} // namespace mlir::loom
