//===- Decompose.cpp - Decompose ops that have no loop lowering -----------===//
//
// Rewrites aggregated linalg ops (linalg.softmax), linalg.pack/unpack and the
// winograd transforms into ops that bufferization and convert-linalg-to-loops
// handle. Packs whose inner tiles are not constants (which upstream's
// lowerPack cannot handle) become a gather: a linalg.generic over the result
// that reads each element from the source.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "loom-decompose"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMDECOMPOSEPASS
#include "transforms/Passes.h.inc"

/// The source index of every dimension of a packed tensor's element: for
/// `packedIndex` (outer dims in the order of outer_dims_perm, then one per
/// inner tile), outer * tile + inner for a tiled dim, outer otherwise.
static SmallVector<Value> getUnpackedIndex(OpBuilder &b, Location loc,
                                           unsigned rank,
                                           ArrayRef<int64_t> innerDimsPos,
                                           ArrayRef<int64_t> outerDimsPerm,
                                           ArrayRef<Value> tiles,
                                           ValueRange packedIndex) {
  SmallVector<Value> index(rank);
  for (unsigned d = 0; d < rank; ++d) {
    // Outer dim i of the packed tensor holds source dim outerDimsPerm[i].
    unsigned position = d;
    if (!outerDimsPerm.empty())
      position = llvm::find(outerDimsPerm, d) - outerDimsPerm.begin();
    index[d] = packedIndex[position];
  }
  for (auto [j, dim] : llvm::enumerate(innerDimsPos)) {
    Value scaled = arith::MulIOp::create(b, loc, index[dim], tiles[j]);
    index[dim] = arith::AddIOp::create(b, loc, scaled, packedIndex[rank + j]);
  }
  return index;
}

/// linalg.pack with inner tiles that are not constants (lowerPack needs
/// them static): a linalg.generic over the packed tensor that gathers each
/// element from the source, or the padding value past its end.
static LogicalResult lowerPackAsGather(RewriterBase &rewriter,
                                       linalg::PackOp pack) {
  Location loc = pack.getLoc();
  Value source = pack.getSource();
  unsigned rank = pack.getSourceRank();
  SmallVector<Value> tiles =
      getValueOrCreateConstantIndexOp(rewriter, loc, pack.getMixedTiles());
  SmallVector<Value> sizes;
  for (unsigned d = 0; d < rank; ++d)
    sizes.push_back(tensor::DimOp::create(rewriter, loc, source, d));
  Value padding = pack.getPaddingValue();
  unsigned destRank = pack.getDestRank();
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(destRank)};
  SmallVector<utils::IteratorType> iterators(destRank,
                                             utils::IteratorType::parallel);
  SmallVector<int64_t> innerDimsPos(pack.getInnerDimsPos());
  SmallVector<int64_t> outerDimsPerm(pack.getOuterDimsPerm());
  auto generic = linalg::GenericOp::create(
      rewriter, loc, pack.getDestType(), ValueRange(),
      ValueRange{pack.getDest()}, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange) {
        SmallVector<Value> packedIndex;
        for (unsigned d = 0; d < destRank; ++d)
          packedIndex.push_back(linalg::IndexOp::create(b, loc, d));
        SmallVector<Value> index = getUnpackedIndex(
            b, loc, rank, innerDimsPos, outerDimsPerm, tiles, packedIndex);
        // Past the end: the padding value, read from a clamped index.
        Value inside;
        if (padding) {
          Value one = arith::ConstantIndexOp::create(b, loc, 1);
          for (unsigned d = 0; d < rank; ++d) {
            Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                             index[d], sizes[d]);
            inside = inside ? arith::AndIOp::create(b, loc, inside, in) : in;
            Value last = arith::SubIOp::create(b, loc, sizes[d], one);
            index[d] = arith::MinUIOp::create(b, loc, index[d], last);
          }
        }
        Value element = tensor::ExtractOp::create(b, loc, source, index);
        if (inside)
          element = arith::SelectOp::create(b, loc, inside, element, padding);
        linalg::YieldOp::create(b, loc, element);
      });
  rewriter.replaceOp(pack, generic.getResults());
  return success();
}

/// linalg.unpack with inner tiles that are not constants: a linalg.generic
/// over the unpacked tensor that reads each element from the packed one.
static LogicalResult lowerUnPackAsGather(RewriterBase &rewriter,
                                         linalg::UnPackOp unpack) {
  Location loc = unpack.getLoc();
  Value packed = unpack.getSource();
  unsigned rank = unpack.getDestRank();
  SmallVector<Value> tiles =
      getValueOrCreateConstantIndexOp(rewriter, loc, unpack.getMixedTiles());
  SmallVector<int64_t> innerDimsPos(unpack.getInnerDimsPos());
  SmallVector<int64_t> outerDimsPerm(unpack.getOuterDimsPerm());
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, unpack.getDestType(), ValueRange(),
      ValueRange{unpack.getDest()}, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange) {
        SmallVector<Value> index;
        for (unsigned d = 0; d < rank; ++d)
          index.push_back(linalg::IndexOp::create(b, loc, d));
        // Outer dims (in outer_dims_perm order), then the inner ones.
        SmallVector<Value> outer(index), inner;
        for (auto [j, dim] : llvm::enumerate(innerDimsPos)) {
          inner.push_back(arith::RemUIOp::create(b, loc, index[dim], tiles[j]));
          outer[dim] = arith::DivUIOp::create(b, loc, index[dim], tiles[j]);
        }
        SmallVector<Value> packedIndex;
        for (unsigned i = 0; i < rank; ++i)
          packedIndex.push_back(
              outerDimsPerm.empty() ? outer[i] : outer[outerDimsPerm[i]]);
        packedIndex.append(inner);
        Value element = tensor::ExtractOp::create(b, loc, packed, packedIndex);
        linalg::YieldOp::create(b, loc, element);
      });
  rewriter.replaceOp(unpack, generic.getResults());
  return success();
}

template <typename OpTy> static bool hasStaticTiles(OpTy op) {
  return llvm::none_of(op.getStaticInnerTiles(), ShapedType::isDynamic);
}

LogicalResult decomposeForLowering(Operation *root) {
  SmallVector<Operation *> targets;
  root->walk([&](Operation *op) {
    // An op a schedule sent to a library (loom-lower-library-calls) stays,
    // its library_call also in its location: bufferization rebuilds some
    // ops (linalg.softmax) without their discardable attributes, but keeps
    // their locations.
    if (auto name = op->getAttrOfType<StringAttr>("library_call")) {
      if (!isa<linalg::GenericOp>(op))
        op->setLoc(FusedLoc::get(op->getContext(), {op->getLoc()}, name));
      return;
    }
    if (isa<linalg::AggregatedOpInterface, linalg::PackOp, linalg::UnPackOp,
            linalg::WinogradFilterTransformOp, linalg::WinogradInputTransformOp,
            linalg::WinogradOutputTransformOp>(op))
      targets.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : targets) {
    rewriter.setInsertionPoint(op);
    LogicalResult result = success();
    if (auto pack = dyn_cast<linalg::PackOp>(op)) {
      result = hasStaticTiles(pack)
                   ? LogicalResult(linalg::lowerPack(rewriter, pack))
                   : lowerPackAsGather(rewriter, pack);
    } else if (auto unpack = dyn_cast<linalg::UnPackOp>(op)) {
      result = hasStaticTiles(unpack)
                   ? LogicalResult(linalg::lowerUnPack(rewriter, unpack))
                   : lowerUnPackAsGather(rewriter, unpack);
    } else if (auto filter = dyn_cast<linalg::WinogradFilterTransformOp>(op)) {
      result = linalg::decomposeWinogradFilterTransformOp(rewriter, filter);
    } else if (auto input = dyn_cast<linalg::WinogradInputTransformOp>(op)) {
      result = linalg::decomposeWinogradInputTransformOp(rewriter, input);
    } else if (auto output = dyn_cast<linalg::WinogradOutputTransformOp>(op)) {
      result = linalg::decomposeWinogradOutputTransformOp(rewriter, output);
    } else {
      auto aggregate = cast<linalg::AggregatedOpInterface>(op);
      FailureOr<SmallVector<Value>> replacements =
          aggregate.decomposeOperation(rewriter);
      if (succeeded(replacements))
        rewriter.replaceOp(op, *replacements);
      result = replacements;
    }
    if (failed(result))
      return op->emitError("cannot decompose this op into ops that lower to "
                           "loops; lower it in the schedule");
  }
  return success();
}

namespace {
struct LoomDecomposePass : impl::LoomDecomposePassBase<LoomDecomposePass> {
  void runOnOperation() override {
    if (failed(decomposeForLowering(getOperation())))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::loom
