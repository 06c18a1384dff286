//===- Host.cpp - The machine a run happens on ----------------------------===//

#include "runner/results/Host.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <thread>

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
  return host;
}

} // namespace mlir::loom
