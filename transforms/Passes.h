//===- Passes.h - Loom passes -----------------------------------*- C++ -*-===//

#ifndef LOOM_TRANSFORMS_PASSES_H
#define LOOM_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::loom {

#define GEN_PASS_DECL
#include "transforms/Passes.h.inc"

/// The cache geometry the prefetching passes assume: 64-byte lines, and
/// 4 KiB pages, below which the cache sets of an address's lines follow its
/// offset in the page (those above follow the physical page, which the
/// program does not choose): rows a multiple of a page apart fall on the
/// same sets.
constexpr int64_t kLineBytes = 64;
constexpr int64_t kPageBytes = 4096;

#define GEN_PASS_REGISTRATION
#include "transforms/Passes.h.inc"

/// Decomposes every aggregated op (linalg.softmax, ...), linalg.pack and
/// linalg.unpack under `root` (see loom-decompose). Returns failure, with a
/// diagnostic at the op, if one cannot be decomposed.
LogicalResult decomposeForLowering(Operation *root);

/// The OpenMP schedule a schedule chose for an scf.forall ("guided" or
/// "dynamic"; loom-openmp-schedule).
constexpr llvm::StringLiteral kOpenMPScheduleAttrName = "loom.omp_schedule";

/// The function attribute that asks for non-temporal stores into the
/// function's arguments (loom-nontemporal-stores).
constexpr llvm::StringLiteral kNontemporalStoresAttrName =
    "loom.nontemporal_stores";

/// The scf.for attribute that asks for the blocks of the loop's next
/// iteration to be prefetched (loom-prefetch-next-iteration).
constexpr llvm::StringLiteral kPrefetchNextAttrName = "loom.prefetch_next";

/// The scf.for attribute that names the cache the blocks of a loop marked
/// with kPrefetchNextAttrName are prefetched into: 1 (L1); 2 or absent, L2
/// (loom-prefetch-next-iteration).
constexpr llvm::StringLiteral kPrefetchNextCacheAttrName =
    "loom.prefetch_next_cache";

/// The scf.for attribute that restricts the blocks of a loop marked with
/// kPrefetchNextAttrName to those its body writes: the next register tile's
/// tile of C in the loop over a tile's panels, not the next panel of B
/// (loom-prefetch-next-iteration).
constexpr llvm::StringLiteral kPrefetchNextWrittenAttrName =
    "loom.prefetch_next_written";

/// The scf.for attribute that asks for the rows its iterations read a
/// stride apart to be prefetched this many iterations ahead
/// (loom-prefetch-ahead).
constexpr llvm::StringLiteral kPrefetchAheadAttrName = "loom.prefetch_ahead";

/// The scf.for attribute that bounds, in bytes, how far ahead the rows of a
/// loop marked with kPrefetchAheadAttrName are prefetched
/// (loom-prefetch-ahead).
constexpr llvm::StringLiteral kPrefetchSpanAttrName = "loom.prefetch_span";

/// The scf.for attribute that names the cache the rows of a loop marked
/// with kPrefetchAheadAttrName are prefetched into: 1 (L1) or 2 (L2); 0 or
/// absent, by their stride (loom-prefetch-ahead).
constexpr llvm::StringLiteral kPrefetchCacheAttrName = "loom.prefetch_cache";

/// The scf.for attribute that asks for what the loop's vector reads load to
/// be prefetched as it will be this many iterations of the enclosing loop
/// ahead: the next rows of a softmax while the exp map computes this one
/// (loom-prefetch-ahead).
constexpr llvm::StringLiteral kPrefetchOuterAheadAttrName =
    "loom.prefetch_outer_ahead";

/// The scf.for attribute that asks for the copy nest just before the loop
/// (a block of B packed per K block) to be done in the loop's first
/// iteration, as it reads the copy (loom-pack-in-first-tile); an integer 0
/// turns it off.
constexpr llvm::StringLiteral kPackInFirstAttrName = "loom.pack_in_first";

/// The scf.for attribute that, with kPackInFirstAttrName, has the first
/// iteration's innermost loop prefetch the rows of the copy's source it
/// reads in place this many iterations ahead (the loop is marked with
/// kPrefetchAheadAttrName; loom-pack-in-first-tile).
constexpr llvm::StringLiteral kPackInFirstAheadAttrName =
    "loom.pack_in_first_ahead";

/// The scf.for attribute that asks for the loop to be unrolled by this
/// factor once the passes that read its body as one step have run
/// (loom-unroll-loops); 1 leaves it as it is.
constexpr llvm::StringLiteral kUnrollAttrName = "loom.unroll";

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_PASSES_H
