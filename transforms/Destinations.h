//===- Destinations.h - Destinations that bufferize in place ----*- C++ -*-===//
//
// Rewrites of destination operands (`outs`) of linalg ops on tensors that do
// not change what is computed but let one-shot bufferization work in place
// where it would otherwise allocate and copy.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_DESTINATIONS_H
#define LOOM_TRANSFORMS_DESTINATIONS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::loom {

/// When an all-parallel linalg op and the producer of one of its inputs were
/// given the same destination, and the op does not read its destination,
/// make the op write over that input instead (its destination becomes the
/// producer's result). The op then updates the producer's result in place.
///
/// Without it, the two ops write one buffer while the second still reads
/// what the first wrote there, so bufferization gives one of them a copy.
/// linalg.softmax's decomposition is the common case: exp(x - max) and the
/// division by the sum both write the softmax's destination.
void populateReuseProducerDestinationPatterns(RewritePatternSet &patterns);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_DESTINATIONS_H
