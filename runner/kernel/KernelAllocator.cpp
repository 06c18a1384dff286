//===- KernelAllocator.cpp - malloc and free of compiled kernels ----------===//

#include "runner/kernel/KernelAllocator.h"

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sys/mman.h>
#include <unordered_map>

namespace mlir::loom {

namespace {

/// Blocks at least this large are kept when freed.
constexpr size_t kLargeBlock = size_t(1) << 20;
/// At most this much freed memory is kept.
constexpr size_t kMaxKept = size_t(4) << 30;
/// Large blocks are 64-byte aligned, whatever the request (at most 4 KiB).
constexpr size_t kLargeAlignment = 64;

struct BlockCache {
  std::mutex mutex;
  /// Every large block handed out or kept, by address: its size.
  std::unordered_map<void *, size_t> sizes;
  /// The kept (freed) blocks, by size.
  std::multimap<size_t, void *> kept;
  size_t keptBytes = 0;

  void *allocate(size_t size, size_t alignment) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      // The smallest kept block that fits, unless it wastes more than half.
      auto it = kept.lower_bound(size);
      if (it != kept.end() && it->first <= 2 * size &&
          reinterpret_cast<uintptr_t>(it->second) % alignment == 0) {
        void *block = it->second;
        keptBytes -= it->first;
        kept.erase(it);
        return block;
      }
    }
    // aligned_alloc wants a size that is a multiple of the alignment.
    alignment = std::max(alignment, kLargeAlignment);
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    void *block = allocateBuffer(alignment, rounded);
    if (!block)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    sizes[block] = rounded;
    return block;
  }

  /// Frees the kept blocks.
  void dropKept() {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto [size, block] : kept) {
      sizes.erase(block);
      std::free(block);
    }
    kept.clear();
    keptBytes = 0;
  }

  /// False when `block` is not a large block of this cache.
  bool release(void *block) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = sizes.find(block);
    if (it == sizes.end())
      return false;
    size_t size = it->second;
    if (keptBytes + size > kMaxKept) {
      sizes.erase(it);
      std::free(block);
      return true;
    }
    kept.emplace(size, block);
    keptBytes += size;
    return true;
  }
};

BlockCache &getCache() {
  // Never destroyed: kernels of other threads may still free at exit.
  static BlockCache *cache = new BlockCache;
  return *cache;
}

} // namespace

static std::atomic<bool> hugePages{true};

void setHugePages(bool enabled) {
  // Blocks kept from runs with the other setting are not what this run
  // asked for (loom bench runs many in one process).
  if (hugePages.exchange(enabled) != enabled)
    getCache().dropKept();
}

void *allocateBuffer(size_t alignment, size_t size) {
  constexpr size_t kHugePage = size_t(2) << 20;
  if (size < kHugePage || !hugePages)
    return std::aligned_alloc(alignment,
                              (size + alignment - 1) / alignment * alignment);
  size_t rounded = (size + kHugePage - 1) / kHugePage * kHugePage;
  void *block = std::aligned_alloc(kHugePage, rounded);
  // Advice only: without transparent huge pages the block is as any other.
  if (block)
    (void)madvise(block, rounded, MADV_HUGEPAGE);
  return block;
}

void *kernelMalloc(size_t size) {
  if (size < kLargeBlock)
    return std::malloc(size);
  return getCache().allocate(size, kLargeAlignment);
}

void *kernelAlignedAlloc(size_t alignment, size_t size) {
  if (size < kLargeBlock || alignment > 4096)
    return std::aligned_alloc(alignment, size);
  return getCache().allocate(size, alignment);
}

void kernelFree(void *pointer) {
  if (!pointer)
    return;
  if (!getCache().release(pointer))
    std::free(pointer);
}

} // namespace mlir::loom
