//===- KernelAllocator.h - malloc and free of compiled kernels --*- C++ -*-===//
//
// Kernels allocate their temporary buffers (a packed operand, a padded
// tile) with malloc on every call and free them before returning. glibc
// serves large blocks with a fresh mmap and unmaps them on free, so such a
// buffer is page-faulted in (and zeroed by the OS) on every call: for a
// 64 MiB packed B that costs more than the matmul itself. Libraries keep
// such buffers (oneDNN's scratchpad); Loom's kernels get the same: the JIT
// resolves their malloc, aligned_alloc and free to these functions, which
// keep freed blocks of 1 MiB or more (up to 4 GiB in all) for the next
// call. Smaller blocks go straight to the C library.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_KERNELALLOCATOR_H
#define LOOM_RUNNER_KERNEL_KERNELALLOCATOR_H

#include <cstddef>

namespace mlir::loom {

/// `size` bytes aligned to `alignment` (a power of two, at most 4 KiB), to
/// free with std::free: the buffers of a run (inputs, outputs, references)
/// and the large temporary buffers of its kernels. A block of at least 2 MiB
/// is aligned to 2 MiB and advised to be backed by transparent huge pages
/// (madvise MADV_HUGEPAGE, which Linux honours when
/// /sys/kernel/mm/transparent_hugepage/enabled is "always" or "madvise"): a
/// large operand then spans few TLB entries, and its lines fall on the cache
/// sets its virtual addresses say rather than on those of whichever 4 KiB
/// physical pages the process got, which moved a kernel's speed between
/// processes by up to a third (docs/performance.md, "Huge pages").
void *allocateBuffer(size_t alignment, size_t size);
/// Whether allocateBuffer asks for huge pages (loom run --no-huge-pages
/// turns it off for the run; on by default).
void setHugePages(bool enabled);

void *kernelMalloc(size_t size);
void *kernelAlignedAlloc(size_t alignment, size_t size);
/// Frees a block of kernelMalloc or kernelAlignedAlloc (or of the C
/// library's malloc: blocks this allocator does not know go to free).
void kernelFree(void *pointer);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_KERNELALLOCATOR_H
