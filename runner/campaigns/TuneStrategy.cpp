//===- TuneStrategy.cpp - The order in which a sweep visits points --------===//

#include "runner/campaigns/TuneStrategy.h"
#include "runner/results/Statistics.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"

namespace mlir::loom {

TuneStrategy::~TuneStrategy() = default;

std::optional<uint64_t> TuneStrategy::next() { return nextInOrder(); }

void TuneStrategy::record(llvm::ArrayRef<size_t>, const TunePoint &) {}

std::optional<uint64_t> TuneStrategy::nextInOrder() {
  while (cursor < order.size()) {
    uint64_t index = order[cursor++];
    if (!seen.contains(index))
      return take(index);
  }
  return std::nullopt;
}

uint64_t TuneStrategy::take(uint64_t index) {
  seen.insert(index);
  return index;
}

namespace {
/// A random initial population, then children of good points, falling back
/// to unseen random points.
class EvolutionaryStrategy : public TuneStrategy {
public:
  using TuneStrategy::TuneStrategy;

  std::optional<uint64_t> next() override {
    if (evaluated < kPopulation || valid.empty())
      return nextInOrder();
    for (int attempt = 0; attempt < 64; ++attempt) {
      std::vector<size_t> child = breed();
      uint64_t index = candidates.space.getIndex(child);
      if (isNew(index, child))
        return take(index);
    }
    return nextInOrder();
  }

  void record(llvm::ArrayRef<size_t> coordinates,
              const TunePoint &point) override {
    ++evaluated;
    if (point.isValid())
      valid.push_back({*point.medianSeconds, coordinates.vec()});
  }

private:
  static constexpr size_t kPopulation = 8;

  /// The fastest of three random valid points.
  const std::vector<size_t> &tournament() {
    const auto *best = &valid[random() % valid.size()];
    for (int i = 0; i < 2; ++i) {
      const auto *other = &valid[random() % valid.size()];
      if (other->first < best->first)
        best = other;
    }
    return best->second;
  }

  std::vector<size_t> breed() {
    std::vector<size_t> child = tournament();
    if (random() % 2) {
      const std::vector<size_t> &other = tournament();
      for (size_t i = 0; i < child.size(); ++i)
        if (random() % 2)
          child[i] = other[i];
    }
    // Mutate one knob, sometimes two.
    int mutations = random() % 4 == 0 ? 2 : 1;
    for (int m = 0; m < mutations && !child.empty(); ++m) {
      size_t dimension = random() % child.size();
      size_t options =
          candidates.space.getDimensions()[dimension].options.size();
      if (options > 1)
        child[dimension] =
            (child[dimension] + 1 + random() % (options - 1)) % options;
    }
    return child;
  }

  size_t evaluated = 0;
  std::vector<std::pair<double, std::vector<size_t>>> valid;
};

} // namespace

llvm::ArrayRef<llvm::StringRef> TuneStrategy::getNames() {
  static const llvm::StringRef names[] = {"exhaustive", "random",
                                          "evolutionary"};
  return names;
}

llvm::Expected<std::unique_ptr<TuneStrategy>>
TuneStrategy::create(llvm::StringRef name, TuneCandidates candidates,
                     std::vector<size_t> order, uint64_t seed) {
  if (!llvm::is_contained(getNames(), name))
    return makeError(ExitCode::InvalidInput,
                     "unknown --strategy '" + name + "' (" +
                         llvm::join(getNames(), ", ") + ")");
  // Every strategy but exhaustive starts from a seeded shuffle.
  if (name != "exhaustive") {
    uint64_t shuffleState = seed;
    seededShuffle(order, shuffleState);
  }
  uint64_t state = seed ^ 0x5eed;
  if (name == "evolutionary")
    return std::make_unique<EvolutionaryStrategy>(candidates, std::move(order),
                                                  state);
  return std::make_unique<TuneStrategy>(candidates, std::move(order), state);
}

} // namespace mlir::loom
