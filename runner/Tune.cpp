//===- Tune.cpp - `loom tune` ---------------------------------------------===//

#include "runner/Tune.h"
#include "runner/Driver.h"
#include "runner/Report.h"
#include "runner/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::loom {

llvm::Expected<TuneSpace> loadTuneSpace(const RunOptions &options,
                                        llvm::raw_ostream &diagnostics) {
  Driver driver(diagnostics);
  OwningOpRef<ModuleOp> schedule;
  if (!options.schedulePath.empty()) {
    auto file = driver.load(options.schedulePath, "schedule");
    if (!file)
      return file.takeError();
    schedule = std::move(file->module);
  } else {
    auto payload = driver.load(options.payloadPath, "payload");
    if (!payload)
      return payload.takeError();
    schedule = driver.extractEmbeddedSchedule(*payload->module);
    if (!schedule)
      return makeError(ExitCode::InvalidInput,
                       "no schedule to tune: pass --schedule or embed one in "
                       "the payload");
  }
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
    table.addRow({dimension.name,
                  dimension.isAlternatives ? "alternatives" : "knob",
                  std::to_string(dimension.options.size()),
                  (dimension.isAlternatives ? "regions " : "") +
                      std::string("[") + llvm::join(dimension.options, ", ") +
                      "]",
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
       << (valid ? std::to_string(*valid)
                 : std::string("(too many to count)"))
       << " satisfy " << llvm::join(texts, " and ");
  }
  os << "\n";
}

} // namespace mlir::loom
