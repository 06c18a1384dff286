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

#include "runner/kernel/KnobConstraints.h"
#include "runner/kernel/Knobs.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mlir::loom {

class TuneSpace {
public:
  /// The space of `tunables` (listTunables) pruned by the schedule's own
  /// `constraints` (getScheduleConstraints). Fails (InvalidInput) for a knob
  /// whose options are not an array.
  static llvm::Expected<TuneSpace>
  create(std::vector<Tunable> tunables,
         std::vector<Constraint> constraints = {});

  llvm::ArrayRef<Tunable> getDimensions() const { return dimensions; }
  /// Sweeps the knobs `names` that the schedule holds at their defaults
  /// (`loom.sweep = false`). Fails (InvalidInput) for a name that is not a
  /// tunable of the schedule.
  llvm::Error sweep(llvm::ArrayRef<std::string> names);
  /// The names of the knobs held at their defaults.
  std::vector<std::string> getHeldNames() const;
  /// The constraints written in the schedule.
  llvm::ArrayRef<Constraint> getConstraints() const { return constraints; }
  std::vector<std::string> getNames() const;
  /// Points in the space (the product of the option counts; saturates at
  /// UINT64_MAX).
  uint64_t size() const;
  /// Points the indices number: the product of the option counts of the
  /// swept knobs (a knob held at its default counts once; saturates at
  /// UINT64_MAX, and then the indices are not unique: loom tune refuses
  /// such a space).
  uint64_t getIndexedSize() const;

  /// The point at `index`: mixed radix over the swept knobs, the last
  /// varying fastest; a knob held at its default is at its default.
  std::vector<size_t> getCoordinates(uint64_t index) const;
  /// The inverse of getCoordinates.
  uint64_t getIndex(llvm::ArrayRef<size_t> coordinates) const;
  /// The knobs a candidate at `point` is run with: every knob but the held
  /// ones, which the run derives as a record's application does (the value
  /// written, or the loom.host_default from the knobs swept: one_tile_rows =
  /// 2 * m_c follows the candidate's m_c).
  std::vector<KnobSetting> getSettings(llvm::ArrayRef<size_t> point) const;
  std::vector<TuneValue> getValues(llvm::ArrayRef<size_t> point) const;

  /// Whether `point` satisfies the schedule's constraints and `extra` ones
  /// (--constraint).
  bool satisfies(llvm::ArrayRef<size_t> point,
                 llvm::ArrayRef<Constraint> extra = {}) const;
  /// For each dimension, the options that every constraint on that knob
  /// alone admits (Constraint::admits: `extra`, and the schedule's when
  /// `withScheduleConstraints`): a point with any other option cannot
  /// satisfy them. A knob held at its default admits that option alone
  /// (when the constraints admit it).
  std::vector<std::vector<size_t>>
  getAdmittedOptions(llvm::ArrayRef<Constraint> extra = {},
                     bool withScheduleConstraints = true) const;
  /// `points` as printed: the number, or "more than 1.8e19" when a count
  /// saturated at UINT64_MAX.
  static std::string formatCount(uint64_t points);
  /// How many points combine `admitted` options (saturates at UINT64_MAX).
  static uint64_t countPoints(llvm::ArrayRef<std::vector<size_t>> admitted);
  /// Calls `visit` with the index and coordinates of each point that
  /// combines `admitted` options, in index order.
  void forEachPoint(
      llvm::ArrayRef<std::vector<size_t>> admitted,
      llvm::function_ref<void(uint64_t, llvm::ArrayRef<size_t>)> visit) const;
  /// How many points satisfy `constraints` (and the schedule's own when
  /// `withScheduleConstraints`; by default they are not implied), walking
  /// only the options they admit: std::nullopt when that is more than
  /// `limit` points.
  std::optional<uint64_t>
  countValid(llvm::ArrayRef<Constraint> constraints,
             uint64_t limit = 10'000'000,
             bool withScheduleConstraints = false) const;

private:
  /// Sets `fixedOptions` from the knobs held now.
  void updateFixedOptions();

  std::vector<Tunable> dimensions;
  std::vector<Constraint> constraints;
  /// Each dimension's options, parsed once (getValues runs for every point
  /// a sweep walks).
  std::vector<std::vector<TuneValue>> optionValues;
  /// For each dimension, the option a knob held at its default is fixed at
  /// (its default's), or none for a swept knob: the index of a point
  /// numbers the swept knobs alone, so that held knobs do not multiply the
  /// numbers past 64 bits (schedules/matmul_bias_relu/schedule.mlir has
  /// more than 1.8e19 points with them, 2e7 without).
  std::vector<std::optional<size_t>> fixedOptions;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_TUNESPACE_H
