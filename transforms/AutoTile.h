//===- AutoTile.h - Tile and vectorize any structured op --------*- C++ -*-===//
//
// The two steps of the default schedule (schedules/lib/default.mlir) that
// upstream transform ops cannot express for an op they know nothing about:
// tile sizes chosen from the op's loops (their number, kinds and sizes) and
// vector sizes taken from the upper bounds of the loops of a tiled op.
// `transform.loom.auto_tile` and `transform.loom.vectorize` call these.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_AUTOTILE_H
#define LOOM_TRANSFORMS_AUTOTILE_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

#include <string>

namespace mlir::loom {

/// Tile sizes for the two levels of the default schedule, one per loop of the
/// op (0: the loop is not tiled at that level).
struct AutoTilePlan {
  /// scf.forall level: the outermost parallel loop, in a few chunks that are
  /// whole multiples of the vector tile.
  SmallVector<int64_t> threadTileSizes;
  /// scf.for level: the shape that `vectorize` turns into vectors.
  /// Contractions get 8 x 32 register tiles (the last M and N loops, 32 =
  /// twice `vectorBytes` worth of the widest element type) and one
  /// reduction step.
  /// Convolutions keep their last window loop whole and tile the other window
  /// loops and output image loops to 1, so that
  /// `transform.structured.decompose` can rewrite them as 1-D convolutions;
  /// the last output image loop gets up to 8, the output channels two
  /// vectors' worth, the other channel loops one.
  /// Other ops: the loop of the output's last dimension (or the last parallel
  /// loop) gets a vector's worth (four for ops without reductions), the
  /// innermost reduction up to one. Every other loop gets 1.
  SmallVector<int64_t> loopTileSizes;
  /// An scf.for level between the two, or empty: cache blocks of
  /// contractions (256 columns, 256 reduction steps).
  SmallVector<int64_t> cacheTileSizes;
};

/// The plan for `op` (a linalg op or any other TilingInterface op).
AutoTilePlan computeAutoTilePlan(TilingInterface op, int64_t vectorBytes);

/// What tileWithPlan produced: the innermost tiled op (the op itself when no
/// loop was tiled) and the loops, outermost first.
struct AutoTileResult {
  Operation *tiledOp = nullptr;
  Operation *forallOp = nullptr;
  SmallVector<Operation *> forOps;
};

/// Tiles `op` by `plan` (scf.forall, then scf.for inside it) and replaces it.
/// On failure nothing is changed and `reason` says why.
FailureOr<AutoTileResult> tileWithPlan(RewriterBase &rewriter,
                                       TilingInterface op,
                                       const AutoTilePlan &plan,
                                       std::string &reason);

/// Vector sizes for a linalg op: the constant upper bound of every loop
/// (tiled loops are bounded by their tile size). Fails, saying why in
/// `reason`, when some loop has no constant bound.
FailureOr<SmallVector<int64_t>> inferVectorSizes(Operation *op,
                                                 std::string &reason);

/// Vectorizes `op` with the sizes inferVectorSizes gives (masked where a
/// loop is shorter than its bound) and replaces it. Fails without changing
/// anything, saying why in `reason`, when the sizes are unknown, when their
/// product exceeds `maxVectorElements`, when an operand has elements narrower
/// than a byte (i1: LLVM would load them as packed bits), or when the
/// vectorizer does not support the op.
LogicalResult vectorizeToBounds(RewriterBase &rewriter, Operation *op,
                                int64_t maxVectorElements, std::string &reason);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_AUTOTILE_H
