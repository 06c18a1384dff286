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
