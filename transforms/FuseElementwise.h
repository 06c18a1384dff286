//===- FuseElementwise.h - Explained elementwise fusion ---------*- C++ -*-===//
//
// Producer/consumer fusion of linalg.generic ops with every legality condition
// checked by name and every decision explained. One implementation serves the
// transform op `transform.loom.fuse_elementwise` and the pass
// `loom-fuse-elementwise`; the rewrite itself is upstream's
// linalg::fuseElementwiseOps. docs/fusion.md explains the conditions.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_FUSEELEMENTWISE_H
#define LOOM_TRANSFORMS_FUSEELEMENTWISE_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::loom {

/// The legality conditions of elementwise fusion, numbered as in
/// docs/fusion.md. Conditions 1-7 can reject a pair; condition 8 decides
/// whether the fused op keeps the producer's result.
enum class FusionCondition : unsigned {
  GenericOps = 1,
  TensorSemantics = 2,
  ParallelProducer = 3,
  InputOperand = 4,
  LoopCount = 5,
  PermutationMap = 6,
  ReductionCoverage = 7,
  ProducerResult = 8,
};

/// The short name of a condition ("permutation producer map").
llvm::StringRef getFusionConditionName(FusionCondition condition);

/// The first of conditions 1-7 that `fusedOperand` (an operand of the
/// consumer defined by the producer) fails, and why, in a sentence.
struct FusionLegality {
  std::optional<FusionCondition> failed;
  std::string reason;

  bool isLegal() const { return !failed; }
};
FusionLegality checkFusionLegality(OpOperand &fusedOperand);

/// The indexing map, in the fused op's loops, of a producer operand:
/// producerArgMap o inverse(producerResultMap) o consumerArgMap. The producer
/// result map must be a permutation (condition 6).
AffineMap composeFusedIndexingMap(AffineMap producerArgMap,
                                  AffineMap producerResultMap,
                                  AffineMap consumerArgMap);

/// What the schedule (or pass) lets the fusion do beyond legality.
struct FuseElementwiseOptions {
  /// Fuse producers whose result has users besides the consumer; the fused op
  /// keeps the result alive as an extra result.
  bool allowMultiUse = false;
  /// Recompute instead of storing: a producer with several users, or one read
  /// by a broadcasting consumer, whose body has at most this many ops (the
  /// terminator not counted) is fused into every consumer.
  std::optional<unsigned> rematerializeMaxOps;
  /// Stop after this many fusions.
  std::optional<unsigned> maxFusions;
  /// Generalize named linalg ops whose loops are all parallel (linalg.add,
  /// linalg.transpose, ...) before fusing, so condition 1 holds for them.
  bool generalize = false;
};

/// What happened to one candidate pair: a linalg producer that defines an
/// operand of a linalg consumer, both in the fusion's scope.
struct FusionDecision {
  enum class Outcome {
    /// Fused; the producer is computed inside the consumer.
    Fused,
    /// Fused as a copy of the producer; the producer stays for its other
    /// users (the rematerialize option).
    Rematerialized,
    /// A legality condition failed (`failedCondition`).
    Illegal,
    /// Legal, but the options forbid it (several users, or a broadcasting
    /// read that would recompute the producer).
    Policy,
    /// Legal, but the bound on the number of fusions was reached.
    Limit,
  };

  Outcome outcome;
  Location consumerLoc, producerLoc;
  std::string consumerName, producerName;
  /// The consumer operand that the producer defines.
  unsigned operandNumber = 0;
  std::optional<FusionCondition> failedCondition;
  /// For fused pairs: whether the fused op keeps the producer's result
  /// (condition 8).
  bool producerResultKept = false;
  /// The whole explanation, as the remark prints it.
  std::string message;

  bool isFused() const {
    return outcome == Outcome::Fused || outcome == Outcome::Rematerialized;
  }
  /// "fused", "rematerialized", "illegal", "policy" or "limit".
  llvm::StringRef getOutcomeName() const;
};

struct FuseElementwiseResult {
  /// The linalg ops of the scope after fusion, in their original order (a
  /// fused op takes its consumer's place; erased producers are gone).
  SmallVector<Operation *> ops;
  /// Fused pairs in the order they were fused, then every pair left unfused.
  SmallVector<FusionDecision> decisions;
  unsigned numFusions = 0;
};

/// Fuses producer/consumer pairs among `scope` (linalg ops on tensors; both
/// ops of a pair must be in it) repeatedly, until no pair is left that the
/// conditions and `options` allow. Explains every candidate pair.
FuseElementwiseResult fuseElementwise(RewriterBase &rewriter,
                                      ArrayRef<Operation *> scope,
                                      const FuseElementwiseOptions &options);

/// Emits one remark per decision at its consumer.
void emitFusionRemarks(ArrayRef<FusionDecision> decisions);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_FUSEELEMENTWISE_H
