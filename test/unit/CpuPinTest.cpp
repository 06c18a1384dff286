//===- CpuPinTest.cpp - A one-thread run held on one logical CPU ----------===//

#include "runner/kernel/CpuPin.h"
#include "runner/results/Status.h"

#include <gtest/gtest.h>

#include <sched.h>

using namespace mlir::loom;

namespace {

/// The CPUs the calling thread may run on.
cpu_set_t getCpus() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  EXPECT_EQ(sched_getaffinity(0, sizeof(cpus), &cpus), 0);
  return cpus;
}

TEST(CpuPinTest, HoldsTheThreadOnOneCpuAndGivesTheOthersBack) {
  cpu_set_t before = getCpus();
  int count = CPU_COUNT(&before);
  // The last allowed CPU (the thread is likelier elsewhere when there are
  // several).
  int last = -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &before))
      last = cpu;
  ASSERT_GE(last, 0);
  {
    auto pin = CpuPin::pin(last);
    ASSERT_TRUE(static_cast<bool>(pin)) << llvm::toString(pin.takeError());
    cpu_set_t during = getCpus();
    EXPECT_EQ(CPU_COUNT(&during), 1);
    EXPECT_TRUE(CPU_ISSET(last, &during));
    EXPECT_EQ(sched_getcpu(), last);
  }
  cpu_set_t after = getCpus();
  EXPECT_EQ(CPU_COUNT(&after), count);
  EXPECT_TRUE(CPU_EQUAL(&after, &before));
}

TEST(CpuPinTest, ACpuTheProcessMayNotUseIsAnInputError) {
  auto pin = CpuPin::pin(CPU_SETSIZE + 5);
  ASSERT_FALSE(static_cast<bool>(pin));
  auto [code, message] = takeError(pin.takeError());
  EXPECT_EQ(code, ExitCode::InvalidInput);
  EXPECT_EQ(message.rfind("--cpu " + std::to_string(CPU_SETSIZE + 5) +
                              ": this process may run on CPUs ",
                          0),
            0u);
  EXPECT_NE(message.find(getAllowedCpus() + " only"), std::string::npos);
  // Nothing was pinned.
  cpu_set_t cpus = getCpus();
  EXPECT_GE(CPU_COUNT(&cpus), 1);
}

TEST(CpuPinTest, AllowedCpusAreARangeList) {
  std::string list = getAllowedCpus();
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list.find_first_not_of("0123456789,-"), std::string::npos);
  cpu_set_t cpus = getCpus();
  if (CPU_COUNT(&cpus) == 1)
    return;
  EXPECT_TRUE(list.find('-') != std::string::npos ||
              list.find(',') != std::string::npos);
}

} // namespace
