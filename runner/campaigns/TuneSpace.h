//===- TuneSpace.h - The search space of a tunable schedule -----*- C++ -*-===//
//
// What `loom tune` searches: one dimension per transform.tune.knob (its
// options) and per transform.tune.alternatives (its region indices), in the
// order the schedule declares them, and the constraints that prune it
// (`--constraint 'tile_m * tile_n <= 4096'`, docs/tuning.md).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_TUNESPACE_H
#define LOOM_RUNNER_CAMPAIGNS_TUNESPACE_H

#include "runner/kernel/Knobs.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mlir::loom {

/// A knob value as constraints see it: an integer (integer and boolean
/// options, region indices) or a string (string options, and any other
/// attribute as its text).
using TuneValue = std::variant<int64_t, std::string>;

/// The value of an option written as MLIR attribute text ("32", "\"outer\"").
TuneValue parseTuneValue(llvm::StringRef attributeText);

/// A parsed --constraint expression.
class Constraint {
public:
  struct Node;

  /// Parses `text`; every name must be one of `names`. Fails (InvalidInput)
  /// with the position of the problem.
  static llvm::Expected<Constraint> parse(llvm::StringRef text,
                                          llvm::ArrayRef<std::string> names);

  /// True when the point satisfies the expression (a non-zero integer, or a
  /// true comparison). Division or remainder by zero makes it false.
  bool evaluate(llvm::ArrayRef<TuneValue> point) const;

  const std::string &getText() const { return text; }

  Constraint(Constraint &&);
  Constraint &operator=(Constraint &&);
  ~Constraint();

private:
  Constraint() = default;
  std::string text;
  std::unique_ptr<Node> root;
};

class TuneSpace {
public:
  /// The space of `tunables` (listTunables). Fails (InvalidInput) for a knob
  /// whose options are not an array.
  static llvm::Expected<TuneSpace> create(std::vector<Tunable> tunables);

  llvm::ArrayRef<Tunable> getDimensions() const { return dimensions; }
  std::vector<std::string> getNames() const;
  /// Points in the space (the product of the option counts; saturates at
  /// UINT64_MAX).
  uint64_t size() const;

  /// The point at `index`: mixed radix, the last dimension varying fastest.
  std::vector<size_t> getCoordinates(uint64_t index) const;
  /// The inverse of getCoordinates.
  uint64_t getIndex(llvm::ArrayRef<size_t> coordinates) const;
  std::vector<KnobSetting> getSettings(llvm::ArrayRef<size_t> point) const;
  std::vector<TuneValue> getValues(llvm::ArrayRef<size_t> point) const;

  bool satisfies(llvm::ArrayRef<size_t> point,
                 llvm::ArrayRef<Constraint> constraints) const;
  /// How many points satisfy `constraints`, counting up to `limit` points
  /// (std::nullopt when the space is larger than that).
  std::optional<uint64_t> countValid(llvm::ArrayRef<Constraint> constraints,
                                     uint64_t limit = 10'000'000) const;

private:
  std::vector<Tunable> dimensions;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_TUNESPACE_H
