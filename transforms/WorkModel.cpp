//===- WorkModel.cpp - FLOPs and bytes of structured ops ------------------===//

#include "transforms/WorkModel.h"

#include "llvm/Support/CheckedArithmetic.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::loom {

int64_t getElementByteSize(Type type) {
  if (isa<IndexType>(type))
    return 8;
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 0;
}

/// Bytes of a value of static shaped or scalar type; nullopt if dynamic.
static std::optional<double> getValueBytes(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    if (!shaped.hasStaticShape())
      return std::nullopt;
    // In floating point: a shape whose size overflows 64 bits still counts.
    double elements = 1;
    for (int64_t size : shaped.getShape())
      elements *= static_cast<double>(size);
    return elements * getElementByteSize(shaped.getElementType());
  }
  return static_cast<double>(getElementByteSize(type));
}

int64_t countBodyFlops(Block &body) {
  int64_t flops = 0;
  body.walk([&](Operation *op) {
    if (isa<arith::ConstantOp, linalg::YieldOp, linalg::IndexOp, ub::PoisonOp,
            CastOpInterface>(op))
      return;
    flops += isa<math::FmaOp>(op) ? 2 : 1;
  });
  return flops;
}

FailureOr<OpWork> analyzeOpWork(Operation *op) {
  OpWork work;
  work.op = op;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
    SmallVector<utils::IteratorType> iterators =
        linalgOp.getIteratorTypesArray();
    work.iterations = 1;
    for (auto [range, iterator] : llvm::zip_equal(ranges, iterators)) {
      if (ShapedType::isDynamic(range))
        return failure();
      // A loop nest too large to count in 64 bits is not counted.
      std::optional<int64_t> iterations =
          llvm::checkedMul(work.iterations, range);
      std::optional<int64_t> reduction =
          iterator == utils::IteratorType::reduction
              ? llvm::checkedMul(work.reduction, range)
              : std::optional<int64_t>(work.reduction);
      if (!iterations || !reduction)
        return failure();
      work.iterations = *iterations;
      work.reduction = *reduction;
    }
    work.flopsPerIteration = countBodyFlops(*linalgOp.getBlock());
    work.flops = static_cast<double>(work.iterations) * work.flopsPerIteration;
  } else if (isa<linalg::PackOp, linalg::UnPackOp>(op)) {
    auto dest = cast<ShapedType>(op->getResult(0).getType());
    if (!dest.hasStaticShape())
      return failure();
    work.iterations = 1;
    for (int64_t size : dest.getShape()) {
      std::optional<int64_t> iterations =
          llvm::checkedMul(work.iterations, size);
      if (!iterations)
        return failure();
      work.iterations = *iterations;
    }
  } else {
    return failure();
  }
  for (Value operand : op->getOperands()) {
    std::optional<double> bytes = getValueBytes(operand.getType());
    if (!bytes)
      return failure();
    work.bytes += *bytes;
  }
  return work;
}

/// Returns true for ops the work model is meant to count.
static bool isStructured(Operation *op) {
  return isa<linalg::LinalgOp, linalg::PackOp, linalg::UnPackOp>(op) ||
         (op->getDialect() && op->getDialect()->getNamespace() == "linalg" &&
          !isa<linalg::YieldOp, linalg::IndexOp>(op) &&
          !op->getParentOfType<linalg::LinalgOp>());
}

/// Longest reduction among the counted ops that `root` depends on.
static int64_t longestReductionFeeding(
    Value root, const llvm::DenseMap<Operation *, int64_t> &reductions) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.inclusive = true;
  if (Operation *def = root.getDefiningOp())
    (void)getBackwardSlice(def, &slice, options);
  int64_t longest = 1;
  for (Operation *op : slice)
    op->walk([&](Operation *nested) {
      auto it = reductions.find(nested);
      if (it != reductions.end())
        longest = std::max(longest, it->second);
    });
  return longest;
}

/// Whether some use of the memref `value` (or of a view of it) may write it.
static bool mayWriteMemRef(Value value) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
      if (view.getViewSource() == value &&
          llvm::any_of(user->getResults(), mayWriteMemRef))
        return true;
      continue;
    }
    if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(user)) {
      if (toTensor.getWritable())
        return true;
      continue;
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    if (!effects)
      return true;
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances)
      if (isa<MemoryEffects::Write>(instance.getEffect()) &&
          (!instance.getValue() || instance.getValue() == value))
        return true;
  }
  return false;
}

bool mayWriteArgument(BlockArgument arg) {
  return isa<MemRefType>(arg.getType()) && mayWriteMemRef(arg);
}

FunctionWork analyzeFunctionWork(FunctionOpInterface func) {
  FunctionWork result;
  llvm::DenseMap<Operation *, int64_t> reductions;
  int64_t longestInFunction = 1;
  func->walk([&](Operation *op) {
    if (!isStructured(op))
      return;
    FailureOr<OpWork> work = analyzeOpWork(op);
    if (failed(work)) {
      result.uncounted.push_back(op);
      return;
    }
    result.flops += work->flops;
    reductions[op] = work->reduction;
    longestInFunction = std::max(longestInFunction, work->reduction);
    result.ops.push_back(*work);
  });

  auto addInterfaceBytes = [&](Type type) {
    if (!isa<ShapedType>(type))
      return;
    if (std::optional<double> bytes = getValueBytes(type))
      result.bytes += *bytes;
    else
      result.bytesComplete = false;
  };
  for (Type type : func.getArgumentTypes())
    addInterfaceBytes(type);
  if (func.isExternal()) {
    for (Type type : func.getResultTypes())
      addInterfaceBytes(type);
    return result;
  }
  Block &entry = func.getFunctionBody().front();
  Operation *terminator = entry.getTerminator();
  // A dynamic result type is often a cast of a value whose shape is known.
  for (Value returned : terminator->getOperands()) {
    Type type = returned.getType();
    if (Operation *def = returned.getDefiningOp();
        def && isa<CastOpInterface>(def) && def->getNumOperands() == 1)
      if (auto source = dyn_cast<ShapedType>(def->getOperand(0).getType());
          source && source.hasStaticShape())
        type = source;
    addInterfaceBytes(type);
  }
  for (Value returned : terminator->getOperands())
    result.resultReduction.push_back(
        longestReductionFeeding(returned, reductions));

  // A memref argument written through materialize_in_destination depends on
  // the slice of the materialized tensor; any other write (memref-semantics
  // linalg ops, copies) falls back to the longest reduction in the function.
  for (BlockArgument arg : entry.getArguments()) {
    int64_t longest = 1;
    if (isa<MemRefType>(arg.getType())) {
      bool viaMaterialize = false, otherUse = false;
      for (Operation *user : arg.getUsers()) {
        if (auto mat =
                dyn_cast<bufferization::MaterializeInDestinationOp>(user);
            mat && mat.getDest() == arg) {
          viaMaterialize = true;
          longest = std::max(
              longest, longestReductionFeeding(mat.getSource(), reductions));
        } else if (!isa<bufferization::ToTensorOp>(user)) {
          otherUse = true;
        }
      }
      if (otherUse || !viaMaterialize)
        longest = std::max(longest, longestInFunction);
    }
    result.argReduction.push_back(longest);
    result.argWritten.push_back(mayWriteArgument(arg));
  }
  return result;
}

} // namespace mlir::loom
