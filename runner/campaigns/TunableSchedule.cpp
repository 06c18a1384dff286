//===- TunableSchedule.cpp - The schedule a sweep tunes -------------------===//

#include "runner/campaigns/TunableSchedule.h"
#include "runner/campaigns/TuneDatabase.h"
#include "runner/kernel/Driver.h"
#include "runner/kernel/HostDefaults.h"
#include "runner/kernel/KnobConstraints.h"
#include "runner/kernel/Knobs.h"
#include "runner/results/Files.h"
#include "runner/results/Report.h"
#include "runner/results/Status.h"

#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
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

/// Applies `schedule` (its knobs at their defaults) to a copy of the
/// payload and holds the knobs whose ops did not run: they belong to paths
/// this payload does not take (the matmul schedule's knobs in the
/// convolution schedule, for a 3x3 convolution), and sweeping them would
/// only compile the same kernel again. Leaves `tunables` as they are when
/// the schedule cannot be applied (the candidates will say why).
static void holdUnreadKnobs(Driver &driver, const RunOptions &options,
                            ModuleOp payload, ModuleOp schedule,
                            std::vector<Tunable> &tunables) {
  OwningOpRef<ModuleOp> copy = schedule.clone();
  if (llvm::Error error = applyScheduleConstraints(*copy)) {
    llvm::consumeError(std::move(error));
    return;
  }
  ScheduleInfo info;
  llvm::StringSet<> read;
  if (llvm::Error error =
          driver.applySchedule(payload, *copy, options.entryPoint,
                               options.bindTrailingArgs, info, &read)) {
    llvm::consumeError(std::move(error));
    return;
  }
  for (Tunable &tunable : tunables)
    if (!read.contains(tunable.name) && !tunable.held)
      tunable.held = tunable.unread = true;
}

llvm::Expected<TuneSpace> loadTuneSpace(const RunOptions &options,
                                        llvm::raw_ostream &diagnostics,
                                        TuneDigests *digests) {
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
  auto payload = driver.load(options.payloadPath, "payload", options.chunk);
  if (!payload)
    return payload.takeError();
  if (digests) {
    digests->schedule = getIRDigest(*schedule);
    digests->payload = getIRDigest(*payload->module);
    digests->payloadSignature = getPayloadSignature(*payload->module);
  }
  // The defaults of knobs derived from the host are this machine's (the
  // candidates give every knob; the defaults name the schedule's point).
  auto parameters =
      getHostParameters(getHostInfo(), options.threads, options.hostParams);
  if (!parameters)
    return parameters.takeError();
  if (auto defaults = applyHostDefaults(*schedule, *parameters, {}); !defaults)
    return defaults.takeError();
  std::vector<Tunable> tunables = listTunables(*schedule);
  // (After the digests: the dry run schedules the payload.)
  holdUnreadKnobs(driver, options, *payload->module, *schedule, tunables);
  std::vector<std::string> names;
  for (const Tunable &tunable : tunables)
    names.push_back(tunable.name);
  auto written = getScheduleConstraints(*schedule);
  if (!written)
    return written.takeError();
  std::vector<Constraint> constraints;
  for (const ScheduleConstraint &constraint : *written) {
    auto parsed =
        Constraint::parse(constraint.text, names, constraint.location);
    if (!parsed)
      return parsed.takeError();
    constraints.push_back(std::move(*parsed));
  }
  return TuneSpace::create(std::move(tunables), std::move(constraints));
}

void printTuneSpace(const TuneSpace &space,
                    llvm::ArrayRef<Constraint> constraints,
                    llvm::raw_ostream &os) {
  if (space.getDimensions().empty()) {
    os << "the schedule has no tune.knob or tune.alternatives: the space is "
          "the schedule alone (1 point)\n";
    return;
  }
  Table table({"knob", "kind", ">options", "values", "default", "at"});
  for (const Tunable &dimension : space.getDimensions())
    table.addRow(
        {dimension.name, dimension.isAlternatives ? "alternatives" : "knob",
         std::to_string(dimension.options.size()),
         (dimension.isAlternatives ? "regions " : "") + std::string("[") +
             llvm::join(dimension.options, ", ") + "]",
         dimension.selected.value_or("-") + (dimension.unread ? " (not read)"
                                             : dimension.held ? " (held)"
                                                              : ""),
         dimension.location});
  table.print(os);
  uint64_t size = space.size();
  os << TuneSpace::formatCount(size) << " points\n";
  if (std::vector<std::string> held = space.getHeldNames(); !held.empty())
    os << TuneSpace::countPoints(
              space.getAdmittedOptions({}, /*withScheduleConstraints=*/false))
       << " with the knobs held at their defaults (loom.sweep = false, or "
          "not read by the schedule on this payload; --sweep KNOB sweeps "
          "one): "
       << llvm::join(held, ", ") << "\n";
  // Each constraint alone, then all of them (the schedule's and
  // --constraint).
  std::vector<const Constraint *> all;
  for (const Constraint &constraint : space.getConstraints())
    all.push_back(&constraint);
  for (const Constraint &constraint : constraints)
    all.push_back(&constraint);
  if (all.empty())
    return;
  for (const Constraint *constraint : all) {
    std::optional<uint64_t> valid =
        space.countValid(llvm::ArrayRef<Constraint>(constraint, 1));
    os << "  " << constraint->describe() << ": removes "
       << (valid && size != UINT64_MAX ? std::to_string(size - *valid)
                                       : std::string("(too many)"))
       << "\n";
  }
  // (Walking only the options the constraints on single knobs leave, as
  // loom tune does.)
  std::optional<uint64_t> satisfying =
      space.countValid(constraints, 10'000'000,
                       /*withScheduleConstraints=*/true);
  if (satisfying)
    os << *satisfying << " of them satisfy every constraint\n";
  else
    os << "(too many points to count those that satisfy every constraint)\n";
  if (satisfying == 0u)
    os << "no point satisfies every constraint: loom tune would have "
          "nothing to run\n";
}

bool setTunableInText(std::string &text, size_t offset, llvm::StringRef value) {
  llvm::StringRef rest =
      llvm::StringRef(text).drop_front(std::min(offset, text.size()));
  bool isKnob = rest.starts_with("transform.tune.knob");
  if (!isKnob && !rest.starts_with("transform.tune.alternatives"))
    return false;
  // Past `<"name">` (the name is a string literal and may hold '>').
  size_t position = offset + (isKnob ? 19 : 27);
  auto skipSpace = [&] {
    while (position < text.size() && llvm::isSpace(text[position]))
      ++position;
  };
  skipSpace();
  if (position >= text.size() || text[position] != '<')
    return false;
  ++position;
  skipSpace();
  if (position >= text.size() || text[position] != '"')
    return false;
  for (++position; position < text.size() && text[position] != '"'; ++position)
    if (text[position] == '\\')
      ++position;
  ++position;
  skipSpace();
  if (position >= text.size() || text[position] != '>')
    return false;
  size_t afterName = ++position;
  skipSpace();
  llvm::StringRef after = llvm::StringRef(text).drop_front(position);
  if (isKnob) {
    // `= VALUE from` or nothing before `options`.
    size_t end = afterName;
    if (after.starts_with("=")) {
      size_t from = after.find(" from");
      if (from == llvm::StringRef::npos)
        return false;
      end = position + from + 5;
    }
    text.replace(afterName, end - afterName, " = " + value.str() + " from");
    return true;
  }
  size_t end = afterName;
  if (after.starts_with("selected_region")) {
    size_t equals = after.find('=');
    if (equals == llvm::StringRef::npos)
      return false;
    end = position + equals + 1;
    while (end < text.size() && llvm::isSpace(text[end]))
      ++end;
    while (end < text.size() &&
           (llvm::isAlnum(text[end]) || text[end] == '%' || text[end] == '_'))
      ++end;
  }
  text.replace(afterName, end - afterName, " selected_region = " + value.str());
  return true;
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

  // The user's text with each tunable op's value written in, from the last
  // op to the first so that earlier offsets stay valid.
  llvm::StringRef source =
      options.schedulePath.empty() ? options.payloadPath : options.schedulePath;
  auto original = readTextFile(source, "the schedule");
  if (original) {
    std::string text = std::move(*original);
    std::vector<size_t> lineStarts = {0};
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n')
        lineStarts.push_back(i + 1);
    std::vector<std::pair<size_t, std::string>> edits;
    bool editable = true;
    schedule->walk([&](Operation *op) {
      std::string value;
      llvm::raw_string_ostream valueStream(value);
      if (auto knob = dyn_cast<transform::tune::KnobOp>(op)) {
        // 64 rather than 64 : i64 (the parser's default type).
        Attribute selected = knob.getSelectedAttr();
        auto integer = dyn_cast<IntegerAttr>(selected);
        selected.print(valueStream, /*elideType=*/integer &&
                                        integer.getType().isInteger(64));
      } else if (auto alternatives =
                     dyn_cast<transform::tune::AlternativesOp>(op))
        valueStream << alternatives.getSelectedRegionAttr()->getZExtValue();
      else
        return;
      auto location = dyn_cast<FileLineColLoc>(op->getLoc());
      if (!location || location.getLine() == 0 ||
          location.getLine() > lineStarts.size()) {
        editable = false;
        return;
      }
      edits.push_back(
          {lineStarts[location.getLine() - 1] + location.getColumn() - 1,
           value});
    });
    llvm::sort(edits, [](auto &a, auto &b) { return a.first > b.first; });
    for (auto &[offset, value] : edits)
      editable = editable && setTunableInText(text, offset, value);
    if (editable)
      return writeTextFile(text, path, "the best schedule");
  } else {
    llvm::consumeError(original.takeError());
  }
  std::string text;
  llvm::raw_string_ostream out(text);
  schedule->print(out);
  out << "\n";
  return writeTextFile(text, path, "the best schedule");
}

} // namespace mlir::loom
