//===- KernelAllocatorTest.cpp - Buffers in huge pages --------------------===//

#include "runner/kernel/KernelAllocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using namespace mlir::loom;

namespace {

constexpr size_t kHugePage = size_t(2) << 20;

/// The VmFlags of the mapping of /proc/self/smaps that holds `address`
/// ("hg": advised to use huge pages); empty when none does.
std::string getVmFlags(const void *address) {
  auto at = reinterpret_cast<uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::istringstream fields(line);
    std::string range;
    fields >> range;
    size_t dash = range.find('-');
    // A mapping's first line: "start-end perms offset dev inode path".
    if (dash != std::string::npos && range.find(':') == std::string::npos &&
        line.find(' ') == range.size()) {
      uintptr_t start = std::stoull(range.substr(0, dash), nullptr, 16);
      uintptr_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
      inside = start <= at && at < end;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0)
      return line.substr(8);
  }
  return "";
}

bool isAdvisedHuge(const void *address) {
  std::istringstream flags(getVmFlags(address));
  std::string flag;
  while (flags >> flag)
    if (flag == "hg")
      return true;
  return false;
}

// A buffer of 2 MiB or more is aligned to 2 MiB and advised to use huge
// pages; a smaller one, or any with huge pages off, is not.
/// Whether this kernel has transparent huge pages (without them madvise
/// refuses the advice and no mapping is marked).
bool hasTransparentHugePages() {
  return std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good();
}

TEST(KernelAllocatorTest, LargeBuffersAreAdvisedHugePages) {
  if (!hasTransparentHugePages())
    GTEST_SKIP() << "this kernel has no transparent huge pages";
  setHugePages(true);
  void *large = allocateBuffer(64, 3 * kHugePage + 100);
  ASSERT_NE(large, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(large) % kHugePage, 0u);
  EXPECT_TRUE(isAdvisedHuge(large)) << getVmFlags(large);

  void *small = allocateBuffer(64, kHugePage / 2);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 64, 0u);
  EXPECT_FALSE(isAdvisedHuge(small)) << getVmFlags(small);

  setHugePages(false);
  void *plain = allocateBuffer(64, 3 * kHugePage + 100);
  ASSERT_NE(plain, nullptr);
  EXPECT_FALSE(isAdvisedHuge(plain)) << getVmFlags(plain);
  setHugePages(true);
  std::free(large);
  std::free(small);
  std::free(plain);
}

// A kernel's large temporary buffer follows the setting, also when a block
// kept from a call of the other setting would fit (loom bench runs many
// benchmarks in one process).
TEST(KernelAllocatorTest, KeptBlocksFollowTheSetting) {
  if (!hasTransparentHugePages())
    GTEST_SKIP() << "this kernel has no transparent huge pages";
  setHugePages(true);
  void *first = kernelMalloc(4 * kHugePage);
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(isAdvisedHuge(first));
  kernelFree(first);
  // Kept, and handed out again under the same setting.
  void *again = kernelMalloc(4 * kHugePage);
  EXPECT_EQ(again, first);
  kernelFree(again);

  setHugePages(false);
  void *plain = kernelMalloc(4 * kHugePage);
  ASSERT_NE(plain, nullptr);
  EXPECT_FALSE(isAdvisedHuge(plain)) << getVmFlags(plain);
  kernelFree(plain);
  setHugePages(true);
}

} // namespace
