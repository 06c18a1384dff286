//===- UnrollVectors.cpp - Rows of power-of-two pieces --------------------===//

#include "transforms/UnrollVectors.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Interfaces/VectorInterfaces.h"

namespace mlir::loom {
namespace {

/// The side of the square blocks a 2-D transpose is unrolled into: what
/// upstream's shuffle_16x16 lowering takes.
constexpr int64_t kTransposeBlock = 16;

/// The most pieces one op is unrolled into: a register tile has at most as
/// many as the vector registers (an 8 x 48 tile, 24). A larger vector (the
/// whole fill of a small convolution's output, 1 x 7 x 7 x 40: 245 writes of
/// 8 floats, each a new tensor value) stays whole: One-Shot Bufferize and
/// empty-tensor elimination took a minute each over such a chain.
constexpr int64_t kMaxPieces = 64;

/// The size of the pieces a vector's innermost dimension of `size` elements
/// is unrolled into: the largest power of two dividing it, when that is at
/// least `lanes` and less than `size` (a power of two stays whole; LLVM
/// splits it into registers itself).
std::optional<int64_t> getPieceSize(int64_t size, int64_t lanes) {
  if (lanes <= 0 || size <= 0 || ShapedType::isDynamic(size))
    return std::nullopt;
  int64_t piece = size & -size;
  if (piece < lanes || piece == size)
    return std::nullopt;
  return piece;
}

/// `piece` when `shape` holds at most kMaxPieces of it, none otherwise.
std::optional<SmallVector<int64_t>> boundPieces(ArrayRef<int64_t> shape,
                                                SmallVector<int64_t> piece) {
  int64_t pieces = 1;
  for (auto [size, pieceSize] : llvm::zip_equal(shape, piece))
    pieces *= llvm::divideCeil(size, pieceSize);
  if (pieces > kMaxPieces)
    return std::nullopt;
  return piece;
}

/// The shape of one piece of a row for an op whose unroll shape ends in a
/// dimension getPieceSize splits; for a contraction, a piece of a row of
/// its result, its reductions whole.
std::optional<SmallVector<int64_t>> getRowPieceShape(Operation *op,
                                                     int64_t lanes) {
  auto unrollable = dyn_cast<VectorUnrollOpInterface>(op);
  if (!unrollable)
    return std::nullopt;
  auto isScalable = [](Type type) {
    auto vector = dyn_cast<VectorType>(type);
    return vector && vector.isScalable();
  };
  if (llvm::any_of(op->getOperandTypes(), isScalable) ||
      llvm::any_of(op->getResultTypes(), isScalable))
    return std::nullopt;
  std::optional<SmallVector<int64_t>> shape = unrollable.getShapeForUnroll();
  if (!shape || shape->empty())
    return std::nullopt;
  // A 2-D transpose of whole blocks of kTransposeBlock x kTransposeBlock
  // (the 32 x 16 floats of a panel of a transposed B being packed): one
  // transpose a block, each lowered by upstream's shuffle_16x16, rather
  // than one shuffle of all its elements, which LLVM lowers with some
  // three times the shuffles (Emerald Rapids, a 32 x 16 transpose: 302
  // against 128).
  auto isBlocks = [](int64_t size) { return size % kTransposeBlock == 0; };
  if (isa<vector::TransposeOp>(op) && shape->size() == 2 &&
      llvm::all_of(*shape, isBlocks) &&
      (*shape)[0] * (*shape)[1] > kTransposeBlock * kTransposeBlock)
    return boundPieces(*shape, {kTransposeBlock, kTransposeBlock});
  if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
    // The iteration dimension of the result's innermost dimension.
    AffineMap accMap = contract.getIndexingMapsArray()[2];
    if (accMap.getNumResults() == 0)
      return std::nullopt;
    auto inner = dyn_cast<AffineDimExpr>(accMap.getResults().back());
    if (!inner)
      return std::nullopt;
    std::optional<int64_t> piece =
        getPieceSize((*shape)[inner.getPosition()], lanes);
    if (!piece)
      return std::nullopt;
    SmallVector<int64_t> native(*shape);
    for (auto [dim, type] : llvm::enumerate(contract.getIteratorTypesArray()))
      if (type == vector::IteratorType::parallel)
        native[dim] = dim == inner.getPosition() ? *piece : 1;
    return boundPieces(*shape, native);
  }
  std::optional<int64_t> piece = getPieceSize(shape->back(), lanes);
  if (!piece)
    return std::nullopt;
  SmallVector<int64_t> native(shape->size(), 1);
  native.back() = *piece;
  return boundPieces(*shape, native);
}

} // namespace

void populateRowUnrollPatterns(RewritePatternSet &patterns, int64_t lanes) {
  vector::populateVectorUnrollPatterns(
      patterns,
      vector::UnrollVectorOptions().setNativeShapeFn(
          [lanes](Operation *op) { return getRowPieceShape(op, lanes); }));
}

} // namespace mlir::loom
