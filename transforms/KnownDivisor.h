//===- KnownDivisor.h - What an index is known to be a multiple of --------===//
//
// A small analysis of index values shared by the passes that need the
// alignment of an address (loom-nontemporal-stores) or whether a loop's
// range is whole steps (loom-transfer-in-bounds).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_KNOWNDIVISOR_H
#define LOOM_TRANSFORMS_KNOWNDIVISOR_H

#include "mlir/IR/Value.h"

#include <cstdint>

namespace mlir::loom {

/// "Any multiple": the divisor of zero.
constexpr int64_t kZeroDivisor = int64_t(1) << 40;

/// The largest number `value` is known to be a multiple of (1 when nothing
/// is known): constants, induction variables (what their lower bound and
/// step are multiples of), affine.apply, and integer add, sub, mul and
/// index_cast of such values.
int64_t getKnownDivisor(Value value, unsigned depth = 0);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_KNOWNDIVISOR_H
