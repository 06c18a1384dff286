//===- TunableSchedule.cpp - The schedule a sweep tunes -------------------===//

#include "runner/campaigns/TunableSchedule.h"
#include "runner/kernel/Driver.h"
#include "runner/results/Files.h"
#include "runner/results/Report.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::loom {

/// The schedule that `options` names: --schedule, else the one embedded in
/// the payload (without its libraries).
llvm::Expected<OwningOpRef<ModuleOp>>
loadTunableSchedule(Driver &driver, const RunOptions &options) {
  if (!options.schedulePath.empty()) {
    auto file = driver.load(options.schedulePath, "schedule");
    if (!file)
      return file.takeError();
    return std::move(file->module);
  }
  auto payload = driver.load(options.payloadPath, "payload", options.chunk);
  if (!payload)
    return payload.takeError();
  OwningOpRef<ModuleOp> schedule =
      driver.extractEmbeddedSchedule(*payload->module);
  if (!schedule)
    return makeError(ExitCode::InvalidInput,
                     "no schedule to tune: pass --schedule or embed one in "
                     "the payload");
  return std::move(schedule);
}

llvm::Expected<TuneSpace> loadTuneSpace(const RunOptions &options,
                                        llvm::raw_ostream &diagnostics) {
  Driver driver(diagnostics);
  auto loaded = loadTunableSchedule(driver, options);
  if (!loaded)
    return loaded.takeError();
  OwningOpRef<ModuleOp> schedule = std::move(*loaded);
  for (const std::string &path : options.scheduleLibraries) {
    auto library = driver.load(path, "schedule library");
    if (!library)
      return library.takeError();
    if (llvm::Error error = driver.addLibrary(*schedule, std::move(*library)))
      return std::move(error);
  }
  if (llvm::Error error = driver.checkSchedule(*schedule, options.entryPoint))
    return std::move(error);
  return TuneSpace::create(listTunables(*schedule));
}

void printTuneSpace(const TuneSpace &space,
                    llvm::ArrayRef<Constraint> constraints,
                    llvm::raw_ostream &os) {
  Table table({"knob", "kind", ">options", "values", "at"});
  for (const Tunable &dimension : space.getDimensions())
    table.addRow(
        {dimension.name, dimension.isAlternatives ? "alternatives" : "knob",
         std::to_string(dimension.options.size()),
         (dimension.isAlternatives ? "regions " : "") + std::string("[") +
             llvm::join(dimension.options, ", ") + "]",
         dimension.location});
  if (space.getDimensions().empty()) {
    os << "the schedule has no tune.knob or tune.alternatives: the space is "
          "the schedule alone (1 point)\n";
    return;
  }
  table.print(os);
  uint64_t size = space.size();
  os << llvm::formatv("{0} points", size == UINT64_MAX
                                        ? std::string("more than 1.8e19")
                                        : std::to_string(size));
  if (!constraints.empty()) {
    std::optional<uint64_t> valid = space.countValid(constraints);
    std::vector<std::string> texts;
    for (const Constraint &constraint : constraints)
      texts.push_back(constraint.getText());
    os << ", "
       << (valid ? std::to_string(*valid) : std::string("(too many to count)"))
       << " satisfy " << llvm::join(texts, " and ");
  }
  os << "\n";
}

/// Writes the schedule with `settings` applied (the libraries stay separate,
/// so the same --schedule-lib options apply).
llvm::Error writeBestSchedule(const RunOptions &options,
                              llvm::ArrayRef<KnobSetting> settings,
                              llvm::StringRef path) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  Driver driver(os);
  auto loaded = loadTunableSchedule(driver, options);
  if (!loaded)
    return loaded.takeError();
  OwningOpRef<ModuleOp> schedule = std::move(*loaded);
  if (llvm::Error error = applyKnobs(*schedule, settings))
    return error;
  std::string text;
  llvm::raw_string_ostream out(text);
  schedule->print(out);
  out << "\n";
  return writeTextFile(text, path, "the best schedule");
}

} // namespace mlir::loom
