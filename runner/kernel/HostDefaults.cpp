//===- HostDefaults.cpp - Knob defaults derived from the host -------------===//

#include "runner/kernel/HostDefaults.h"

#include "runner/kernel/KnobConstraints.h"
#include "runner/results/Status.h"
#include "transforms/SourceLocation.h"

#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

namespace mlir::loom {
namespace tune = transform::tune;

llvm::Expected<std::vector<HostParam>>
getHostParameters(const HostInfo &host, unsigned threads,
                  llvm::ArrayRef<HostParam> overrides) {
  auto known = [](uint64_t value, uint64_t typical) -> int64_t {
    return value ? int64_t(value) : int64_t(typical);
  };
  constexpr uint64_t kMiB = uint64_t(1) << 20;
  std::vector<HostParam> parameters = {
      {"vector_bytes", known(host.vectorBytes, 32)},
      {"vector_registers", known(host.vectorRegisters, 16)},
      {"l1d_bytes", known(host.l1dBytes, 32 * 1024)},
      {"l2_bytes", known(host.l2Bytes, kMiB)},
      {"l3_bytes", known(std::min(host.l3Bytes, 32 * kMiB), 32 * kMiB)},
      {"cores", known(host.physicalCores, 1)},
      {"threads", int64_t(threads)},
      // Measured choices that no size predicts (rows of B a page apart
      // read in place: faster than packing on Zen 4 and 5, half as fast
      // on Intel Emerald Rapids) ask which core this is.
      {"zen", int64_t(llvm::StringRef(host.cpu).starts_with("znver"))}};
  for (const HostParam &given : overrides) {
    auto it = llvm::find_if(parameters, [&](const HostParam &parameter) {
      return parameter.name == given.name;
    });
    if (it == parameters.end()) {
      std::vector<std::string> names;
      for (const HostParam &parameter : parameters)
        names.push_back(parameter.name);
      return makeError(ExitCode::InvalidInput,
                       "--host-param: no host parameter '" + given.name +
                           "'; there are " + llvm::join(names, ", "));
    }
    it->value = given.value;
  }
  return parameters;
}

llvm::Expected<std::vector<HostDefaultRecord>>
applyHostDefaults(ModuleOp schedule, llvm::ArrayRef<HostParam> parameters,
                  llvm::ArrayRef<KnobSetting> given) {
  std::vector<std::string> names;
  std::vector<TuneValue> values;
  for (const HostParam &parameter : parameters) {
    names.push_back(parameter.name);
    values.push_back(parameter.value);
  }
  std::map<std::string, std::string> givenValues;
  for (const KnobSetting &setting : given)
    givenValues[setting.name] = setting.value;

  std::vector<HostDefaultRecord> defaults;
  std::string error;
  schedule->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto knob = dyn_cast<tune::KnobOp>(op);
    auto alternatives = dyn_cast<tune::AlternativesOp>(op);
    if (!knob && !alternatives)
      return WalkResult::advance();
    std::string name = (knob ? knob.getName() : alternatives.getName()).str();
    auto fail = [&](const llvm::Twine &what) {
      error = describeLocation(op->getLoc()) + ": " +
              (knob ? "knob '" : "alternatives '") + name + "': " + what.str();
      return WalkResult::interrupt();
    };
    auto expression = op->getAttrOfType<StringAttr>(kHostDefaultAttrName);
    if (op->hasAttr(kHostDefaultAttrName) && !expression)
      return fail(llvm::Twine(kHostDefaultAttrName) + " must be a string");

    // The integer options (region indices for alternatives).
    std::vector<int64_t> options;
    if (knob) {
      auto array = dyn_cast<ArrayAttr>(knob.getOptions());
      for (Attribute option : array ? array : ArrayAttr())
        if (auto integer = dyn_cast<IntegerAttr>(option))
          options.push_back(integer.getInt());
      if (!array || options.size() != array.size())
        options.clear();
    } else {
      for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
        options.push_back(i);
    }

    std::optional<int64_t> value;
    if (auto it = givenValues.find(name); it != givenValues.end()) {
      int64_t number;
      if (!llvm::StringRef(it->second).getAsInteger(10, number))
        value = number;
    } else if (!expression && knob && knob.getSelectedAttr()) {
      if (auto selected = dyn_cast<IntegerAttr>(knob.getSelectedAttr()))
        value = selected.getInt();
    } else if (!expression && alternatives &&
               alternatives.getSelectedRegionAttr()) {
      value = alternatives.getSelectedRegionAttr()->getSExtValue();
    } else if (expression) {
      // The host's value replaces one written in the schedule, which is
      // there for tools that do not know the host (mlir-opt, loom-opt).
      if (options.empty())
        return fail(llvm::Twine(kHostDefaultAttrName) +
                    " needs integer options");
      auto parsed = Constraint::parse(expression.getValue(), names,
                                      describeLocation(op->getLoc()),
                                      ExpressionKind::HostDefault);
      if (!parsed)
        return fail(llvm::toString(parsed.takeError()));
      std::optional<int64_t> computed = parsed->evaluateInteger(values);
      if (!computed)
        return fail("'" + expression.getValue() +
                    "' has no integer value on this host (a division by "
                    "zero?)");
      // The largest option at most the value; the smallest when all are
      // larger.
      std::optional<int64_t> chosen;
      for (int64_t option : options)
        if (option <= *computed && (!chosen || option > *chosen))
          chosen = option;
      if (!chosen)
        chosen = *llvm::min_element(options);
      if (knob)
        knob.setSelectedAttr(IntegerAttr::get(
            cast<IntegerAttr>(cast<ArrayAttr>(knob.getOptions())[0]).getType(),
            *chosen));
      else
        alternatives.setSelectedRegionAttrAttr(
            IntegerAttr::get(IntegerType::get(op->getContext(), 64), *chosen));
      value = *chosen;
      defaults.push_back({name, expression.getValue().str(),
                          std::to_string(*value), *computed});
    }
    // Later expressions may use this knob's value.
    if (value && !llvm::is_contained(names, name)) {
      names.push_back(name);
      values.push_back(*value);
    }
    return WalkResult::advance();
  });
  if (!error.empty())
    return makeError(ExitCode::InvalidInput, error);
  return defaults;
}

} // namespace mlir::loom
