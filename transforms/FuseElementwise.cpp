//===- FuseElementwise.cpp - Explained elementwise fusion -----------------===//
//
// Legality (conditions 1-7, each named), the schedule's policy (single use,
// keep alive, rematerialize, bound) and the driver that fuses pairs until
// none is left, explaining each candidate pair. The rewrite is upstream's
// linalg::fuseElementwiseOps.
//
//===----------------------------------------------------------------------===//

#include "transforms/FuseElementwise.h"
#include "transforms/Passes.h"
#include "transforms/SourceLocation.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"

#define DEBUG_TYPE "loom-fuse-elementwise"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMFUSEELEMENTWISEPASS
#include "transforms/Passes.h.inc"

llvm::StringRef getFusionConditionName(FusionCondition condition) {
  switch (condition) {
  case FusionCondition::GenericOps:
    return "generic ops";
  case FusionCondition::TensorSemantics:
    return "tensor semantics";
  case FusionCondition::ParallelProducer:
    return "parallel producer";
  case FusionCondition::InputOperand:
    return "input operand";
  case FusionCondition::LoopCount:
    return "loop count";
  case FusionCondition::PermutationMap:
    return "permutation producer map";
  case FusionCondition::ReductionCoverage:
    return "reduction coverage";
  case FusionCondition::ProducerResult:
    return "producer result";
  }
  llvm_unreachable("unknown fusion condition");
}

llvm::StringRef FusionDecision::getOutcomeName() const {
  switch (outcome) {
  case Outcome::Fused:
    return "fused";
  case Outcome::Rematerialized:
    return "rematerialized";
  case Outcome::Illegal:
    return "illegal";
  case Outcome::Policy:
    return "policy";
  case Outcome::Limit:
    return "limit";
  }
  llvm_unreachable("unknown fusion outcome");
}

AffineMap composeFusedIndexingMap(AffineMap producerArgMap,
                                  AffineMap producerResultMap,
                                  AffineMap consumerArgMap) {
  AffineMap producerLoops = inversePermutation(producerResultMap);
  return producerArgMap.compose(producerLoops).compose(consumerArgMap);
}

static std::string print(AffineMap map) {
  std::string text;
  llvm::raw_string_ostream os(text);
  map.print(os);
  return text;
}

static FusionLegality reject(FusionCondition condition, const Twine &reason) {
  return {condition, reason.str()};
}

/// Why `op` (the producer or consumer of a pair) is not a linalg.generic.
static std::string explainNotGeneric(Operation *op, llvm::StringRef role) {
  std::string text = ("the " + role + " is " + op->getName().getStringRef() +
                      ", not linalg.generic")
                         .str();
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return text;
  if (linalgOp.getNumParallelLoops() == linalgOp.getNumLoops())
    return text + "; generalize it first (transform.structured.generalize, "
                  "or the generalize option)";
  return text + "; generalizing would not help: it has reduction loops";
}

FusionLegality checkFusionLegality(OpOperand &fusedOperand) {
  Operation *consumerOp = fusedOperand.getOwner();
  Operation *producerOp = fusedOperand.get().getDefiningOp();
  // 1. Both ops are linalg.generic.
  auto producer = dyn_cast_or_null<linalg::GenericOp>(producerOp);
  auto consumer = dyn_cast<linalg::GenericOp>(consumerOp);
  if (!producerOp)
    return reject(FusionCondition::GenericOps,
                  "the operand is a block argument, not a producer's result");
  if (!producer)
    return reject(FusionCondition::GenericOps,
                  explainNotGeneric(producerOp, "producer"));
  if (!consumer)
    return reject(FusionCondition::GenericOps,
                  explainNotGeneric(consumerOp, "consumer"));

  // 2. The producer works on tensors and the operand is a ranked tensor.
  if (!producer.hasPureTensorSemantics())
    return reject(FusionCondition::TensorSemantics,
                  "the producer does not have pure tensor semantics (it "
                  "reads or writes memrefs)");
  if (!isa<RankedTensorType>(fusedOperand.get().getType()))
    return reject(FusionCondition::TensorSemantics,
                  "the fused operand is not a ranked tensor");

  // 3. Every producer loop is parallel.
  SmallVector<utils::IteratorType> iterators = producer.getIteratorTypesArray();
  for (auto [loop, iterator] : llvm::enumerate(iterators))
    if (iterator != utils::IteratorType::parallel)
      return reject(FusionCondition::ParallelProducer,
                    "producer loop d" + Twine(loop) +
                        " is a reduction: a consumer iteration would need "
                        "the whole reduction, not one element");

  // 4. The operand is an input of the consumer, not an init.
  if (!consumer.isDpsInput(&fusedOperand))
    return reject(FusionCondition::InputOperand,
                  "the producer's result is the consumer's init (outs) "
                  "operand, which holds the value the consumer updates; "
                  "only inputs are fused");

  // 5. The consumer reads the result with one index per producer loop.
  AffineMap consumerMap = consumer.getMatchingIndexingMap(&fusedOperand);
  if (consumerMap.getNumResults() != producer.getNumLoops())
    return reject(FusionCondition::LoopCount,
                  "the consumer reads the result with " + print(consumerMap) +
                      " (" + Twine(consumerMap.getNumResults()) +
                      " indices) but the producer has " +
                      Twine(producer.getNumLoops()) + " loops");

  // 6. The producer's result map is a permutation.
  auto result = cast<OpResult>(fusedOperand.get());
  AffineMap resultMap = producer.getIndexingMapMatchingResult(result);
  if (!resultMap.isPermutation())
    return reject(
        FusionCondition::PermutationMap,
        "the producer writes its result through " + print(resultMap) +
            ", which is not a permutation: the image of the producer's "
            "iteration box is not the whole result tensor, so elements the "
            "producer never writes (which hold its init values) would be "
            "recomputed from iterations outside its domain");

  // 7. A consumer with reductions keeps a size source for every loop.
  if (consumer.getNumReductionLoops() == 0)
    return {};
  llvm::SmallBitVector covered(consumer.getNumLoops());
  auto cover = [&](AffineMap map) {
    for (AffineExpr expr : map.getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        covered.set(dim.getPosition());
  };
  for (OpOperand &operand : consumerOp->getOpOperands())
    if (operand.get() != fusedOperand.get())
      cover(consumer.getMatchingIndexingMap(&operand));
  for (OpOperand *operand : producer.getDpsInputOperands())
    cover(composeFusedIndexingMap(producer.getMatchingIndexingMap(operand),
                                  resultMap, consumerMap));
  if (!covered.all()) {
    unsigned loop = covered.find_first_unset();
    return reject(FusionCondition::ReductionCoverage,
                  "the consumer has reduction loops and after fusion no "
                  "operand would index loop d" +
                      Twine(loop) + ", so its size would be lost");
  }
  return {};
}

namespace {

/// The ops fusion may touch, in program order of the scope given.
class Scope {
public:
  explicit Scope(ArrayRef<Operation *> ops) {
    for (Operation *op : ops)
      if (isa<linalg::LinalgOp>(op))
        this->ops.insert(op);
  }

  bool contains(Operation *op) const { return ops.contains(op); }
  ArrayRef<Operation *> getOps() const { return ops.getArrayRef(); }

  void replace(Operation *old, Operation *replacement) {
    SmallVector<Operation *> updated;
    for (Operation *op : ops)
      updated.push_back(op == old ? replacement : op);
    ops = llvm::SetVector<Operation *>(updated.begin(), updated.end());
  }
  void erase(Operation *op) { ops.remove(op); }

  /// The candidate pairs: operands of a scope op defined by another one.
  SmallVector<OpOperand *> getCandidates() const {
    SmallVector<OpOperand *> candidates;
    for (Operation *consumer : ops)
      for (OpOperand &operand : consumer->getOpOperands())
        if (Operation *producer = operand.get().getDefiningOp())
          if (producer != consumer && contains(producer))
            candidates.push_back(&operand);
    return candidates;
  }

private:
  llvm::SetVector<Operation *> ops;
};

/// How a candidate pair would be handled under the options.
struct Plan {
  FusionDecision::Outcome outcome = FusionDecision::Outcome::Illegal;
  std::optional<FusionCondition> failed;
  std::string reason;
  unsigned otherUsers = 0;
  unsigned bodyOps = 0;
};

} // namespace

/// Ops in the body of `op`, its terminator not counted.
static unsigned countBodyOps(linalg::GenericOp op) {
  unsigned count = 0;
  op.getRegion().walk([&](Operation *nested) {
    if (!nested->hasTrait<OpTrait::IsTerminator>())
      ++count;
  });
  return count;
}

static Plan planFusion(OpOperand &operand,
                       const FuseElementwiseOptions &options) {
  using Outcome = FusionDecision::Outcome;
  FusionLegality legality = checkFusionLegality(operand);
  if (!legality.isLegal())
    return {Outcome::Illegal, legality.failed, legality.reason};

  auto producer = operand.get().getDefiningOp<linalg::GenericOp>();
  auto consumer = cast<linalg::GenericOp>(operand.getOwner());
  Plan plan{Outcome::Fused, std::nullopt, ""};
  plan.bodyOps = countBodyOps(producer);
  bool rematerialize = options.rematerializeMaxOps &&
                       plan.bodyOps <= *options.rematerializeMaxOps;
  llvm::SmallPtrSet<Operation *, 4> users;
  for (Operation *user : producer->getUsers())
    if (user != consumer)
      users.insert(user);
  plan.otherUsers = users.size();

  AffineMap consumerMap = consumer.getMatchingIndexingMap(&operand);
  if (!consumerMap.isPermutation() && !rematerialize) {
    plan.outcome = Outcome::Policy;
    plan.reason =
        ("the consumer reads the producer's result with " + print(consumerMap) +
         ", which visits each element for several iterations: fusing would "
         "recompute the producer's body (" +
         Twine(plan.bodyOps) + " ops) for each of them; set rematerialize to " +
         Twine(plan.bodyOps) + " or more to accept that")
            .str();
    return plan;
  }
  if (plan.otherUsers == 0)
    return plan;
  if (rematerialize) {
    plan.outcome = Outcome::Rematerialized;
    return plan;
  }
  if (options.allowMultiUse)
    return plan;
  plan.outcome = Outcome::Policy;
  plan.reason =
      ("the producer's result has " + Twine(plan.otherUsers) +
       " other user(s): set allow_multi_use to keep it alive as "
       "an extra result of the fused op, or rematerialize to " +
       Twine(plan.bodyOps) + " or more to recompute it (its body has " +
       Twine(plan.bodyOps) + " ops) in every consumer")
          .str();
  return plan;
}

static FusionDecision describePair(OpOperand &operand) {
  Operation *consumer = operand.getOwner();
  Operation *producer = operand.get().getDefiningOp();
  FusionDecision decision{FusionDecision::Outcome::Illegal,
                          consumer->getLoc(),
                          producer->getLoc(),
                          consumer->getName().getStringRef().str(),
                          producer->getName().getStringRef().str(),
                          operand.getOperandNumber()};
  return decision;
}

/// "the producer linalg.generic at f.mlir:3:8 (operand #1)".
static std::string describeProducer(const FusionDecision &decision) {
  return "the producer " + decision.producerName + " at " +
         describeLocation(decision.producerLoc, /*fileNameOnly=*/true) +
         " (operand #" + std::to_string(decision.operandNumber) + ")";
}

namespace {
struct FusedPair {
  /// Null when upstream refused the pair.
  Operation *fusedOp = nullptr;
  bool producerErased = false;
};
} // namespace

/// Fuses the producer of `operand` into its consumer as `plan` says; fills
/// in `decision`.
static FusedPair fusePair(RewriterBase &rewriter, OpOperand &operand,
                          const Plan &plan, FusionDecision &decision) {
  auto consumer = cast<linalg::GenericOp>(operand.getOwner());
  auto producer = operand.get().getDefiningOp<linalg::GenericOp>();
  unsigned resultNumber = cast<OpResult>(operand.get()).getResultNumber();
  bool rematerialize = plan.outcome == FusionDecision::Outcome::Rematerialized;
  linalg::GenericOp fusing = producer;
  if (rematerialize) {
    rewriter.setInsertionPoint(producer);
    fusing = cast<linalg::GenericOp>(rewriter.clone(*producer));
    rewriter.modifyOpInPlace(
        consumer, [&] { operand.set(fusing->getResult(resultNumber)); });
  }
  bool readsInit = llvm::any_of(fusing.getDpsInitsMutable(), [&](auto &init) {
    return fusing.payloadUsesValueFromOperand(&init);
  });
  llvm::SmallDenseSet<int> kept =
      linalg::getPreservedProducerResults(fusing, consumer, &operand);

  rewriter.setInsertionPoint(consumer);
  FailureOr<linalg::ElementwiseOpFusionResult> fused =
      linalg::fuseElementwiseOps(rewriter, &operand);
  if (failed(fused)) {
    if (rematerialize) {
      rewriter.modifyOpInPlace(
          consumer, [&] { operand.set(producer->getResult(resultNumber)); });
      rewriter.eraseOp(fusing);
    }
    return {};
  }
  Operation *fusedOp = fused->fusedOp;
  // Other users of the producer read the kept result from the fused op where
  // it dominates them; users before the consumer keep the producer.
  DominanceInfo dominance;
  for (OpResult result : fusing->getResults()) {
    Value replacement = fused->replacements.lookup(result);
    if (!replacement)
      continue;
    rewriter.replaceUsesWithIf(result, replacement, [&](OpOperand &use) {
      return use.getOwner() != fusedOp &&
             dominance.properlyDominates(fusedOp, use.getOwner());
    });
  }
  SmallVector<Value> consumerReplacements;
  for (Value result : consumer->getResults())
    consumerReplacements.push_back(fused->replacements.lookup(result));
  rewriter.replaceOp(consumer, consumerReplacements);
  bool fusingDead = fusing->use_empty();
  if (fusingDead)
    rewriter.eraseOp(fusing);
  bool producerErased = !rematerialize && fusingDead;
  if (rematerialize && producer->use_empty()) {
    rewriter.eraseOp(producer);
    producerErased = true;
  }

  // Merge operands that fusion duplicated (a value read by both ops).
  rewriter.setInsertionPoint(fusedOp);
  FailureOr<linalg::GenericOp> deduplicated =
      linalg::deduplicateOperandsAndRemoveDeadResults(
          rewriter, cast<linalg::GenericOp>(fusedOp), /*removeOutputs=*/false);
  if (succeeded(deduplicated))
    fusedOp = *deduplicated;

  decision.outcome = plan.outcome;
  decision.producerResultKept = !kept.empty();
  std::string condition8 =
      "condition 8 (producer result): the fused op " +
      std::string(decision.producerResultKept ? "keeps" : "drops") +
      " the producer's result";
  if (decision.producerResultKept)
    condition8 +=
        readsInit && plan.otherUsers == 0
            ? " because its body reads its init"
            : " for its " + std::to_string(plan.otherUsers) + " other user(s)";
  if (rematerialize)
    decision.message =
        "recomputed a copy of " + describeProducer(decision) +
        " here (rematerialize: its body has " + std::to_string(plan.bodyOps) +
        " ops); the producer stays for its other users; " + condition8;
  else
    decision.message =
        "fused " + describeProducer(decision) + "; " + condition8;
  return {fusedOp, producerErased};
}

/// Generalizes the named ops of `scope` whose loops are all parallel.
static void generalizeParallelOps(RewriterBase &rewriter, Scope &scope) {
  SmallVector<Operation *> ops(scope.getOps());
  for (Operation *op : ops) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || isa<linalg::GenericOp>(op) ||
        !linalgOp.hasPureTensorSemantics() ||
        linalgOp.getNumParallelLoops() != linalgOp.getNumLoops())
      continue;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::GenericOp> generic =
        linalg::generalizeNamedOp(rewriter, linalgOp);
    if (succeeded(generic))
      scope.replace(op, *generic);
  }
}

FuseElementwiseResult fuseElementwise(RewriterBase &rewriter,
                                      ArrayRef<Operation *> ops,
                                      const FuseElementwiseOptions &options) {
  using Outcome = FusionDecision::Outcome;
  FuseElementwiseResult result;
  Scope scope(ops);
  if (options.generalize)
    generalizeParallelOps(rewriter, scope);

  // Pairs upstream refused although the checks passed; not retried.
  llvm::DenseSet<std::pair<Operation *, unsigned>> refused;
  while (!options.maxFusions || result.numFusions < *options.maxFusions) {
    OpOperand *next = nullptr;
    Plan plan;
    for (OpOperand *operand : scope.getCandidates()) {
      if (refused.contains({operand->getOwner(), operand->getOperandNumber()}))
        continue;
      plan = planFusion(*operand, options);
      if (plan.outcome == Outcome::Fused ||
          plan.outcome == Outcome::Rematerialized) {
        next = operand;
        break;
      }
    }
    if (!next)
      break;
    Operation *consumer = next->getOwner();
    Operation *producer = next->get().getDefiningOp();
    FusionDecision decision = describePair(*next);
    FusedPair fused = fusePair(rewriter, *next, plan, decision);
    if (!fused.fusedOp) {
      refused.insert({consumer, next->getOperandNumber()});
      continue;
    }
    ++result.numFusions;
    result.decisions.push_back(std::move(decision));
    if (fused.producerErased)
      scope.erase(producer);
    scope.replace(consumer, fused.fusedOp);
  }

  // Explain every pair left.
  for (OpOperand *operand : scope.getCandidates()) {
    FusionDecision decision = describePair(*operand);
    Plan plan = planFusion(*operand, options);
    std::string prefix = "not fused with " + describeProducer(decision) + ": ";
    if (plan.outcome == Outcome::Illegal) {
      decision.failedCondition = plan.failed;
      decision.message = prefix + "condition " +
                         std::to_string(static_cast<unsigned>(*plan.failed)) +
                         " (" + getFusionConditionName(*plan.failed).str() +
                         ") fails: " + plan.reason;
    } else if (plan.outcome == Outcome::Policy) {
      decision.outcome = Outcome::Policy;
      decision.message = prefix + plan.reason;
    } else if (refused.contains(
                   {operand->getOwner(), operand->getOperandNumber()})) {
      decision.message = prefix +
                         "linalg::fuseElementwiseOps refused the pair although "
                         "conditions 1-7 hold (please report this)";
    } else {
      decision.outcome = Outcome::Limit;
      decision.message = prefix + "legal, but the bound of " +
                         std::to_string(options.maxFusions.value_or(0)) +
                         " fusion(s) was reached";
    }
    result.decisions.push_back(std::move(decision));
  }
  result.ops.assign(scope.getOps().begin(), scope.getOps().end());
  return result;
}

void emitFusionRemarks(ArrayRef<FusionDecision> decisions) {
  for (const FusionDecision &decision : decisions)
    emitRemark(decision.consumerLoc) << decision.message;
}

namespace {
struct LoomFuseElementwisePass
    : impl::LoomFuseElementwisePassBase<LoomFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    FuseElementwiseOptions options;
    options.allowMultiUse = allowMultiUse;
    if (rematerialize >= 0)
      options.rematerializeMaxOps = rematerialize;
    if (maxFusions >= 0)
      options.maxFusions = maxFusions;
    options.generalize = generalize;
    SmallVector<Operation *> scope;
    getOperation()->walk([&](linalg::LinalgOp op) { scope.push_back(op); });
    IRRewriter rewriter(&getContext());
    FuseElementwiseResult result = fuseElementwise(rewriter, scope, options);
    if (explain)
      emitFusionRemarks(result.decisions);
  }
};
} // namespace

} // namespace mlir::loom
