//===- CpuPin.h - A one-thread run held on one CPU --------------*- C++ -*-===//
//
// `--cpu N`: the thread that times a one-thread kernel stays on logical CPU
// N while it does. On a VM whose vCPUs are busy in turns (a neighbour on the
// host core behind one of them), an unpinned thread lands on either, and two
// kernels timed one after the other (Loom's and a library's, one group of
// `loom bench`) may each see another core. Pinned, they see the same one.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_CPUPIN_H
#define LOOM_RUNNER_KERNEL_CPUPIN_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace mlir::loom {

/// The logical CPUs the calling thread may run on, as a list ("0-1",
/// "0,2-3"); empty if they cannot be read.
std::string getAllowedCpus();

/// An InvalidInput error (exit code 2) naming the allowed CPUs when the
/// calling thread may not run on `cpu`.
llvm::Error checkCpu(unsigned cpu);

/// The checks of a `--cpu` option (at least 0, as the option parser makes
/// sure) before anything is parsed or compiled: an InvalidInput error when
/// the run has more than one thread (`threads`) or the process may not run
/// on that CPU. No option (nullopt) passes.
llvm::Error checkCpuOption(std::optional<int64_t> cpu, unsigned threads);

/// Holds the calling thread on one logical CPU until destroyed, then gives
/// it back the CPUs it had.
class CpuPin {
public:
  /// Pins the calling thread to `cpu`; an InvalidInput error (exit code 2)
  /// naming the allowed CPUs when it may not run there.
  static llvm::Expected<std::unique_ptr<CpuPin>> pin(unsigned cpu);
  ~CpuPin();
  CpuPin(const CpuPin &) = delete;
  CpuPin &operator=(const CpuPin &) = delete;

private:
  struct Saved;
  explicit CpuPin(std::unique_ptr<Saved> saved);
  std::unique_ptr<Saved> saved;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_CPUPIN_H
