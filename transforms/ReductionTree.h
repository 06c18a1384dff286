//===- ReductionTree.h - Vector reductions by halves ------------*- C++ -*-===//
//
// A reduction of the innermost dimension of a vector (vector.multi_reduction
// over its last dimension, vector.reduction) as log2(n) elementwise steps
// that combine the two halves of the vector, instead of the n - 1 dependent
// scalar steps LLVM emits on x86 for a float reduction that may not be
// reassociated (an ordered sum, a NaN-aware maximum). For floating-point add
// and mul the association of the terms changes, so the result can differ by
// rounding (as when tile_reduction_using_for splits a reduction into lanes);
// min, max and integer kinds give the same result. Schedules opt in.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_REDUCTIONTREE_H
#define LOOM_TRANSFORMS_REDUCTIONTREE_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::loom {

/// `vector.multi_reduction <kind>, %v, %acc [last]` and
/// `vector.reduction <kind>, %v, %acc` whose reduced dimension has at least
/// 2 elements become a tree of elementwise `kind` ops on the halves of `%v`
/// (vector.extract_strided_slice; a size that is not a power of two first
/// folds its elements beyond the power of two below it onto the first
/// ones), then one combination with `%acc`. Masked reductions are left
/// alone.
void populateReductionTreePatterns(RewritePatternSet &patterns);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_REDUCTIONTREE_H
