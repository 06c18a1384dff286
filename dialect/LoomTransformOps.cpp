//===- LoomTransformOps.cpp - Loom transform dialect extension ------------===//
//
// Loom's transform dialect extension: registration and op implementations.
//
//===----------------------------------------------------------------------===//

#include "dialect/LoomTransformOps.h"

#include "transforms/AutoTile.h"
#include "transforms/Destinations.h"
#include "transforms/Reciprocal.h"
#include "transforms/ReductionTree.h"
#include "transforms/SliceOfTranspose.h"
#include "transforms/UnrollVectors.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "dialect/LoomTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// FuseElementwiseOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::FuseElementwiseOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  // The scope: linalg ops in the handle, and every linalg op inside the
  // other ops it holds.
  SmallVector<Operation *> scope;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(target)) {
      if (!isa<linalg::GenericOp>(target) && !getGeneralize()) {
        DiagnosedSilenceableFailure diag =
            emitSilenceableError()
            << "expects linalg.generic ops or ops that contain them; got "
            << target->getName()
            << " (generalize it first or set the generalize option)";
        diag.attachNote(target->getLoc()) << "target op";
        return diag;
      }
      scope.push_back(target);
      continue;
    }
    if (target->getNumRegions() == 0) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError()
          << "expects linalg.generic ops or ops that contain them (such as "
             "func.func); got "
          << target->getName();
      diag.attachNote(target->getLoc()) << "target op";
      return diag;
    }
    target->walk([&](linalg::LinalgOp op) { scope.push_back(op); });
  }

  loom::FuseElementwiseOptions options;
  options.allowMultiUse = getAllowMultiUse();
  if (std::optional<uint64_t> maxOps = getRematerialize())
    options.rematerializeMaxOps = *maxOps;
  if (std::optional<uint64_t> maxFusions = getMaxFusions())
    options.maxFusions = *maxFusions;
  options.generalize = getGeneralize();
  loom::FuseElementwiseResult fused =
      loom::fuseElementwise(rewriter, scope, options);

  if (getExplain())
    loom::emitFusionRemarks(fused.decisions);
  if (auto *log = state.getExtension<loom::FusionDecisionLog>())
    for (loom::FusionDecision &decision : fused.decisions)
      log->decisions.push_back({getLoc(), std::move(decision)});
  results.set(cast<OpResult>(getTransformed()), fused.ops);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// TraceOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::TraceOp::apply(transform::TransformRewriter &rewriter,
                     transform::TransformResults &results,
                     transform::TransformState &state) {
  TraceRecord record{getLabel().str(), {}};
  for (Value handle : getHandles()) {
    if (isa<transform::TransformHandleTypeInterface>(handle.getType()))
      record.counts.push_back(llvm::range_size(state.getPayloadOps(handle)));
    else if (isa<transform::TransformValueHandleTypeInterface>(
                 handle.getType()))
      record.counts.push_back(llvm::range_size(state.getPayloadValues(handle)));
    else
      record.counts.push_back(state.getParams(handle).size());
  }
  if (auto *log = state.getExtension<TraceLog>()) {
    log->records.push_back(std::move(record));
  } else {
    InFlightDiagnostic remark = emitRemark() << record.label;
    for (auto [i, count] : llvm::enumerate(record.counts))
      remark << (i ? ", " : ": ") << count;
  }
  return DiagnosedSilenceableFailure::success();
}

void loom::TraceOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getHandlesMutable(), effects);
}

//===----------------------------------------------------------------------===//
// AutoTileOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::AutoTileOp::apply(transform::TransformRewriter &rewriter,
                        transform::TransformResults &results,
                        transform::TransformState &state) {
  SmallVector<Operation *> tiledOps, loops;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto tileable = dyn_cast<TilingInterface>(target);
    if (!tileable) {
      target->emitRemark() << "not tiled: " << target->getName()
                           << " has no TilingInterface";
      tiledOps.push_back(target);
      continue;
    }
    AutoTilePlan plan = computeAutoTilePlan(tileable, getVectorBytes());
    if (getSerial())
      plan.threadTileSizes.assign(plan.threadTileSizes.size(), 0);
    std::string reason;
    FailureOr<AutoTileResult> tiled =
        tileWithPlan(rewriter, tileable, plan, reason);
    if (!reason.empty())
      target->emitRemark() << "not fully tiled: " << reason;
    if (failed(tiled)) {
      tiledOps.push_back(target);
      continue;
    }
    tiledOps.push_back(tiled->tiledOp);
    if (tiled->forallOp)
      loops.push_back(tiled->forallOp);
    llvm::append_range(loops, tiled->forOps);
  }
  results.set(cast<OpResult>(getTiled()), tiledOps);
  results.set(cast<OpResult>(getLoops()), loops);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// SplitFullTilesOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::SplitFullTilesOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<Operation *> full, rest;
  int64_t dimension = getDimension();
  int64_t tileSize = 0;
  if (std::optional<uint64_t> size = getTileSize()) {
    tileSize = *size;
  } else {
    ArrayRef<Attribute> params = state.getParams(getTileSizeParam());
    auto value = params.size() == 1 ? dyn_cast<IntegerAttr>(params.front())
                                    : IntegerAttr();
    if (!value || value.getInt() <= 0)
      return emitSilenceableError()
             << "expects the tile size parameter to be one positive integer";
    tileSize = value.getInt();
  }
  // An optional parameter of one non-negative value (0 when absent).
  auto readCount = [&](Value param, int64_t &count) {
    count = 0;
    if (!param)
      return true;
    ArrayRef<Attribute> params = state.getParams(param);
    auto value = params.size() == 1 ? dyn_cast<IntegerAttr>(params.front())
                                    : IntegerAttr();
    if (!value || value.getInt() < 0)
      return false;
    count = value.getInt();
    return true;
  };
  int64_t joinRest, balanceRest;
  if (!readCount(getJoinRest(), joinRest))
    return emitSilenceableError()
           << "expects join_rest to be one non-negative integer";
  if (!readCount(getBalanceRest(), balanceRest))
    return emitSilenceableError()
           << "expects balance_rest to be one non-negative integer";
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto op = dyn_cast<TilingInterface>(target);
    if (!op) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "cannot split an op without the "
                                            "TilingInterface";
      diag.attachNote(target->getLoc()) << "this " << target->getName();
      return diag;
    }
    rewriter.setInsertionPoint(op);
    SmallVector<Range> domain = op.getIterationDomain(rewriter);
    if (dimension >= static_cast<int64_t>(domain.size())) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "dimension " << dimension
                                         << " is out of range";
      diag.attachNote(target->getLoc())
          << "this op has " << domain.size() << " loops";
      return diag;
    }
    // The first part's size: the loop's whole tiles (folds to a constant
    // for a static loop).
    AffineExpr size = rewriter.getAffineSymbolExpr(0);
    OpFoldResult split = affine::makeComposedFoldedAffineApply(
        rewriter, op.getLoc(), size.floorDiv(tileSize) * tileSize,
        {domain[dimension].size});
    std::optional<int64_t> staticSplit = getConstantIntValue(split);
    // A short rest joins the last whole tile, a longer one is balanced with
    // it (static loops only).
    std::optional<int64_t> staticSize =
        getConstantIntValue(domain[dimension].size);
    bool wholeTile = staticSplit && staticSize && *staticSplit > 0;
    int64_t restSize = wholeTile ? *staticSize - *staticSplit : 0;
    bool join = wholeTile && restSize > 0 && restSize <= joinRest;
    bool balance = wholeTile && restSize > joinRest && restSize <= balanceRest;
    if (join || balance) {
      staticSplit = *staticSplit - tileSize;
      split = rewriter.getIndexAttr(*staticSplit);
    }
    Operation *tail = op;
    if (!staticSplit || *staticSplit != 0) {
      auto [first, second] = linalg::splitOp(rewriter, op, dimension, split);
      if (!first)
        return emitDefiniteFailure() << "splitting failed";
      full.push_back(first);
      tail = second;
    }
    if (!tail)
      continue;
    if (!balance) {
      rest.push_back(tail);
      continue;
    }
    // The last whole tile and the rest: two tiles, the larger first.
    rewriter.setInsertionPoint(tail);
    auto [larger, smaller] =
        linalg::splitOp(rewriter, cast<TilingInterface>(tail), dimension,
                        rewriter.getIndexAttr((tileSize + restSize + 1) / 2));
    if (!larger || !smaller)
      return emitDefiniteFailure() << "balancing the rest failed";
    rest.push_back(larger);
    rest.push_back(smaller);
  }
  results.set(cast<OpResult>(getFull()), full);
  results.set(cast<OpResult>(getRest()), rest);
  return DiagnosedSilenceableFailure::success();
}

LogicalResult loom::SplitFullTilesOp::verify() {
  if (getTileSize().has_value() == static_cast<bool>(getTileSizeParam()))
    return emitOpError() << "expects a tile size: a number or a parameter";
  return success();
}

void loom::SplitFullTilesOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getTileSizeParamMutable(), effects);
  transform::onlyReadsHandle(getJoinRestMutable(), effects);
  transform::onlyReadsHandle(getBalanceRestMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// CollapseLeadingLoopsOp
//===----------------------------------------------------------------------===//

/// `softmax` over the last dimension of a tensor of rank > 2 as one over the
/// rows of its leading dimensions collapsed into one (the op itself when its
/// rank is at most 2); failure when it is over another dimension.
static FailureOr<Operation *> collapseSoftmax(RewriterBase &rewriter,
                                              linalg::SoftmaxOp softmax) {
  auto type = cast<ShapedType>(softmax.getInput().getType());
  int64_t rank = type.getRank();
  if (softmax.getDimension() != static_cast<uint64_t>(rank - 1))
    return failure();
  if (rank <= 2 || !softmax.hasPureTensorSemantics())
    return softmax.getOperation();
  SmallVector<ReassociationIndices> folded = {
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 1)), {rank - 1}};
  Location loc = softmax.getLoc();
  rewriter.setInsertionPoint(softmax);
  Value input = tensor::CollapseShapeOp::create(rewriter, loc,
                                                softmax.getInput(), folded);
  Value output = tensor::CollapseShapeOp::create(rewriter, loc,
                                                 softmax.getOutput(), folded);
  auto rows = linalg::SoftmaxOp::create(rewriter, loc, output.getType(), input,
                                        output, /*dimension=*/1);
  Value result = tensor::ExpandShapeOp::create(rewriter, loc,
                                               softmax.getResult()[0].getType(),
                                               rows.getResult()[0], folded);
  rewriter.replaceOp(softmax, result);
  return rows.getOperation();
}

DiagnosedSilenceableFailure
loom::CollapseLeadingLoopsOp::apply(transform::TransformRewriter &rewriter,
                                    transform::TransformResults &results,
                                    transform::TransformState &state) {
  SmallVector<Operation *> collapsed;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    if (auto softmax = dyn_cast<linalg::SoftmaxOp>(target)) {
      FailureOr<Operation *> rows = collapseSoftmax(rewriter, softmax);
      if (failed(rows)) {
        DiagnosedSilenceableFailure diag =
            emitSilenceableError()
            << "a softmax over another dimension than its last";
        diag.attachNote(target->getLoc()) << "this op";
        return diag;
      }
      collapsed.push_back(*rows);
      continue;
    }
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "expects linalg ops";
      diag.attachNote(target->getLoc()) << "this " << target->getName();
      return diag;
    }
    int64_t loops = op.getNumLoops();
    if (loops <= 2) {
      collapsed.push_back(op);
      continue;
    }
    ReassociationIndices leading =
        llvm::to_vector(llvm::seq<int64_t>(0, loops - 1));
    SmallVector<ReassociationIndices> folded = {leading, {loops - 1}};
    if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), folded)) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError()
          << "the leading loops are not contiguous in every indexing map";
      diag.attachNote(target->getLoc()) << "this op";
      return diag;
    }
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::CollapseResult> result =
        linalg::collapseOpIterationDims(op, folded, rewriter);
    if (failed(result))
      return emitDefiniteFailure() << "collapsing the loops failed";
    rewriter.replaceOp(op, result->results);
    collapsed.push_back(result->collapsedOp);
  }
  results.set(cast<OpResult>(getResult()), collapsed);
  return DiagnosedSilenceableFailure::success();
}

void loom::CollapseLeadingLoopsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// SpecializeMatmulOp
//===----------------------------------------------------------------------===//

/// Whether `map` of three loops is (i, j) or, with `transposed`, (j, i).
static bool isPairMap(AffineMap map, unsigned i, unsigned j, bool &transposed) {
  if (map.getNumResults() != 2)
    return false;
  MLIRContext *context = map.getContext();
  AffineExpr di = getAffineDimExpr(i, context);
  AffineExpr dj = getAffineDimExpr(j, context);
  transposed = map.getResult(0) == dj && map.getResult(1) == di;
  return transposed || (map.getResult(0) == di && map.getResult(1) == dj);
}

/// Why `op` is not a linalg.generic computing a float matmul C += A * B of
/// loops (m, n, k), A or B transposed; empty when it is one.
static std::string whyNotMatmulGeneric(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic)
    return ("got " + op->getName().getStringRef()).str();
  if (generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1)
    return "not two inputs and one output";
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  if (iterators.size() != 3 || iterators[0] != utils::IteratorType::parallel ||
      iterators[1] != utils::IteratorType::parallel ||
      iterators[2] != utils::IteratorType::reduction)
    return "not the loops (m, n, k), k a reduction";
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  bool transposedA, transposedB, transposedC;
  if (!isPairMap(maps[0], 0, 2, transposedA) ||
      !isPairMap(maps[1], 2, 1, transposedB) ||
      !isPairMap(maps[2], 0, 1, transposedC) || transposedC)
    return "an operand not indexed as A (m, k), B (k, n) and C (m, n), A or "
           "B transposed";
  Type element = getElementTypeOrSelf(generic.getDpsInits()[0].getType());
  if (!isa<FloatType>(element) ||
      llvm::any_of(generic.getDpsInputs(), [&](Value input) {
        return getElementTypeOrSelf(input.getType()) != element;
      }))
    return "not floats of one type";
  Block &body = *generic.getBlock();
  if (body.getOperations().size() != 3 ||
      !linalg::detail::isContractionBody(
          body, [](Operation *first, Operation *second) {
            return isa<arith::MulFOp>(first) && isa<arith::AddFOp>(second);
          }))
    return "a body that is not a multiply and an add";
  return "";
}

DiagnosedSilenceableFailure
loom::SpecializeMatmulOp::applyToOne(transform::TransformRewriter &rewriter,
                                     Operation *target,
                                     transform::ApplyToEachResultList &results,
                                     transform::TransformState &state) {
  std::string why = whyNotMatmulGeneric(target);
  if (!why.empty()) {
    DiagnosedSilenceableFailure diag =
        emitSilenceableError()
        << "expects a generic computing a matmul: " << why;
    diag.attachNote(target->getLoc()) << "this op";
    return diag;
  }
  auto generic = cast<linalg::GenericOp>(target);
  rewriter.setInsertionPoint(generic);
  NamedAttribute indexingMaps = rewriter.getNamedAttr(
      "indexing_maps",
      rewriter.getAffineMapArrayAttr(generic.getIndexingMapsArray()));
  auto matmul = linalg::MatmulOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(),
      generic.getDpsInputs(), generic.getDpsInits(), {indexingMaps});
  rewriter.replaceOp(generic, matmul);
  results.push_back(matmul);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// Conv1x1ToMatmulOp
//===----------------------------------------------------------------------===//

/// The matmul `conv` is when its filter is 1 x 1 (f32 tensors of static
/// shapes), `conv` replaced by it; failure otherwise. With strides other
/// than 1, the pixels the convolution reads are copied first (a
/// `tensor.extract_slice` of those strides into a `linalg.copy`, appended
/// to `copies`): its rows of A must be one stride apart to collapse.
static FailureOr<linalg::MatmulOp>
convertConv1x1ToMatmul(RewriterBase &rewriter, linalg::Conv2DNhwcHwcfOp conv,
                       SmallVectorImpl<Operation *> &copies) {
  if (!conv.hasPureTensorSemantics())
    return failure();
  Value input = conv.getDpsInputs()[0], filter = conv.getDpsInputs()[1];
  Value output = conv.getDpsInits()[0];
  auto inputType = cast<RankedTensorType>(input.getType());
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto outputType = cast<RankedTensorType>(output.getType());
  auto isF32 = [](RankedTensorType type) {
    return type.hasStaticShape() && type.getElementType().isF32();
  };
  if (!isF32(inputType) || !isF32(filterType) || !isF32(outputType) ||
      filterType.getDimSize(0) != 1 || filterType.getDimSize(1) != 1)
    return failure();
  SmallVector<int64_t> strides =
      llvm::map_to_vector(conv.getStrides(), [](const APInt &stride) {
        return stride.getSExtValue();
      });
  // (The pixels read, rows 0, sh, 2 sh, ... of the output's height and so
  // for the width, lie within the input: the op's verifier checks it.)
  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  if (llvm::any_of(strides, [](int64_t stride) { return stride != 1; })) {
    SmallVector<int64_t> sizes = {
        inputType.getDimSize(0), outputType.getDimSize(1),
        outputType.getDimSize(2), inputType.getDimSize(3)};
    auto pixelsType = RankedTensorType::get(sizes, inputType.getElementType());
    Value pixels = tensor::ExtractSliceOp::create(
        rewriter, loc, pixelsType, input, ValueRange{}, ValueRange{},
        ValueRange{}, rewriter.getDenseI64ArrayAttr({0, 0, 0, 0}),
        rewriter.getDenseI64ArrayAttr(sizes),
        rewriter.getDenseI64ArrayAttr({1, strides[0], strides[1], 1}));
    Value empty = tensor::EmptyOp::create(rewriter, loc, sizes,
                                          inputType.getElementType());
    auto copy = linalg::CopyOp::create(rewriter, loc, pixels, empty);
    copies.push_back(copy);
    input = copy.getResult(0);
  }
  SmallVector<ReassociationIndices> rows = {{0, 1, 2}, {3}};
  Value a = tensor::CollapseShapeOp::create(rewriter, loc, input, rows);
  Value b = tensor::CollapseShapeOp::create(rewriter, loc, filter, rows);
  Value c = tensor::CollapseShapeOp::create(rewriter, loc, output, rows);
  auto matmul = linalg::MatmulOp::create(rewriter, loc, c.getType(),
                                         ValueRange{a, b}, ValueRange{c});
  Value result = tensor::ExpandShapeOp::create(rewriter, loc, outputType,
                                               matmul.getResult(0), rows);
  rewriter.replaceOp(conv, result);
  return matmul;
}

DiagnosedSilenceableFailure
loom::Conv1x1ToMatmulOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  SmallVector<Operation *> matmuls, others, copies;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto conv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(target);
    FailureOr<linalg::MatmulOp> matmul =
        conv ? convertConv1x1ToMatmul(rewriter, conv, copies)
             : FailureOr<linalg::MatmulOp>(failure());
    if (succeeded(matmul))
      matmuls.push_back(*matmul);
    else
      others.push_back(target);
  }
  results.set(cast<OpResult>(getMatmuls()), matmuls);
  results.set(cast<OpResult>(getOthers()), others);
  results.set(cast<OpResult>(getCopies()), copies);
  return DiagnosedSilenceableFailure::success();
}

void loom::Conv1x1ToMatmulOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// TransposeMatmulBOp
//===----------------------------------------------------------------------===//

/// Whether `matmul` reads B (n, k).
static bool hasTransposedB(linalg::MatmulOp matmul) {
  bool transposed = false;
  return isPairMap(matmul.getIndexingMapsArray()[1], /*i=*/2, /*j=*/1,
                   transposed) &&
         transposed;
}

/// A linalg.matmul like `matmul` that reads B (n, k) through a
/// linalg.transpose of it into a (k, n) tensor; `transpose` is that
/// transpose. Leaves (and returns) `matmul` when its B is not transposed.
static linalg::MatmulOp transposeMatmulB(RewriterBase &rewriter,
                                         linalg::MatmulOp matmul,
                                         linalg::TransposeOp &transpose) {
  if (!hasTransposedB(matmul))
    return matmul;
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  SmallVector<AffineMap> plain =
      linalg::MatmulOp::getDefaultIndexingMaps(matmul.getContext());
  Location loc = matmul.getLoc();
  Value b = matmul.getDpsInputs()[1];
  auto type = cast<RankedTensorType>(b.getType());
  rewriter.setInsertionPoint(matmul);
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, b);
  std::swap(sizes[0], sizes[1]);
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, sizes, type.getElementType());
  transpose = linalg::TransposeOp::create(rewriter, loc, b, empty,
                                          ArrayRef<int64_t>{1, 0});
  maps[1] = plain[1];
  NamedAttribute indexingMaps = rewriter.getNamedAttr(
      "indexing_maps", rewriter.getAffineMapArrayAttr(maps));
  auto replacement = linalg::MatmulOp::create(
      rewriter, loc, matmul.getResultTypes(),
      ValueRange{matmul.getDpsInputs()[0], transpose->getResult(0)},
      matmul.getDpsInits(), {indexingMaps});
  rewriter.replaceOp(matmul, replacement);
  return replacement;
}

DiagnosedSilenceableFailure
loom::TransposeMatmulBOp::apply(transform::TransformRewriter &rewriter,
                                transform::TransformResults &results,
                                transform::TransformState &state) {
  SmallVector<Operation *> matmuls, transposes;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto matmul = dyn_cast<linalg::MatmulOp>(target);
    if (!matmul || !matmul.hasPureTensorSemantics()) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError() << "expects a linalg.matmul on tensors";
      diag.attachNote(target->getLoc()) << "this op";
      return diag;
    }
    linalg::TransposeOp transpose;
    matmuls.push_back(transposeMatmulB(rewriter, matmul, transpose));
    if (transpose)
      transposes.push_back(transpose);
  }
  results.set(cast<OpResult>(getMatmul()), matmuls);
  results.set(cast<OpResult>(getTranspose()), transposes);
  return DiagnosedSilenceableFailure::success();
}

void loom::TransposeMatmulBOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// MatchTransposedBOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::MatchTransposedBOp::matchOperation(Operation *current,
                                         transform::TransformResults &results,
                                         transform::TransformState &state) {
  auto matmul = dyn_cast<linalg::MatmulOp>(current);
  if (!matmul || !hasTransposedB(matmul))
    return emitSilenceableError()
           << "expects a linalg.matmul whose B is transposed";
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// MatchMatmulGenericOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::MatchMatmulGenericOp::matchOperation(Operation *current,
                                           transform::TransformResults &results,
                                           transform::TransformState &state) {
  std::string why = whyNotMatmulGeneric(current);
  if (!why.empty())
    return emitSilenceableError()
           << "expects a generic computing a matmul: " << why;
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// MatchIdentityMapsOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::MatchIdentityMapsOp::matchOperation(Operation *current,
                                          transform::TransformResults &results,
                                          transform::TransformState &state) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(current);
  if (!linalgOp)
    return emitSilenceableError()
           << "expects a linalg op, got " << current->getName();
  if (linalgOp.getNumParallelLoops() != linalgOp.getNumLoops())
    return emitSilenceableError() << "expects parallel loops only";
  for (OpOperand &operand : current->getOpOperands()) {
    // (A scalar input, as a fill's value, is the same at every point.)
    if (!linalgOp.isDpsInput(&operand) && !linalgOp.isDpsInit(&operand))
      continue;
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    if (!linalgOp.getMatchingIndexingMap(&operand).isIdentity())
      return emitSilenceableError()
             << "expects the identity as the map of operand #"
             << operand.getOperandNumber();
  }
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// MatchLastDimReductionOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure loom::MatchLastDimReductionOp::matchOperation(
    Operation *current, transform::TransformResults &results,
    transform::TransformState &state) {
  if (auto softmax = dyn_cast<linalg::SoftmaxOp>(current)) {
    int64_t rank = softmax.getInputOperandType().getRank();
    if (static_cast<int64_t>(softmax.getDimension()) != rank - 1)
      return emitSilenceableError()
             << "expects a softmax over the last dimension (" << rank - 1
             << "), got one over dimension " << softmax.getDimension();
    return DiagnosedSilenceableFailure::success();
  }
  auto linalgOp = dyn_cast<linalg::LinalgOp>(current);
  if (!linalgOp)
    return emitSilenceableError()
           << "expects a linalg op or linalg.softmax, got "
           << current->getName();
  SmallVector<unsigned> reductions;
  linalgOp.getReductionDims(reductions);
  if (reductions.size() != 1 ||
      reductions.front() != linalgOp.getNumLoops() - 1)
    return emitSilenceableError() << "expects one reduction loop, the last one";
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// MatchSoftmaxOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::MatchSoftmaxOp::matchOperation(Operation *current,
                                     transform::TransformResults &results,
                                     transform::TransformState &state) {
  auto softmax = dyn_cast<linalg::SoftmaxOp>(current);
  if (!softmax)
    return emitSilenceableError()
           << "expects a linalg.softmax, got " << current->getName();
  ShapedType type = softmax.getInputOperandType();
  if (!type.hasStaticShape())
    return emitSilenceableError() << "expects a softmax of static sizes";
  int64_t dimension = softmax.getDimension();
  ArrayRef<int64_t> shape = type.getShape();
  int64_t outer = computeProduct(shape.take_front(dimension));
  int64_t inner = computeProduct(shape.drop_front(dimension + 1));
  Builder builder(getContext());
  results.setParams(cast<OpResult>(getRank()),
                    {builder.getI64IntegerAttr(type.getRank())});
  results.setParams(cast<OpResult>(getDimension()),
                    {builder.getI64IntegerAttr(dimension)});
  results.setParams(cast<OpResult>(getOuter()),
                    {builder.getI64IntegerAttr(outer)});
  results.setParams(cast<OpResult>(getSize()),
                    {builder.getI64IntegerAttr(type.getDimSize(dimension))});
  results.setParams(cast<OpResult>(getInner()),
                    {builder.getI64IntegerAttr(inner)});
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ParamRemOp
//===----------------------------------------------------------------------===//

/// The value of an integer parameter that is not negative (a dynamic size,
/// from transform.match.structured.dim, is), or failure.
static FailureOr<int64_t> getNonNegativeValue(Attribute param) {
  auto integer = dyn_cast<IntegerAttr>(param);
  if (!integer || integer.getInt() < 0)
    return failure();
  return integer.getInt();
}

DiagnosedSilenceableFailure
loom::ParamRemOp::apply(transform::TransformRewriter &rewriter,
                        transform::TransformResults &results,
                        transform::TransformState &state) {
  Builder builder(getContext());
  SmallVector<Attribute> remainders;
  for (Attribute param : state.getParams(getValue())) {
    FailureOr<int64_t> value = getNonNegativeValue(param);
    if (failed(value))
      return emitSilenceableError()
             << "expects non-negative integers (a dynamic size?), got "
             << param;
    remainders.push_back(builder.getI64IntegerAttr(*value % getDivisor()));
  }
  results.setParams(cast<OpResult>(getResult()), remainders);
  return DiagnosedSilenceableFailure::success();
}

void loom::ParamRemOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getValueMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
}

//===----------------------------------------------------------------------===//
// ParamMulOp, ParamCeilDivOp, ParamMinOp
//===----------------------------------------------------------------------===//

/// Sets `result` to `combine` of the values of `lhs` and `rhs`, pairwise or
/// each value of one with the single value of the other (none when either
/// holds none). `combine` gives the value, or a message for a silenceable
/// error; negative values (dynamic sizes) are errors before it is called.
static DiagnosedSilenceableFailure combineParams(
    transform::TransformOpInterface op, transform::TransformResults &results,
    transform::TransformState &state, Value lhsHandle, Value rhsHandle,
    function_ref<FailureOr<int64_t>(int64_t, int64_t, std::string &)> combine) {
  ArrayRef<Attribute> lhs = state.getParams(lhsHandle);
  ArrayRef<Attribute> rhs = state.getParams(rhsHandle);
  if (lhs.size() != rhs.size() && lhs.size() != 1 && rhs.size() != 1)
    return op.emitSilenceableError()
           << "expects parameters of as many values, or one of one value, got "
           << lhs.size() << " and " << rhs.size();
  OpResult result = op->getResult(0);
  // (One of none: no values.)
  if (lhs.empty() || rhs.empty()) {
    results.setParams(result, {});
    return DiagnosedSilenceableFailure::success();
  }
  Builder builder(op->getContext());
  SmallVector<Attribute> values;
  for (size_t i = 0, e = std::max(lhs.size(), rhs.size()); i < e; ++i) {
    Attribute a = lhs[lhs.size() == 1 ? 0 : i];
    Attribute b = rhs[rhs.size() == 1 ? 0 : i];
    FailureOr<int64_t> x = getNonNegativeValue(a), y = getNonNegativeValue(b);
    if (failed(x) || failed(y))
      return op.emitSilenceableError()
             << "expects non-negative integers (a dynamic size?), got " << a
             << " and " << b;
    std::string message;
    FailureOr<int64_t> value = combine(*x, *y, message);
    if (failed(value))
      return op.emitSilenceableError() << message;
    values.push_back(builder.getI64IntegerAttr(*value));
  }
  results.setParams(result, values);
  return DiagnosedSilenceableFailure::success();
}

/// The effects of an op of two parameter operands and one result.
static void
getBinaryParamEffects(OpOperand &lhs, OpOperand &rhs, Operation *op,
                      SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(lhs, effects);
  transform::onlyReadsHandle(rhs, effects);
  transform::producesHandle(op->getOpResults(), effects);
}

DiagnosedSilenceableFailure
loom::ParamMulOp::apply(transform::TransformRewriter &rewriter,
                        transform::TransformResults &results,
                        transform::TransformState &state) {
  return combineParams(
      *this, results, state, getLhs(), getRhs(),
      [](int64_t x, int64_t y, std::string &message) -> FailureOr<int64_t> {
        int64_t product;
        if (!llvm::MulOverflow(x, y, product))
          return product;
        message = "the product of " + std::to_string(x) + " and " +
                  std::to_string(y) + " overflows";
        return failure();
      });
}

void loom::ParamMulOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  getBinaryParamEffects(getLhsMutable(), getRhsMutable(), getOperation(),
                        effects);
}

DiagnosedSilenceableFailure
loom::ParamCeilDivOp::apply(transform::TransformRewriter &rewriter,
                            transform::TransformResults &results,
                            transform::TransformState &state) {
  return combineParams(
      *this, results, state, getLhs(), getRhs(),
      [](int64_t x, int64_t y, std::string &message) -> FailureOr<int64_t> {
        if (y != 0)
          return llvm::divideCeil(x, y);
        message = "cannot divide " + std::to_string(x) + " by zero";
        return failure();
      });
}

void loom::ParamCeilDivOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  getBinaryParamEffects(getLhsMutable(), getRhsMutable(), getOperation(),
                        effects);
}

DiagnosedSilenceableFailure
loom::ParamMinOp::apply(transform::TransformRewriter &rewriter,
                        transform::TransformResults &results,
                        transform::TransformState &state) {
  return combineParams(
      *this, results, state, getLhs(), getRhs(),
      [](int64_t x, int64_t y, std::string &) -> FailureOr<int64_t> {
        return std::min(x, y);
      });
}

void loom::ParamMinOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  getBinaryParamEffects(getLhsMutable(), getRhsMutable(), getOperation(),
                        effects);
}

//===----------------------------------------------------------------------===//
// VectorizeOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
loom::VectorizeOp::apply(transform::TransformRewriter &rewriter,
                         transform::TransformResults &results,
                         transform::TransformState &state) {
  SmallVector<std::pair<Operation *, std::string>> failures;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    std::string reason;
    SmallVector<int64_t> sizes;
    if (getExplain()) {
      std::string ignored;
      if (FailureOr<SmallVector<int64_t>> inferred =
              inferVectorSizes(target, ignored);
          succeeded(inferred))
        sizes = *inferred;
    }
    Location loc = target->getLoc();
    std::string name = target->getName().getStringRef().str();
    if (succeeded(vectorizeToBounds(rewriter, target, getMaxVectorElements(),
                                    reason))) {
      if (getExplain()) {
        InFlightDiagnostic remark = mlir::emitRemark(loc)
                                    << "vectorized " << name;
        if (!sizes.empty()) {
          remark << " with vector sizes [";
          llvm::interleaveComma(sizes, remark);
          remark << "]";
        }
      }
      continue;
    }
    if (getBestEffort())
      mlir::emitRemark(loc) << "not vectorized: " << name << ": " << reason;
    else
      failures.emplace_back(target, name + ": " + reason);
  }
  if (failures.empty())
    return DiagnosedSilenceableFailure::success();
  DiagnosedSilenceableFailure diag = emitSilenceableError()
                                     << "could not vectorize "
                                     << failures.size() << " op(s)";
  for (auto &[op, reason] : failures)
    diag.attachNote(op->getLoc()) << reason;
  return diag;
}

void loom::VectorizeOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ApplyMathPolynomialApproximationPatternsOp
//===----------------------------------------------------------------------===//

void loom::ApplyMathPolynomialApproximationPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  populateMathPolynomialApproximationPatterns(patterns);
}

//===----------------------------------------------------------------------===//
// ApplyReuseProducerDestinationPatternsOp
//===----------------------------------------------------------------------===//

void loom::ApplyReuseProducerDestinationPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  populateReuseProducerDestinationPatterns(patterns);
}

//===----------------------------------------------------------------------===//
// ApplyReciprocalDivisionPatternsOp
//===----------------------------------------------------------------------===//

void loom::ApplyReciprocalDivisionPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  populateReciprocalDivisionPatterns(patterns);
}

//===----------------------------------------------------------------------===//
// ApplyReductionTreePatternsOp
//===----------------------------------------------------------------------===//

void loom::ApplyReductionTreePatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  populateReductionTreePatterns(patterns);
}

//===----------------------------------------------------------------------===//
// ApplySliceBeforeTransposePatternsOp
//===----------------------------------------------------------------------===//

void loom::ApplySliceBeforeTransposePatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  populateSliceBeforeTransposePatterns(patterns);
}

//===----------------------------------------------------------------------===//
// ApplyUnrollVectorsPatternsOp
//===----------------------------------------------------------------------===//

void loom::ApplyUnrollVectorsPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  populateRowUnrollPatterns(patterns, getLanes());
}

namespace {
/// The extension that injects Loom's ops into the transform dialect.
class LoomTransformExtension
    : public transform::TransformDialectExtension<LoomTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoomTransformExtension)

  using Base::Base;

  void init() {
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<math::MathDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "dialect/LoomTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::loom::registerLoomTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<LoomTransformExtension>();
}
