//===- Reciprocal.h - Division by a shared divisor as a product -*- C++ -*-===//
//
// x / broadcast(s) as x * broadcast(1 / s): one division per broadcast value
// instead of one per lane. The result can differ from the quotient by one
// rounding (at most about 1.5 ulp), so schedules opt in.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_RECIPROCAL_H
#define LOOM_TRANSFORMS_RECIPROCAL_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::loom {

/// `arith.divf %x, (vector.broadcast %s)` becomes
/// `arith.mulf %x, (vector.broadcast (arith.divf 1.0, %s))`.
void populateReciprocalDivisionPatterns(RewritePatternSet &patterns);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_RECIPROCAL_H
