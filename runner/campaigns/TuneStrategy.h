//===- TuneStrategy.h - The order in which a sweep visits points -*- C++
//-*-===//
//
// A strategy proposes the next point of the space to evaluate and learns
// from every result. `exhaustive` visits the candidates in space order,
// `random` in a seeded shuffle, and `evolutionary` breeds children of the
// best points found so far once it has a first population (tournament
// selection, uniform crossover, mutation of one or two knobs), and `model`
// asks a regression fitted to the results so far for the most promising
// unseen point.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_TUNESTRATEGY_H
#define LOOM_RUNNER_CAMPAIGNS_TUNESTRATEGY_H

#include "runner/campaigns/TuneDatabase.h"
#include "runner/campaigns/TuneSpace.h"
#include "runner/results/Statistics.h"

#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <optional>
#include <vector>

namespace mlir::loom {

/// What a strategy may propose: the points of one shard that satisfy the
/// constraints.
struct TuneCandidates {
  const TuneSpace &space;
  llvm::ArrayRef<Constraint> constraints;
  unsigned shardIndex = 0, shardCount = 1;

  bool contains(uint64_t index, llvm::ArrayRef<size_t> coordinates) const {
    return index % shardCount == shardIndex &&
           space.satisfies(coordinates, constraints);
  }
};

class TuneStrategy {
public:
  /// The names --strategy accepts.
  static llvm::ArrayRef<llvm::StringRef> getNames();
  /// The strategy `name` over `candidates` (listed in space order in
  /// `order`), seeded with `seed`. Fails with InvalidInput for an unknown
  /// name.
  static llvm::Expected<std::unique_ptr<TuneStrategy>>
  create(llvm::StringRef name, TuneCandidates candidates,
         std::vector<size_t> order, uint64_t seed);
  virtual ~TuneStrategy();

  /// The index in the space of the next point, or none when every
  /// candidate was proposed.
  virtual std::optional<uint64_t> next();
  /// The result of a point proposed earlier (or read from the database).
  virtual void record(llvm::ArrayRef<size_t> coordinates,
                      const TunePoint &point);
  /// Whether a candidate was never proposed.
  bool hasMore() const { return seen.size() < order.size(); }
  /// Marks `index` as proposed by someone else (the sweep evaluates the
  /// schedule's defaults first): next() does not propose it again.
  void markProposed(uint64_t index) { take(index); }

  /// Proposes the candidates in `order`.
  TuneStrategy(TuneCandidates candidates, std::vector<size_t> order,
               uint64_t seed)
      : candidates(candidates), order(std::move(order)), state(seed) {}

protected:
  /// The next candidate of `order` not proposed yet.
  std::optional<uint64_t> nextInOrder();
  /// Marks `index` as proposed.
  uint64_t take(uint64_t index);
  bool isNew(uint64_t index, llvm::ArrayRef<size_t> coordinates) const {
    return !seen.contains(index) && candidates.contains(index, coordinates);
  }
  uint64_t random() { return nextRandom(state); }

  TuneCandidates candidates;
  std::vector<size_t> order;
  size_t cursor = 0;
  uint64_t state;
  llvm::DenseSet<uint64_t> seen;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_TUNESTRATEGY_H
