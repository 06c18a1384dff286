//===- Knobs.cpp - Resolve the tunables written in a schedule -------------===//

#include "runner/kernel/Knobs.h"
#include "runner/results/Files.h"
#include "runner/results/Status.h"
#include "runner/results/TunedRecords.h"

#include "transforms/SourceLocation.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

namespace mlir::loom {

namespace tune = transform::tune;

static std::string toText(Attribute attribute) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attribute.print(os);
  return text;
}

/// Integers print with their type (`32 : i64`); users write `32`.
static std::string toOptionText(Attribute attribute) {
  if (auto integer = dyn_cast<IntegerAttr>(attribute))
    if (!integer.getType().isInteger(1))
      return std::to_string(integer.getInt());
  return toText(attribute);
}

/// Whether `op` is a named op whose `indexing_maps` are not its default.
static bool hasUserDefinedMaps(linalg::LinalgOp op) {
  if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation()))
    return matmul.hasUserDefinedMaps();
  if (auto batch = dyn_cast<linalg::BatchMatmulOp>(op.getOperation()))
    return batch.hasUserDefinedMaps();
  if (auto reduce = dyn_cast<linalg::BatchReduceMatmulOp>(op.getOperation()))
    return reduce.hasUserDefinedMaps();
  return false;
}

std::string getPayloadSignature(Operation *payload) {
  std::string signature;
  llvm::raw_string_ostream os(signature);
  payload->walk([&](Operation *op) {
    // Structured ops, and linalg's other ops with destinations (softmax,
    // pack, unpack), which carry their semantics in attributes (a softmax's
    // dimension): without them, records of softmaxes of any shape had one
    // key, and the record tuned last applied to all of them.
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    bool otherLinalg = !linalgOp && isa<DestinationStyleOpInterface>(op) &&
                       isa<linalg::LinalgDialect>(op->getDialect());
    if (!linalgOp && !otherLinalg)
      return;
    if (!signature.empty())
      os << "; ";
    os << op->getName() << "(";
    llvm::interleaveComma(op->getOperandTypes(), os);
    os << ") -> (";
    llvm::interleaveComma(op->getResultTypes(), os);
    os << ")";
    // A generic's maps, and a named op's where they are not its default
    // (a matmul with B transposed has the types of the plain one, and a
    // record tuned for one must not apply to the other).
    if (otherLinalg) {
      if (!op->getAttrDictionary().empty())
        os << " " << op->getAttrDictionary();
      return;
    }
    if (isa<linalg::GenericOp, linalg::ContractOp>(op) ||
        hasUserDefinedMaps(linalgOp))
      os << " " << linalgOp.getIndexingMaps();
  });
  return signature;
}

std::string getIRDigest(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // Locations are left out unless asked for; the generic form names every
  // op and attribute the same way whatever the dialects' custom syntax.
  op->print(os, OpPrintingFlags().printGenericOpForm());
  return sha256Hex(text);
}

llvm::Expected<std::vector<KnobSetting>>
resolveTunedRecord(const RunOptions &options, const HostInfo &host,
                   Operation *payload, llvm::StringRef scheduleDigest,
                   llvm::StringRef legacyScheduleSha256, RecordsUse &use) {
  std::vector<KnobSetting> settings = options.knobs;
  use.key = getTunedRecordKey(options, host, getPayloadSignature(payload),
                              scheduleDigest);
  if (!options.useRecords) {
    use.note = "--no-records";
    return settings;
  }
  use.file = options.recordsPath.empty() ? getDefaultTunedRecordsPath()
                                         : options.recordsPath;
  // Loom's own records file may be absent (an installed tool, a trimmed
  // tree); one the user names must be there.
  if (options.recordsPath.empty() && !llvm::sys::fs::exists(use.file)) {
    use.note = "no records file at " + use.file;
    use.file.clear();
    return settings;
  }
  auto records = loadTunedRecords(use.file);
  if (!records)
    return records.takeError();
  const TunedRecord *record = findTunedRecord(*records, use.key);
  TunedRecordKey legacyKey = use.key;
  legacyKey.scheduleSha256 = legacyScheduleSha256.str();
  if (!record && !legacyScheduleSha256.empty())
    record = findTunedRecord(*records, legacyKey);
  auto isThisSchedule = [&](const TunedRecord &other) {
    return other.key.payload == use.key.payload &&
           (other.key.scheduleSha256 == use.key.scheduleSha256 ||
            other.key.scheduleSha256 == legacyKey.scheduleSha256);
  };
  if (!record) {
    std::vector<std::string> elsewhere;
    for (const TunedRecord &other : *records)
      if (isThisSchedule(other))
        elsewhere.push_back(llvm::formatv("{0}, {1} thread(s)", other.key.host,
                                          other.key.threads));
    use.note = elsewhere.empty()
                   ? "no record for this payload and schedule in " + use.file
                   : "no record for this CPU (" + use.key.host + ") and " +
                         std::to_string(use.key.threads) +
                         " thread(s); there are records for: " +
                         llvm::join(elsewhere, "; ");
    return settings;
  }
  use.tunedAt = record->tunedAt;
  use.matched = true;
  use.cpuModel = record->cpuModel;
  for (const KnobSetting &knob : record->knobs) {
    if (llvm::any_of(options.knobs, [&](const KnobSetting &given) {
          return given.name == knob.name;
        }))
      continue;
    settings.push_back(knob);
    use.applied.push_back(knob);
  }
  return settings;
}

std::vector<Tunable> listTunables(ModuleOp schedule) {
  std::vector<Tunable> tunables;
  std::map<std::string, size_t> seen;
  schedule->walk<WalkOrder::PreOrder>([&](Operation *op) {
    Tunable tunable;
    if (auto knob = dyn_cast<tune::KnobOp>(op)) {
      tunable.name = knob.getName().str();
      if (auto options = dyn_cast<ArrayAttr>(knob.getOptions()))
        for (Attribute option : options)
          tunable.options.push_back(toOptionText(option));
      if (Attribute selected = knob.getSelectedAttr())
        tunable.selected = toOptionText(selected);
    } else if (auto alternatives = dyn_cast<tune::AlternativesOp>(op)) {
      tunable.name = alternatives.getName().str();
      tunable.isAlternatives = true;
      for (unsigned i = 0, e = alternatives->getNumRegions(); i < e; ++i)
        tunable.options.push_back(std::to_string(i));
      if (auto selected = alternatives.getSelectedRegionAttr())
        tunable.selected = std::to_string(selected->getZExtValue());
    } else {
      return;
    }
    if (seen.count(tunable.name))
      return;
    if (auto sweep = op->getAttrOfType<BoolAttr>("loom.sweep"))
      tunable.held = !sweep.getValue();
    tunable.location = describeLocation(op->getLoc());
    seen[tunable.name] = tunables.size();
    tunables.push_back(std::move(tunable));
  });
  return tunables;
}

/// The option of `knob` that `value` names, or null.
static Attribute findOption(tune::KnobOp knob, llvm::StringRef value) {
  MLIRContext *context = knob.getContext();
  auto options = dyn_cast<ArrayAttr>(knob.getOptions());
  if (!options) // Any attribute goes; the knob checks nothing.
    return parseAttribute(value, context);
  for (Attribute option : options) {
    if (toOptionText(option) == value || toText(option) == value)
      return option;
    if (auto string = dyn_cast<StringAttr>(option))
      if (string.getValue() == value)
        return option;
  }
  return nullptr;
}

static std::string describe(const Tunable &tunable) {
  std::string text = "'" + tunable.name + "' (" + tunable.location + ", " +
                     (tunable.isAlternatives ? "regions " : "options ") + "[" +
                     llvm::join(tunable.options, ", ") + "])";
  return text;
}

llvm::Error applyKnobs(ModuleOp schedule, ArrayRef<KnobSetting> settings) {
  std::vector<Tunable> tunables = listTunables(schedule);
  auto find = [&](llvm::StringRef name) -> const Tunable * {
    for (const Tunable &tunable : tunables)
      if (tunable.name == name)
        return &tunable;
    return nullptr;
  };
  auto listAll = [&] {
    if (tunables.empty())
      return std::string("the schedule has no transform.tune.knob or "
                         "transform.tune.alternatives");
    std::vector<std::string> all;
    for (const Tunable &tunable : tunables)
      all.push_back(describe(tunable));
    return "the schedule's tunables: " + llvm::join(all, ", ");
  };

  std::map<std::string, std::string> values;
  for (const KnobSetting &setting : settings) {
    const Tunable *tunable = find(setting.name);
    if (!tunable)
      return makeError(ExitCode::InvalidInput,
                       "unknown knob '" + setting.name + "'; " + listAll());
    values[setting.name] = setting.value;
  }

  std::string error;
  schedule->walk([&](Operation *op) {
    if (!error.empty())
      return;
    if (auto knob = dyn_cast<tune::KnobOp>(op)) {
      auto it = values.find(knob.getName().str());
      if (it == values.end())
        return;
      Attribute option = findOption(knob, it->second);
      if (!option) {
        error = "knob " + describe(*find(it->first)) + " has no option '" +
                it->second + "'";
        return;
      }
      knob.setSelectedAttr(option);
    } else if (auto alternatives = dyn_cast<tune::AlternativesOp>(op)) {
      auto it = values.find(alternatives.getName().str());
      if (it == values.end())
        return;
      unsigned index;
      if (llvm::StringRef(it->second).getAsInteger(10, index) ||
          index >= alternatives->getNumRegions()) {
        error = "alternatives " + describe(*find(it->first)) +
                " has no region '" + it->second + "'";
        return;
      }
      alternatives.setSelectedRegionAttrAttr(
          IntegerAttr::get(IntegerType::get(op->getContext(), 64), index));
    }
  });
  if (!error.empty())
    return makeError(ExitCode::InvalidInput, error);

  std::vector<std::string> unresolved;
  for (const Tunable &tunable : listTunables(schedule))
    if (!tunable.selected)
      unresolved.push_back(describe(tunable));
  if (!unresolved.empty())
    return makeError(ExitCode::InvalidInput,
                     "the schedule has tunables without a value: " +
                         llvm::join(unresolved, ", ") +
                         "; give each one with --knob NAME=VALUE (or "
                         "\"knobs\" in a suite)");
  return llvm::Error::success();
}

} // namespace mlir::loom
