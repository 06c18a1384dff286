//===- Host.h - The machine a run happens on --------------------*- C++ -*-===//
//
// What every record says about the machine: the CPU as LLVM names it (the
// JIT compiles for it), its model name, its features and how many logical
// CPUs there are. Read from LLVM's host detection and /proc/cpuinfo; nothing
// here runs code.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_HOST_H
#define LOOM_RUNNER_RESULTS_HOST_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

struct HostInfo {
  /// LLVM's name for the CPU (e.g. emeraldrapids) and the vendor's model name.
  std::string cpu, cpuModel, triple;
  /// Enabled features, sorted, without the leading '+'.
  std::vector<std::string> features;
  unsigned logicalCpus = 0;
  /// Cores (logical CPUs that do not share a core), from sysfs; equals
  /// logicalCpus when the topology cannot be read.
  unsigned physicalCores = 0;
  /// Data cache sizes in bytes (0: unknown), as the C library reads them
  /// from cpuid; L3 is the package's, which a core may not see all of.
  uint64_t l1dBytes = 0, l2Bytes = 0, l3Bytes = 0;
  /// The widest vector registers the features allow (64 bytes with
  /// AVX-512, 32 with AVX, 16 with SSE2 or NEON) and how many there are
  /// (32 with AVX-512 or on AArch64, 16 otherwise); 0 when unknown.
  unsigned vectorBytes = 0, vectorRegisters = 0;
  /// Linux's transparent huge pages mode ("always", "madvise" or "never",
  /// from /sys/kernel/mm/transparent_hugepage/enabled; "unavailable" when it
  /// cannot be read); empty in a record written before Loom read it.
  std::string transparentHugePages;

  /// The most a working set can take and still stay in the caches of one
  /// core: L2 plus L3, with L3 counted as at most 32 MiB (one CCD of a
  /// Zen part; VMs report the whole package). 0 when unknown.
  uint64_t getCacheResidentBytes() const;
};

/// This machine: CPU name and model, triple, features, logical CPUs.
HostInfo getHostInfo();

/// How much more memory this process can take, and what limits it.
struct MemoryAvailable {
  uint64_t bytes = 0;
  /// "free memory (MemAvailable + SwapFree)", "ulimit -v" or "ulimit -d".
  std::string limit;
};

/// The tightest of the machine's free memory and this process's limits
/// (RLIMIT_AS, RLIMIT_DATA less what it uses); none when nothing can be
/// read.
std::optional<MemoryAvailable> getAvailableMemory();

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_HOST_H
