//===- CpuPin.cpp - A one-thread run held on one logical CPU --------------===//

#include "runner/kernel/CpuPin.h"
#include "runner/results/Status.h"

#include <sched.h>

namespace mlir::loom {

struct CpuPin::Saved {
  cpu_set_t cpus;
};

static bool getCallerCpus(cpu_set_t &cpus) {
  CPU_ZERO(&cpus);
  // 0: the calling thread (Linux applies affinity per thread).
  return sched_getaffinity(0, sizeof(cpus), &cpus) == 0;
}

std::string getAllowedCpus() {
  cpu_set_t cpus;
  if (!getCallerCpus(cpus))
    return "";
  std::string list;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &cpus))
      continue;
    int last = cpu;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &cpus))
      ++last;
    if (!list.empty())
      list += ",";
    list += std::to_string(cpu);
    if (last > cpu)
      list += "-" + std::to_string(last);
    cpu = last;
  }
  return list;
}

/// Reads the calling thread's CPUs into `cpus` and checks that `cpu` is
/// one of them.
static llvm::Error readAndCheck(unsigned cpu, cpu_set_t &cpus) {
  if (!getCallerCpus(cpus))
    return makeError(ExitCode::InvalidInput,
                     "--cpu: cannot read the CPUs this thread may run on");
  if (cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &cpus))
    return makeError(ExitCode::InvalidInput,
                     "--cpu " + std::to_string(cpu) +
                         ": this process may run on CPUs " + getAllowedCpus() +
                         " only");
  return llvm::Error::success();
}

llvm::Error checkCpu(unsigned cpu) {
  cpu_set_t cpus;
  return readAndCheck(cpu, cpus);
}

llvm::Error checkCpuOption(std::optional<int64_t> cpu, unsigned threads) {
  if (!cpu)
    return llvm::Error::success();
  if (threads != 1)
    return makeError(ExitCode::InvalidInput,
                     "--cpu " + std::to_string(*cpu) +
                         " pins a run of one thread; this one has " +
                         std::to_string(threads) + " (--threads)");
  return checkCpu(static_cast<unsigned>(*cpu));
}

llvm::Expected<std::unique_ptr<CpuPin>> CpuPin::pin(unsigned cpu) {
  auto saved = std::make_unique<Saved>();
  if (llvm::Error error = readAndCheck(cpu, saved->cpus))
    return std::move(error);
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(0, sizeof(one), &one) != 0)
    return makeError(ExitCode::InvalidInput,
                     "--cpu " + std::to_string(cpu) +
                         ": cannot pin the thread there");
  return std::unique_ptr<CpuPin>(new CpuPin(std::move(saved)));
}

CpuPin::CpuPin(std::unique_ptr<Saved> saved) : saved(std::move(saved)) {}

CpuPin::~CpuPin() { sched_setaffinity(0, sizeof(saved->cpus), &saved->cpus); }

} // namespace mlir::loom
