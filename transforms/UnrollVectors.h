//===- UnrollVectors.h - Rows of power-of-two pieces ------------*- C++ -*-===//
//
// A vector whose innermost size is not a power of two (a register tile of
// 8 x 48 floats: three AVX-512 registers a row) unrolled into rows of
// pieces whose size is, before LLVM sees it: LLVM legalizes a
// vector<48xf32> element by element, and a tile split by columns instead of
// rows keeps every row's broadcast live at once. Schedules opt in
// (transform.apply_patterns.loom.unroll_vectors).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_UNROLLVECTORS_H
#define LOOM_TRANSFORMS_UNROLLVECTORS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::loom {

/// Upstream's vector unroll patterns with a native shape of one row and one
/// piece of the innermost dimension, for ops whose innermost size S is not
/// a power of two: the piece is the largest power of two dividing S, when
/// that is at least `lanes` elements. A `vector.contract` is unrolled into
/// one contraction per row and piece of its result, its reductions whole.
/// A 2-D transpose of whole 16 x 16 blocks (and more than one) is unrolled
/// into one transpose a block, for upstream's shuffle_16x16 lowering.
/// Vectors whose innermost size is a power of two, whose pieces would be
/// narrower than `lanes`, and scalable vectors are left alone.
void populateRowUnrollPatterns(RewritePatternSet &patterns, int64_t lanes);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_UNROLLVECTORS_H
