//===- NontemporalStores.cpp - Streaming stores to a kernel's outputs -----===//

#include "transforms/Passes.h"

#include "transforms/KnownDivisor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMNONTEMPORALSTORESPASS
#include "transforms/Passes.h.inc"

namespace {

/// The function argument `value` is (a view of), or null.
BlockArgument getViewedArgument(Value value) {
  while (true) {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return isa<func::FuncOp>(argument.getOwner()->getParentOp())
                 ? argument
                 : BlockArgument();
    Operation *op = value.getDefiningOp();
    if (auto view = dyn_cast_or_null<ViewLikeOpInterface>(op)) {
      value = view.getViewSource();
      continue;
    }
    if (auto cast = dyn_cast_or_null<memref::CastOp>(op)) {
      value = cast.getSource();
      continue;
    }
    return BlockArgument();
  }
}

/// Streaming stores of whole vectors need aligned addresses (vmovntps);
/// unaligned ones become scalar pieces, slower than plain stores. The
/// arguments of a marked function are taken to be this aligned (Loom's
/// buffers are); a store is made streaming only where its offset keeps it
/// as aligned as its vector.
constexpr int64_t kArgumentAlignment = 64;

/// The size below which an argument's stores stay plain (isSmallArgument).
constexpr int64_t kMinNontemporalBytes = 16 * 1024;
/// What the element offset of `memref`'s first element, from its function
/// argument (or view of one), is a multiple of; none when it is not a view
/// of an argument.
std::optional<int64_t> getOffsetDivisor(Value memref, unsigned depth = 0) {
  if (depth > 16)
    return std::nullopt;
  if (auto argument = dyn_cast<BlockArgument>(memref)) {
    auto type = dyn_cast<MemRefType>(argument.getType());
    if (!isa<func::FuncOp>(argument.getOwner()->getParentOp()) || !type)
      return std::nullopt;
    auto [strides, offset] = type.getStridesAndOffset();
    if (ShapedType::isDynamic(offset))
      return std::nullopt;
    return offset ? std::abs(offset) : kZeroDivisor;
  }
  Operation *op = memref.getDefiningOp();
  if (auto subview = dyn_cast_or_null<memref::SubViewOp>(op)) {
    std::optional<int64_t> source =
        getOffsetDivisor(subview.getSource(), depth + 1);
    auto [strides, offset] = subview.getSourceType().getStridesAndOffset();
    if (!source)
      return std::nullopt;
    int64_t divisor = *source;
    for (auto [offsetValue, stride] :
         llvm::zip(subview.getMixedOffsets(), strides)) {
      if (ShapedType::isDynamic(stride))
        return std::nullopt;
      int64_t term = kZeroDivisor;
      if (std::optional<int64_t> constant = getConstantIntValue(offsetValue))
        term = *constant ? std::abs(*constant) : kZeroDivisor;
      else
        term = getKnownDivisor(cast<Value>(offsetValue));
      divisor =
          std::gcd(divisor, std::min(term * std::abs(stride), kZeroDivisor));
    }
    return divisor;
  }
  // A reshape's first element is its source's (a flattened elementwise op
  // stores into the collapsed output).
  if (isa_and_nonnull<memref::CastOp, memref::AssumeAlignmentOp,
                      memref::CollapseShapeOp, memref::ExpandShapeOp>(op))
    return getOffsetDivisor(op->getOperand(0), depth + 1);
  return std::nullopt;
}

/// The alignment in bytes `store` is known to have when its memref's
/// function argument is kArgumentAlignment-aligned; none when its base is
/// not (a view of) an argument.
std::optional<int64_t> getStoreAlignment(vector::StoreOp store) {
  MemRefType type = store.getMemRefType();
  std::optional<int64_t> divisor = getOffsetDivisor(store.getBase());
  if (!divisor)
    return std::nullopt;
  auto [strides, offset] = type.getStridesAndOffset();
  for (auto [index, stride] : llvm::zip(store.getIndices(), strides)) {
    if (ShapedType::isDynamic(stride))
      return std::nullopt;
    *divisor =
        std::gcd(*divisor, std::min(getKnownDivisor(index) * std::abs(stride),
                                    kZeroDivisor));
  }
  int64_t bytes = *divisor * (type.getElementTypeBitWidth() / 8);
  int64_t alignment = kArgumentAlignment;
  while (bytes % alignment)
    alignment /= 2;
  return alignment;
}

/// Whether `argument` is a memref of a static size below
/// kMinNontemporalBytes: streaming stores into so few lines cost more (the
/// write-combining buffers are flushed to memory on every call) than the
/// reads of lines they save (an elementwise chain over 32 x 32 floats ran
/// 3.5x slower with them, one over 64 x 64 as fast).
bool isSmallArgument(BlockArgument argument) {
  auto type = argument ? dyn_cast<MemRefType>(argument.getType()) : nullptr;
  return type && type.hasStaticShape() &&
         type.getNumElements() * type.getElementTypeBitWidth() / 8 <
             kMinNontemporalBytes;
}

struct LoomNontemporalStoresPass
    : impl::LoomNontemporalStoresPassBase<LoomNontemporalStoresPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(kNontemporalStoresAttrName))
      return;
    // Vector stores are what LLVM can mark: lower the (1-D, after
    // convert-vector-to-scf) transfer writes to them first.
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    llvm::SetVector<BlockArgument> stored;
    func.walk([&](vector::StoreOp store) {
      if (isSmallArgument(getViewedArgument(store.getBase())))
        return;
      std::optional<int64_t> alignment = getStoreAlignment(store);
      int64_t vectorBytes = store.getVectorType().getNumElements() *
                            store.getVectorType().getElementTypeBitWidth() / 8;
      // Whole aligned vectors only (at most a 64-byte register at a time).
      if (!alignment || *alignment < std::min<int64_t>(vectorBytes, 64))
        return;
      store.setNontemporal(true);
      store.setAlignmentAttr(OpBuilder(store).getI64IntegerAttr(*alignment));
      stored.insert(getViewedArgument(store.getBase()));
    });
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    for (BlockArgument argument : stored) {
      if (!isa<MemRefType>(argument.getType()))
        continue;
      auto aligned = memref::AssumeAlignmentOp::create(
          builder, func.getLoc(), argument, kArgumentAlignment);
      argument.replaceAllUsesExcept(aligned.getResult(), aligned);
    }
  }
};

} // namespace
} // namespace mlir::loom
