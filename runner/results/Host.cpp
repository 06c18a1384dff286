//===- Host.cpp - The machine a run happens on ----------------------------===//

#include "runner/results/Host.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <set>
#include <sys/resource.h>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace mlir::loom {

static std::string readCpuModel() {
  auto buffer = llvm::MemoryBuffer::getFileAsStream("/proc/cpuinfo");
  if (!buffer)
    return "";
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    auto [key, value] = line.split(':');
    if (key.trim() == "model name")
      return value.trim().str();
  }
  return "";
}

/// The bracketed word of /sys/kernel/mm/transparent_hugepage/enabled
/// ("always [madvise] never"); "unavailable" when it cannot be read (a
/// kernel without transparent huge pages).
static std::string readTransparentHugePages() {
  auto buffer = llvm::MemoryBuffer::getFileAsStream(
      "/sys/kernel/mm/transparent_hugepage/enabled");
  if (!buffer)
    return "unavailable";
  llvm::StringRef text = (*buffer)->getBuffer();
  size_t open = text.find('['), close = text.find(']');
  if (open == llvm::StringRef::npos || close == llvm::StringRef::npos ||
      close < open)
    return "unavailable";
  return text.slice(open + 1, close).str();
}

/// Distinct sets of SMT siblings among the CPUs; `fallback` when sysfs does
/// not say.
static unsigned countPhysicalCores(unsigned fallback) {
  std::set<std::string> cores;
  for (unsigned cpu = 0; cpu < fallback; ++cpu) {
    auto buffer = llvm::MemoryBuffer::getFileAsStream(
        "/sys/devices/system/cpu/cpu" + std::to_string(cpu) +
        "/topology/core_cpus_list");
    if (!buffer)
      return fallback;
    cores.insert((*buffer)->getBuffer().trim().str());
  }
  return cores.empty() ? fallback : unsigned(cores.size());
}

HostInfo getHostInfo() {
  HostInfo host;
  host.triple = llvm::sys::getProcessTriple();
  host.cpu = llvm::sys::getHostCPUName().str();
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    if (feature.second)
      host.features.push_back(feature.first().str());
  std::sort(host.features.begin(), host.features.end());
  host.cpuModel = readCpuModel();
  host.logicalCpus = std::thread::hardware_concurrency();
  host.physicalCores = countPhysicalCores(host.logicalCpus);
  auto size = [](int name) -> uint64_t {
    long value = ::sysconf(name);
    return value > 0 ? uint64_t(value) : 0;
  };
  host.l1dBytes = size(_SC_LEVEL1_DCACHE_SIZE);
  host.l2Bytes = size(_SC_LEVEL2_CACHE_SIZE);
  host.l3Bytes = size(_SC_LEVEL3_CACHE_SIZE);
  host.transparentHugePages = readTransparentHugePages();
  auto has = [&](llvm::StringRef feature) {
    return std::binary_search(host.features.begin(), host.features.end(),
                              feature.str());
  };
  llvm::StringRef arch = llvm::StringRef(host.triple).split('-').first;
  if (arch == "x86_64") {
    if (has("avx512f"))
      std::tie(host.vectorBytes, host.vectorRegisters) = std::pair(64u, 32u);
    else if (has("avx"))
      std::tie(host.vectorBytes, host.vectorRegisters) = std::pair(32u, 16u);
    else
      std::tie(host.vectorBytes, host.vectorRegisters) = std::pair(16u, 16u);
  } else if (arch == "aarch64") {
    std::tie(host.vectorBytes, host.vectorRegisters) = std::pair(16u, 32u);
  }
  return host;
}

uint64_t HostInfo::getCacheResidentBytes() const {
  constexpr uint64_t kMaxL3 = uint64_t(32) << 20;
  return l2Bytes + std::min(l3Bytes, kMaxL3);
}

/// A "Key:   123 kB" line of a /proc file, in bytes.
static std::optional<uint64_t> readProcKilobytes(llvm::StringRef path,
                                                 llvm::StringRef key) {
  auto buffer = llvm::MemoryBuffer::getFileAsStream(path);
  if (!buffer)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    auto [name, value] = line.split(':');
    uint64_t kilobytes;
    if (name.trim() == key &&
        !value.trim().take_while(llvm::isDigit).getAsInteger(10, kilobytes))
      return kilobytes * 1024;
  }
  return std::nullopt;
}

std::optional<MemoryAvailable> getAvailableMemory() {
  std::optional<MemoryAvailable> tightest;
  auto consider = [&](uint64_t bytes, llvm::StringRef limit) {
    if (!tightest || bytes < tightest->bytes)
      tightest = MemoryAvailable{bytes, limit.str()};
  };
  std::optional<uint64_t> available =
      readProcKilobytes("/proc/meminfo", "MemAvailable");
  if (available)
    consider(*available +
                 readProcKilobytes("/proc/meminfo", "SwapFree").value_or(0),
             "free memory (MemAvailable + SwapFree)");
  for (auto [resource, used, name] :
       {std::tuple<int, const char *, const char *>{RLIMIT_AS, "VmSize",
                                                    "ulimit -v"},
        {RLIMIT_DATA, "VmData", "ulimit -d"}}) {
    struct rlimit limit;
    if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
      continue;
    uint64_t taken = readProcKilobytes("/proc/self/status", used).value_or(0);
    consider(limit.rlim_cur > taken ? limit.rlim_cur - taken : 0, name);
  }
  return tightest;
}

} // namespace mlir::loom
