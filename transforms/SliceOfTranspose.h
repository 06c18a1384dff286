//===- SliceOfTranspose.h - Slice before a transpose ------------*- C++ -*-===//
//
// A slice of a transposed tensor as a transpose of a slice: the transpose
// then meets its consumer (a linalg.pack) without a slice between them, and
// upstream's fold_into_pack_and_unpack folds the two. Schedules opt in
// (transform.apply_patterns.loom.slice_before_transpose).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_SLICEOFTRANSPOSE_H
#define LOOM_TRANSFORMS_SLICEOFTRANSPOSE_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::loom {

/// `tensor.extract_slice` (unit strides, not rank-reducing) of the result of
/// a `linalg.transpose` on tensors becomes a `linalg.transpose` of the
/// matching slice of its input, into a new `tensor.empty` (a transpose
/// writes every element of its init). The original transpose is left to its
/// other users, or to dead-code elimination.
void populateSliceBeforeTransposePatterns(RewritePatternSet &patterns);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_SLICEOFTRANSPOSE_H
