//===- TuneStrategy.cpp - The order in which a sweep visits points --------===//

#include "runner/campaigns/TuneStrategy.h"
#include "runner/results/Statistics.h"
#include "runner/results/Status.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <limits>

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

/// A surrogate model of the results so far, asked where to go next: after
/// a random start, each point is the unseen candidate the model predicts
/// fastest (every fifth a random one, to keep exploring). The model is a
/// ridge regression of log(time) on the knob values, one-hot, with every
/// pair of knobs as interactions (a tile size that only matters with one
/// alternative): small enough to fit at every step, and it learns from
/// invalid points too (as twice the slowest valid time).
class ModelStrategy : public TuneStrategy {
public:
  ModelStrategy(TuneCandidates candidates, std::vector<size_t> order,
                uint64_t seed)
      : TuneStrategy(candidates, std::move(order), seed) {
    for (const Tunable &dimension : candidates.space.getDimensions()) {
      offsets.push_back(mainFeatures);
      mainFeatures += dimension.options.size();
    }
    size_t dimensions = offsets.size();
    features = 1 + mainFeatures;
    for (size_t i = 0; i < dimensions; ++i)
      for (size_t j = i + 1; j < dimensions; ++j) {
        pairOffsets.push_back(features);
        features += candidates.space.getDimensions()[i].options.size() *
                    candidates.space.getDimensions()[j].options.size();
      }
    // Pairs beyond a few thousand features cost more than they teach.
    if (features > kMaxFeatures) {
      pairOffsets.clear();
      features = 1 + mainFeatures;
    }
  }

  std::optional<uint64_t> next() override {
    ++proposed;
    if (results.size() < kInitial || proposed % kExploreEvery == 0)
      return nextInOrder();
    std::vector<double> weights = fit();
    // The unseen candidates, all of them or a sample of a large space.
    std::optional<uint64_t> best;
    double bestPrediction = 0;
    auto consider = [&](uint64_t index) {
      if (seen.contains(index))
        return;
      double prediction =
          predict(weights, candidates.space.getCoordinates(index));
      if (!best || prediction < bestPrediction) {
        best = index;
        bestPrediction = prediction;
      }
    };
    if (order.size() <= kMaxScan)
      for (uint64_t index : order)
        consider(index);
    else
      for (size_t i = 0; i < kMaxScan; ++i)
        consider(order[random() % order.size()]);
    if (!best)
      return nextInOrder();
    return take(*best);
  }

  void record(llvm::ArrayRef<size_t> coordinates,
              const TunePoint &point) override {
    std::optional<double> value;
    if (point.isValid() && *point.medianSeconds > 0)
      value = std::log(*point.medianSeconds);
    results.push_back({coordinates.vec(), value});
  }

private:
  static constexpr size_t kInitial = 8, kExploreEvery = 5, kMaxScan = 20000,
                          kMaxFeatures = 2000;
  static constexpr double kMainPenalty = 0.1, kPairPenalty = 1.0;

  /// The active features of a point: the bias, one option per knob, one
  /// option pair per pair of knobs.
  std::vector<size_t> getActive(llvm::ArrayRef<size_t> point) const {
    std::vector<size_t> active = {0};
    for (size_t i = 0; i < point.size(); ++i)
      active.push_back(1 + offsets[i] + point[i]);
    size_t pair = 0;
    for (size_t i = 0; i < point.size() && !pairOffsets.empty(); ++i)
      for (size_t j = i + 1; j < point.size(); ++j, ++pair)
        active.push_back(
            pairOffsets[pair] +
            point[i] * candidates.space.getDimensions()[j].options.size() +
            point[j]);
    return active;
  }

  double predict(llvm::ArrayRef<double> weights,
                 llvm::ArrayRef<size_t> point) const {
    double sum = 0;
    for (size_t feature : getActive(point))
      sum += weights[feature];
    return sum;
  }

  /// Solves (X^T X + penalties) w = X^T y over the features the results
  /// touch (the others keep weight 0: no evidence, no opinion).
  std::vector<double> fit() const {
    double worst = -std::numeric_limits<double>::infinity();
    for (const auto &[point, value] : results)
      if (value)
        worst = std::max(worst, *value);
    double invalid = std::isfinite(worst) ? worst + std::log(2.0) : 0.0;
    std::vector<std::vector<size_t>> rows;
    std::vector<double> targets;
    llvm::DenseMap<size_t, size_t> column; // feature -> column
    std::vector<size_t> usedFeatures;
    for (const auto &[point, value] : results) {
      rows.push_back(getActive(point));
      targets.push_back(value.value_or(invalid));
      for (size_t feature : rows.back())
        if (column.try_emplace(feature, usedFeatures.size()).second)
          usedFeatures.push_back(feature);
    }
    size_t n = usedFeatures.size();
    // The normal equations, augmented with the right-hand side.
    std::vector<std::vector<double>> a(n, std::vector<double>(n + 1, 0.0));
    for (auto [row, target] : llvm::zip_equal(rows, targets))
      for (size_t f : row) {
        size_t i = column[f];
        for (size_t g : row)
          a[i][column[g]] += 1;
        a[i][n] += target;
      }
    for (size_t i = 0; i < n; ++i) {
      size_t feature = usedFeatures[i];
      // The bias is not penalized.
      if (feature != 0)
        a[i][i] += feature <= mainFeatures ? kMainPenalty : kPairPenalty;
    }
    // Gaussian elimination with partial pivoting (the penalties keep the
    // system positive definite).
    for (size_t k = 0; k < n; ++k) {
      size_t pivot = k;
      for (size_t i = k + 1; i < n; ++i)
        if (std::abs(a[i][k]) > std::abs(a[pivot][k]))
          pivot = i;
      std::swap(a[k], a[pivot]);
      if (std::abs(a[k][k]) < 1e-12)
        continue;
      for (size_t i = k + 1; i < n; ++i) {
        double factor = a[i][k] / a[k][k];
        if (factor == 0)
          continue;
        for (size_t j = k; j <= n; ++j)
          a[i][j] -= factor * a[k][j];
      }
    }
    std::vector<double> solution(n, 0.0);
    for (size_t k = n; k-- > 0;) {
      if (std::abs(a[k][k]) < 1e-12)
        continue;
      double sum = a[k][n];
      for (size_t j = k + 1; j < n; ++j)
        sum -= a[k][j] * solution[j];
      solution[k] = sum / a[k][k];
    }
    std::vector<double> weights(features, 0.0);
    for (size_t i = 0; i < n; ++i)
      weights[usedFeatures[i]] = solution[i];
    return weights;
  }

  std::vector<size_t> offsets, pairOffsets;
  size_t mainFeatures = 0, features = 0, proposed = 0;
  std::vector<std::pair<std::vector<size_t>, std::optional<double>>> results;
};

} // namespace

llvm::ArrayRef<llvm::StringRef> TuneStrategy::getNames() {
  static const llvm::StringRef names[] = {"exhaustive", "random",
                                          "evolutionary", "model"};
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
  if (name == "model")
    return std::make_unique<ModelStrategy>(candidates, std::move(order), state);
  return std::make_unique<TuneStrategy>(candidates, std::move(order), state);
}

} // namespace mlir::loom
