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

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_HOST_H
