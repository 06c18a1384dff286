//===- TuneSpace.cpp - The search space of a tunable schedule -------------===//

#include "runner/campaigns/TuneSpace.h"
#include "runner/results/Status.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::loom {

llvm::Expected<TuneSpace>
TuneSpace::create(std::vector<Tunable> tunables,
                  std::vector<Constraint> constraints) {
  for (const Tunable &tunable : tunables)
    if (tunable.options.empty())
      return makeError(ExitCode::InvalidInput,
                       "knob '" + tunable.name + "' (" + tunable.location +
                           ") has no list of options to search: write "
                           "options = [...]");
  TuneSpace space;
  space.dimensions = std::move(tunables);
  space.constraints = std::move(constraints);
  for (const Tunable &dimension : space.dimensions) {
    std::vector<TuneValue> &values = space.optionValues.emplace_back();
    for (const std::string &option : dimension.options)
      values.push_back(parseTuneValue(option));
  }
  space.updateFixedOptions();
  return std::move(space);
}

void TuneSpace::updateFixedOptions() {
  fixedOptions.clear();
  for (const Tunable &dimension : dimensions) {
    std::optional<size_t> fixed;
    if (dimension.held && dimension.selected)
      if (auto it = llvm::find(dimension.options, *dimension.selected);
          it != dimension.options.end())
        fixed = it - dimension.options.begin();
    fixedOptions.push_back(fixed);
  }
}

llvm::Error TuneSpace::sweep(llvm::ArrayRef<std::string> names) {
  for (const std::string &name : names) {
    auto it = llvm::find_if(dimensions, [&](const Tunable &dimension) {
      return dimension.name == name;
    });
    if (it == dimensions.end())
      return makeError(ExitCode::InvalidInput,
                       "--sweep: the schedule has no knob '" + name +
                           "'; its knobs: " + llvm::join(getNames(), ", "));
    it->held = it->unread = false;
  }
  updateFixedOptions();
  return llvm::Error::success();
}

std::vector<std::string> TuneSpace::getHeldNames() const {
  std::vector<std::string> names;
  for (const Tunable &dimension : dimensions)
    if (dimension.held)
      names.push_back(dimension.name);
  return names;
}

std::vector<std::string> TuneSpace::getNames() const {
  std::vector<std::string> names;
  for (const Tunable &dimension : dimensions)
    names.push_back(dimension.name);
  return names;
}

/// The product of `counts`, saturating at UINT64_MAX.
template <typename Range> static uint64_t saturatingProduct(Range counts) {
  uint64_t product = 1;
  for (uint64_t count : counts) {
    if (count == 0)
      return 0;
    if (product > UINT64_MAX / count)
      return UINT64_MAX;
    product *= count;
  }
  return product;
}

uint64_t TuneSpace::size() const {
  return saturatingProduct(
      llvm::map_range(dimensions, [](const Tunable &dimension) -> uint64_t {
        return dimension.options.size();
      }));
}

uint64_t TuneSpace::getIndexedSize() const {
  return saturatingProduct(llvm::map_range(
      llvm::zip_equal(dimensions, fixedOptions), [](auto pair) -> uint64_t {
        auto [dimension, fixed] = pair;
        return fixed ? 1 : dimension.options.size();
      }));
}

std::vector<size_t> TuneSpace::getCoordinates(uint64_t index) const {
  std::vector<size_t> point(dimensions.size());
  for (size_t i = dimensions.size(); i-- > 0;) {
    if (fixedOptions[i]) {
      point[i] = *fixedOptions[i];
      continue;
    }
    uint64_t options = dimensions[i].options.size();
    point[i] = index % options;
    index /= options;
  }
  return point;
}

uint64_t TuneSpace::getIndex(llvm::ArrayRef<size_t> coordinates) const {
  uint64_t index = 0;
  for (auto [dimension, fixed, coordinate] :
       llvm::zip_equal(dimensions, fixedOptions, coordinates))
    if (!fixed)
      index = index * dimension.options.size() + coordinate;
  return index;
}

std::vector<KnobSetting>
TuneSpace::getSettings(llvm::ArrayRef<size_t> point) const {
  std::vector<KnobSetting> settings;
  for (auto [dimension, option] : llvm::zip_equal(dimensions, point))
    if (!dimension.held)
      settings.push_back({dimension.name, dimension.options[option]});
  return settings;
}

std::vector<TuneValue>
TuneSpace::getValues(llvm::ArrayRef<size_t> point) const {
  std::vector<TuneValue> values;
  for (auto [options, option] : llvm::zip_equal(optionValues, point))
    values.push_back(options[option]);
  return values;
}

bool TuneSpace::satisfies(llvm::ArrayRef<size_t> point,
                          llvm::ArrayRef<Constraint> extra) const {
  if (constraints.empty() && extra.empty())
    return true;
  std::vector<TuneValue> values = getValues(point);
  auto holds = [&](const Constraint &constraint) {
    return constraint.evaluate(values);
  };
  return llvm::all_of(constraints, holds) && llvm::all_of(extra, holds);
}

std::vector<std::vector<size_t>>
TuneSpace::getAdmittedOptions(llvm::ArrayRef<Constraint> extra,
                              bool withScheduleConstraints) const {
  llvm::ArrayRef<Constraint> written = withScheduleConstraints
                                           ? llvm::ArrayRef(constraints)
                                           : llvm::ArrayRef<Constraint>();
  std::vector<std::vector<size_t>> admitted(dimensions.size());
  std::vector<size_t> point(dimensions.size(), 0);
  for (size_t dimension = 0; dimension < dimensions.size(); ++dimension) {
    for (size_t option = 0; option < dimensions[dimension].options.size();
         ++option) {
      point[dimension] = option;
      std::vector<TuneValue> values = getValues(point);
      auto admits = [&](const Constraint &constraint) {
        return constraint.admits(dimension, values);
      };
      if (llvm::all_of(written, admits) && llvm::all_of(extra, admits))
        admitted[dimension].push_back(option);
    }
    point[dimension] = 0;
    // A held knob: its default alone, and nothing when the constraints rule
    // the default out (every run of the sweep would use it).
    if (std::optional<size_t> fixed = fixedOptions[dimension])
      admitted[dimension] = llvm::is_contained(admitted[dimension], *fixed)
                                ? std::vector<size_t>{*fixed}
                                : std::vector<size_t>{};
  }
  return admitted;
}

std::string TuneSpace::formatCount(uint64_t points) {
  return points == UINT64_MAX ? "more than 1.8e19" : std::to_string(points);
}

uint64_t TuneSpace::countPoints(llvm::ArrayRef<std::vector<size_t>> admitted) {
  return saturatingProduct(llvm::map_range(
      admitted, [](const std::vector<size_t> &options) -> uint64_t {
        return options.size();
      }));
}

void TuneSpace::forEachPoint(
    llvm::ArrayRef<std::vector<size_t>> admitted,
    llvm::function_ref<void(uint64_t, llvm::ArrayRef<size_t>)> visit) const {
  uint64_t count = countPoints(admitted);
  std::vector<size_t> digits(admitted.size(), 0), point(admitted.size());
  for (uint64_t visited = 0; visited < count; ++visited) {
    for (size_t dimension = 0; dimension < admitted.size(); ++dimension)
      point[dimension] = admitted[dimension][digits[dimension]];
    visit(getIndex(point), point);
    // The last dimension varies fastest, as in getCoordinates.
    for (size_t dimension = admitted.size(); dimension-- > 0;) {
      if (++digits[dimension] < admitted[dimension].size())
        break;
      digits[dimension] = 0;
    }
  }
}

std::optional<uint64_t>
TuneSpace::countValid(llvm::ArrayRef<Constraint> extra, uint64_t limit,
                      bool withScheduleConstraints) const {
  if (extra.empty() && (!withScheduleConstraints || constraints.empty()))
    return size();
  std::vector<std::vector<size_t>> admitted =
      getAdmittedOptions(extra, withScheduleConstraints);
  if (countPoints(admitted) > limit)
    return std::nullopt;
  uint64_t valid = 0;
  forEachPoint(admitted, [&](uint64_t, llvm::ArrayRef<size_t> point) {
    std::vector<TuneValue> values = getValues(point);
    auto holds = [&](const Constraint &constraint) {
      return constraint.evaluate(values);
    };
    valid += llvm::all_of(extra, holds) &&
             (!withScheduleConstraints || llvm::all_of(constraints, holds));
  });
  return valid;
}

} // namespace mlir::loom
