//===- LibraryCalls.cpp - Linalg ops with a library_call to calls ---------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMLOWERLIBRARYCALLSPASS
#include "transforms/Passes.h.inc"

namespace {

/// For a contraction of one M, N and K dimension (and batch dimensions
/// before them), the permutation of each operand's dimensions into the
/// order the library's matmul takes: A (batch, m, k), B (batch, k, n), C
/// (batch, m, n); empty for an operand already in that order, and for every
/// operand of another op. A linalg.matmul or batch_matmul with
/// `indexing_maps` (B (n, k), A (k, m)) is generalized with those maps; its
/// call gets the transposed view of such an operand (memref.transpose, no
/// copy), which the library reads as a transposed matrix by its strides.
SmallVector<SmallVector<int64_t>> getMatmulPermutations(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumDpsInputs() != 2 ||
      linalgOp.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(linalgOp))
    return {};
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(linalgOp);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return {};
  auto order = [&](unsigned first, unsigned second) {
    SmallVector<unsigned> loops(dims->batch.begin(), dims->batch.end());
    loops.push_back(first);
    loops.push_back(second);
    return loops;
  };
  SmallVector<SmallVector<unsigned>> orders = {order(dims->m[0], dims->k[0]),
                                               order(dims->k[0], dims->n[0]),
                                               order(dims->m[0], dims->n[0])};
  SmallVector<SmallVector<int64_t>> permutations;
  for (auto [operand, loops] : llvm::zip(op->getOpOperands(), orders)) {
    AffineMap map = linalgOp.getMatchingIndexingMap(&operand);
    SmallVector<int64_t> permutation;
    for (unsigned loop : loops) {
      std::optional<unsigned> position =
          map.getResultPosition(getAffineDimExpr(loop, op->getContext()));
      if (!position || map.getNumResults() != loops.size())
        return {};
      permutation.push_back(*position);
    }
    if (isIdentityPermutation(permutation))
      permutation.clear();
    permutations.push_back(permutation);
  }
  return permutations;
}

/// `type` with dynamic sizes, strides and offset: one declaration serves
/// every call, whatever the static shapes.
MemRefType getFullyDynamicType(MemRefType type) {
  int64_t rank = type.getRank();
  SmallVector<int64_t> sizes(rank, ShapedType::kDynamic);
  SmallVector<int64_t> strides(rank, ShapedType::kDynamic);
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
  return MemRefType::get(sizes, type.getElementType(), layout,
                         type.getMemorySpace());
}

/// The function `op` is to call: its library_call attribute, or the one
/// loom-decompose put in its location (for ops whose bufferization drops
/// discardable attributes).
StringAttr getLibraryCall(Operation *op) {
  if (auto name = op->getAttrOfType<StringAttr>("library_call"))
    return name;
  if (auto fused = dyn_cast<FusedLoc>(op->getLoc()))
    return dyn_cast_or_null<StringAttr>(fused.getMetadata());
  return nullptr;
}

/// Whether `op`'s call takes its operands unranked (`memref<*xf32>`): a
/// softmax's, so that one function serves every rank.
bool takesUnrankedOperands(Operation *op) { return isa<linalg::SoftmaxOp>(op); }

/// What the call takes after the operands, as i64: the strides, then the
/// dilations, of a convolution (a named one or a generic with a
/// convolution's indexing maps), one per output image dimension; the
/// dimension of a softmax; nothing for other ops. The memrefs do not tell
/// them: the same sizes fit several (9 rows, a 3-row filter and 4 output
/// rows are stride 2, or stride 1 with dilation 2 and a row left over).
SmallVector<int64_t> getCallParameters(Operation *op) {
  if (auto softmax = dyn_cast<linalg::SoftmaxOp>(op))
    return {static_cast<int64_t>(softmax.getDimension())};
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalg::isaConvolutionOpInterface(linalgOp))
    return {};
  FailureOr<linalg::ConvolutionDimensions> dims =
      linalg::inferConvolutionDims(linalgOp);
  if (failed(dims))
    return {};
  SmallVector<int64_t> parameters(dims->strides.begin(), dims->strides.end());
  llvm::append_range(parameters, dims->dilations);
  return parameters;
}

/// The element type a library function's name ends with (`..._f32`: the
/// functions of libLoomPeers compute in one type), or none.
std::optional<StringRef> getElementTypeSuffix(StringRef name) {
  StringRef suffix = name.rsplit('_').second;
  if (llvm::is_contained(
          {"f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64"}, suffix))
    return suffix;
  return std::nullopt;
}

struct LoomLowerLibraryCallsPass
    : impl::LoomLowerLibraryCallsPassBase<LoomLowerLibraryCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<DestinationStyleOpInterface> calls;
    module.walk([&](DestinationStyleOpInterface op) {
      if (getLibraryCall(op))
        calls.push_back(op);
    });
    for (DestinationStyleOpInterface op : calls) {
      if (!op.hasPureBufferSemantics()) {
        op->emitError("an op with a library_call must work on memrefs here "
                      "(bufferize first)");
        return signalPassFailure();
      }
      OpBuilder builder(op);
      SmallVector<Value> operands;
      SmallVector<Type> types;
      StringRef name = getLibraryCall(op).getValue();
      std::optional<StringRef> element = getElementTypeSuffix(name);
      SmallVector<SmallVector<int64_t>> permutations =
          getMatmulPermutations(op);
      for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
        auto type = dyn_cast<MemRefType>(operand.getType());
        if (!type) {
          op->emitError("library calls take memref operands only; got ")
              << operand.getType();
          return signalPassFailure();
        }
        std::string elementName;
        llvm::raw_string_ostream(elementName) << type.getElementType();
        if (element && elementName != *element) {
          op->emitError("library call @") << name << " takes " << *element
                                          << " operands; this op has " << type;
          return signalPassFailure();
        }
        if (index < permutations.size() && !permutations[index].empty()) {
          SmallVector<unsigned> permutation(permutations[index].begin(),
                                            permutations[index].end());
          operand = memref::TransposeOp::create(
              builder, op.getLoc(), operand,
              AffineMapAttr::get(AffineMap::getPermutationMap(
                  permutation, builder.getContext())));
          type = cast<MemRefType>(operand.getType());
        }
        Type dynamic = getFullyDynamicType(type);
        if (takesUnrankedOperands(op))
          dynamic = UnrankedMemRefType::get(type.getElementType(),
                                            type.getMemorySpace());
        operands.push_back(
            memref::CastOp::create(builder, op.getLoc(), dynamic, operand));
        types.push_back(dynamic);
      }
      for (int64_t parameter : getCallParameters(op)) {
        operands.push_back(
            arith::ConstantIntOp::create(builder, op.getLoc(), parameter, 64));
        types.push_back(builder.getI64Type());
      }
      auto type = builder.getFunctionType(types, {});
      auto callee = symbols.lookup<func::FuncOp>(name);
      if (!callee) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(module.getBody());
        callee = func::FuncOp::create(builder, op.getLoc(), name, type);
        callee.setPrivate();
        callee->setAttr("llvm.emit_c_interface", builder.getUnitAttr());
        symbols.insert(callee);
      } else if (callee.getFunctionType() != type) {
        op->emitError("library call @")
            << name << " is used with operands " << type << " but declared as "
            << callee.getFunctionType();
        return signalPassFailure();
      }
      func::CallOp::create(builder, op.getLoc(), callee, operands);
      op->erase();
    }
  }
};
} // namespace
} // namespace mlir::loom
