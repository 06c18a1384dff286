//===- Report.cpp - The human-readable summary of a run -------------------===//

#include "runner/results/Report.h"
#include "runner/results/BenchResults.h"
#include "runner/results/PeakCache.h"
#include "runner/results/Statistics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>

namespace mlir::loom {

/// The pages of the run's large buffers, for the host row: ", 4 KiB pages
/// (...)" where they were not huge pages, "" otherwise.
static std::string describePages(const Record &record) {
  std::string pages = describeBufferPages(record);
  return pages == "huge pages" ? "" : ", " + pages;
}

std::string formatDuration(double seconds) {
  double magnitude = std::fabs(seconds);
  if (magnitude >= 1.0)
    return llvm::formatv("{0:f3} s", seconds).str();
  if (magnitude >= 1e-3)
    return llvm::formatv("{0:f3} ms", seconds * 1e3).str();
  if (magnitude >= 1e-6)
    return llvm::formatv("{0:f3} us", seconds * 1e6).str();
  return llvm::formatv("{0:f1} ns", seconds * 1e9).str();
}

std::string formatSeconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g s", seconds);
  return text;
}

/// 2.147 G, 12.6 M, 512 (SI prefixes).
static std::string formatQuantity(double value) {
  const char *prefixes[] = {"", "k", "M", "G", "T", "P"};
  int index = 0;
  while (std::fabs(value) >= 1000.0 && index < 5) {
    value /= 1000.0;
    ++index;
  }
  return llvm::formatv(index ? "{0:f3} {1}" : "{0:f0} {1}", value,
                       prefixes[index])
      .str();
}

std::string formatBytes(double bytes) { return formatQuantity(bytes) + "B"; }

static std::string formatIndex(const std::vector<int64_t> &index) {
  return "[" +
         llvm::join(llvm::map_range(
                        index, [](int64_t i) { return std::to_string(i); }),
                    ", ") +
         "]";
}

/// Every significant digit of a float (integers print as integers).
static std::string formatValue(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  return text;
}

static void printRow(llvm::raw_ostream &os, llvm::StringRef label,
                     const llvm::Twine &text) {
  os << "  " << llvm::left_justify(label, 11) << " " << text << "\n";
}

static void printCheck(const Record &record, llvm::raw_ostream &os) {
  const CheckRecord &check = record.check;
  if (check.status == "skipped") {
    printRow(os, "check", "skipped (" + check.reason + ")");
    return;
  }
  bool first = true;
  for (const OutputComparison &output : check.outputs) {
    std::string text;
    if (!output.problem.empty()) {
      text = output.name + ": FAILED: " + output.problem;
    } else if (output.mismatches == 0 && output.tolerance.rtol == 0 &&
               output.tolerance.atol == 0) {
      text = output.name + ": passed, exact";
    } else if (output.mismatches == 0) {
      text = llvm::formatv("{0}: passed, max abs err {1:e2}, max rel err "
                           "{2:e2} (rtol {3:e1}, atol {4:e1}, reduction {5})",
                           output.name, output.maxAbsError, output.maxRelError,
                           output.tolerance.rtol, output.tolerance.atol,
                           output.reduction)
                 .str();
    } else {
      text = llvm::formatv("{0}: FAILED: {1} of {2} elements differ; first "
                           "at {3}: got {4}, expected {5}; max abs err {6:e2} "
                           "(rtol {7:e1}, atol {8:e1})",
                           output.name, output.mismatches, output.elements,
                           formatIndex(*output.firstMismatch),
                           formatValue(output.got),
                           formatValue(output.expected), output.maxAbsError,
                           output.tolerance.rtol, output.tolerance.atol)
                 .str();
    }
    printRow(os, first ? "check" : "", text);
    first = false;
  }
}

/// What to know about the cached peak a run used: empty when it is recent
/// and was quiet.
static std::string describePeakProvenance(const RunOptions &options) {
  if (options.peakMeasuredAt.empty())
    return "";
  std::vector<std::string> notes;
  std::optional<double> age = getAgeInDays(options.peakMeasuredAt);
  if (age && *age > kOldPeakDays)
    notes.push_back(llvm::formatv("measured {0:f0} days ago", *age).str());
  if (options.peakSpread && *options.peakSpread > kNoisySpread)
    notes.push_back(llvm::formatv("its repeats differed by {0:f0}%",
                                  100 * *options.peakSpread)
                        .str());
  if (options.peakDisturbed)
    notes.push_back("it looked disturbed when measured");
  if (notes.empty())
    return "";
  return "the `loom peak` cache: " + llvm::join(notes, "; ") +
         " (loom peak --refresh on a quiet machine)";
}

/// The roofline row in words: which ceiling bounds the kernel at its
/// intensity, and how close it gets.
static std::string describeRoofline(const Roofline &roofline,
                                    const Record &record) {
  std::string text = roofline.memoryBound ? "memory-bound" : "compute-bound";
  text += llvm::formatv(": {0:f2} FLOP/B", roofline.intensity).str();
  if (std::optional<double> ridge = roofline.getRidge())
    text += llvm::formatv(" ({0} the ridge at {1:f2} FLOP/B)",
                          roofline.memoryBound ? "below" : "above", *ridge)
                .str();
  if (roofline.memoryBound && roofline.cacheResident)
    text += llvm::formatv("; {0:f2} GB/s, but the working set ({1}) fits in "
                          "the caches ({2}): the {3:f1} GB/s DRAM bandwidth "
                          "does not bound it",
                          *record.getGigabytesPerSecond(),
                          formatByteSize(uint64_t(record.work->bytes)),
                          formatByteSize(record.host.getCacheResidentBytes()),
                          *roofline.memoryGbps)
                .str();
  else if (roofline.memoryBound)
    text += llvm::formatv("; {0:f2} GB/s is {1:f0}% of the {2:f1} GB/s "
                          "bandwidth",
                          *record.getGigabytesPerSecond(),
                          100 * roofline.fraction, *roofline.memoryGbps)
                .str();
  else
    text += llvm::formatv("; {0:f2} GFLOP/s is {1:f0}% of the {2:f1} GFLOP/s "
                          "peak",
                          *record.getGflops(), 100 * roofline.fraction,
                          *roofline.computeGflops)
                .str();
  if (roofline.getPercentOfBound() && roofline.fraction > 0 &&
      roofline.fraction < 1)
    text +=
        llvm::formatv(" ({0:f1}x from the bound)", 1 / roofline.fraction).str();
  if (record.options.peakSource != "options" &&
      !record.options.peakSource.empty())
    text += "; peaks from `loom peak`";
  if (!roofline.computeGflops)
    text +=
        "; give --peak-gflops-per-core to know whether compute bounds it first";
  else if (!roofline.memoryGbps)
    text += "; give --peak-gbps to know whether memory bounds it first";
  return text;
}

/// What the kernel printed, as mlir-runner would show it (the first 40
/// lines; the record has all of it).
static void printPrinted(llvm::StringRef printed, llvm::raw_ostream &os) {
  if (printed.empty())
    return;
  SmallVector<llvm::StringRef> lines;
  printed.rtrim("\n").split(lines, '\n');
  os << "printed by the scheduled kernel (" << lines.size() << " line"
     << (lines.size() == 1 ? "" : "s") << "):\n";
  constexpr size_t kShown = 40;
  for (llvm::StringRef line : llvm::ArrayRef(lines).take_front(kShown))
    os << "  " << line << "\n";
  if (lines.size() > kShown)
    os << "  ... " << lines.size() - kShown
       << " more line(s) in the record (--json: printed)\n";
}

void printReport(const Record &record, llvm::raw_ostream &os) {
  os << "loom run " << record.payload.path;
  if (record.options.chunk)
    os << " (test case " << *record.options.chunk << ")";
  if (!record.function.empty())
    os << " @" << record.function;
  if (record.schedule)
    os << "  (schedule: "
       << (record.schedule->embedded ? std::string("embedded")
                                     : record.schedule->file.path)
       << ", @" << record.schedule->entryPoint << ")";
  else
    os << "  (no schedule)";
  os << "\n";
  printRow(
      os, "host",
      llvm::formatv(
          "{0}, {1} thread{2}{3}{4}", record.host.cpu, record.options.threads,
          record.options.threads == 1 ? "" : "s",
          record.options.cpu
              ? " on CPU " + std::to_string(*record.options.cpu) + " (--cpu)"
              : std::string(),
          describePages(record)));
  std::vector<std::string> arguments;
  for (const ArgumentRecord &argument : record.arguments)
    arguments.push_back(argument.concreteType);
  std::string inputs =
      llvm::formatv("{0}, seed {1}: {2}", getInitKindName(record.options.init),
                    record.options.seed,
                    arguments.empty() ? std::string("no arguments")
                                      : llvm::join(arguments, ", "));
  if (!record.options.inputFiles.empty()) {
    std::vector<std::string> files;
    for (const InputFile &input : record.options.inputFiles)
      files.push_back(input.spec + "=" + input.path);
    inputs += " (from .npy: " + llvm::join(files, ", ") + ")";
  }
  printRow(os, "inputs", inputs);
  printCheck(record, os);
  if (record.schedule) {
    const std::vector<TransformStepRecord> &trace = record.schedule->trace;
    // Ops inside included sequences (a library's) often match nothing by
    // design: only the entry point's own are counted here.
    size_t topLevel = 0, empty = 0;
    for (const TransformStepRecord &step : trace)
      if (step.depth == 0) {
        ++topLevel;
        empty += step.matchedNothing();
      }
    if (empty)
      printRow(os, "schedule",
               llvm::formatv("{0} of {1} top-level transform op(s) had an "
                             "empty handle (--explain says which)",
                             empty, topLevel));
  }
  if (record.schedule && !record.schedule->hostDefaults.empty()) {
    std::vector<std::string> knobs;
    for (const HostDefaultRecord &knob : record.schedule->hostDefaults)
      knobs.push_back(llvm::formatv("{0}={1} ({2} = {3})", knob.knob,
                                    knob.value, knob.expression,
                                    knob.computed));
    printRow(os, "host knobs", llvm::join(knobs, ", "));
  }
  if (record.schedule && record.schedule->records) {
    const RecordsUse &use = *record.schedule->records;
    std::vector<std::string> knobs;
    for (const KnobSetting &knob : use.applied)
      knobs.push_back(knob.name + "=" + knob.value);
    if (use.matched)
      printRow(os, "record",
               llvm::formatv(
                   "{0} from {1} (tuned {2} on {3})",
                   knobs.empty() ? std::string("nothing (--knob "
                                               "gave every knob)")
                                 : llvm::join(knobs, " "),
                   use.file,
                   use.tunedAt.empty() ? "at an unknown date" : use.tunedAt,
                   use.cpuModel.empty() ? use.key.host : use.cpuModel));
    else
      printRow(os, "record", "none applied: " + use.note);
  }
  if (record.schedule && !record.schedule->fusion.empty()) {
    size_t fused = llvm::count_if(
        record.schedule->fusion,
        [](const FusionRecord &decision) { return decision.isFused(); });
    printRow(os, "fusion",
             llvm::formatv("{0} pair(s) fused, {1} not (schedule.fusion in "
                           "--json; explain on the op prints why)",
                           fused, record.schedule->fusion.size() - fused));
  }
  if (record.work) {
    std::string text = formatQuantity(record.work->flops) + "FLOP, " +
                       formatQuantity(record.work->bytes) +
                       "B in and out of the function";
    if (!record.work->complete)
      text += " (incomplete: " +
              (record.work->uncounted.empty()
                   ? std::string("dynamic sizes")
                   : llvm::join(record.work->uncounted, ", ")) +
              ")";
    printRow(os, "work", text);
  }
  if (record.timing) {
    const TimingStats &timing = *record.timing;
    printRow(os, "time/call",
             llvm::formatv("median {0}, min {1}, mean {2}, stddev {3} ({4} "
                           "samples x {5} call{6})",
                           formatDuration(timing.median),
                           formatDuration(timing.min),
                           formatDuration(timing.mean),
                           formatDuration(timing.stddev), timing.samples.size(),
                           timing.batch, timing.batch == 1 ? "" : "s"));
    std::vector<std::string> rates;
    if (auto gflops = record.getGflops())
      rates.push_back(llvm::formatv("{0:f2} GFLOP/s (best {1:f2})", *gflops,
                                    *record.getBestGflops()));
    if (auto gbps = record.getGigabytesPerSecond())
      rates.push_back(llvm::formatv("{0:f2} GB/s", *gbps));
    if (!rates.empty())
      printRow(os, "throughput", llvm::join(rates, ", "));
    if (std::optional<Roofline> roofline = record.getRoofline()) {
      printRow(os, "roofline", describeRoofline(*roofline, record));
      // Above 100%, the ceiling is what is wrong.
      if (roofline->isAboveBound())
        printRow(os, "warning",
                 llvm::formatv("{0:f0}% of the {1} bound: the ceiling is too "
                               "low ({2})",
                               *roofline->getPercentOfBound(),
                               roofline->getBoundName(),
                               record.options.peakSource == "options"
                                   ? "check --peak-gflops-per-core and "
                                     "--peak-gbps"
                                   : "a disturbed `loom peak`? run loom peak "
                                     "--refresh on a quiet machine")
                     .str());
      if (std::string note = describePeakProvenance(record.options);
          !note.empty())
        printRow(os, "ceilings", note);
    }
  }
  if (!record.timingNote.empty())
    printRow(os, "time/call", record.timingNote);
  const PhaseTimes &phases = record.phases;
  std::vector<std::string> steps;
  auto addStep = [&](const char *name, double seconds) {
    if (seconds > 0)
      steps.push_back(std::string(name) + " " + formatDuration(seconds));
  };
  addStep("parse", phases.parse);
  addStep("schedule", phases.schedule);
  addStep("lower", phases.lower);
  addStep("jit", phases.jit);
  addStep("reference", phases.reference);
  addStep("check", phases.check);
  addStep("timing", phases.timing);
  printRow(os, "phases", llvm::join(steps, ", "));
  printPrinted(record.printed, os);
}

Table::Table(std::vector<std::string> columns) {
  for (std::string &column : columns) {
    bool right = llvm::StringRef(column).starts_with(">");
    rightAligned.push_back(right);
    header.push_back(right ? column.substr(1) : column);
  }
}

void Table::addRow(std::vector<std::string> row) {
  row.resize(header.size());
  rows.push_back(std::move(row));
}

void Table::print(llvm::raw_ostream &os, bool markdown) const {
  if (markdown) {
    auto printLine = [&](const std::vector<std::string> &cells) {
      os << "|";
      for (const std::string &cell : cells) {
        std::string escaped;
        for (char c : cell)
          escaped += c == '|' ? std::string("\\|") : std::string(1, c);
        os << " " << escaped << " |";
      }
      os << "\n";
    };
    printLine(header);
    os << "|";
    for (bool right : rightAligned)
      os << (right ? " ---: |" : " :--- |");
    os << "\n";
    for (const std::vector<std::string> &row : rows)
      printLine(row);
    return;
  }
  std::vector<size_t> widths(header.size());
  for (size_t i = 0; i < header.size(); ++i) {
    widths[i] = header[i].size();
    for (const std::vector<std::string> &row : rows)
      widths[i] = std::max(widths[i], row[i].size());
  }
  auto printLine = [&](const std::vector<std::string> &cells) {
    std::string line;
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i)
        line += "  ";
      std::string pad(widths[i] - cells[i].size(), ' ');
      line += rightAligned[i] ? pad + cells[i] : cells[i] + pad;
    }
    os << llvm::StringRef(line).rtrim() << "\n";
  };
  printLine(header);
  for (const std::vector<std::string> &row : rows)
    printLine(row);
}

void printCoreChecks(const BenchContext &context, llvm::raw_ostream &os) {
  if (context.coreChecks.empty())
    return;
  std::vector<std::string> parts;
  for (const CoreCheck &check : context.coreChecks) {
    std::string part = llvm::formatv("{0}: one core {1:f1} GFLOP/s", check.when,
                                     check.gflopsOneCore);
    if (check.cpu)
      part += llvm::formatv(" (CPU {0})", *check.cpu);
    if (check.cores > 1)
      part += llvm::formatv(", {0} cores {1:f1} ({2:f2}x)", check.cores,
                            check.gflopsAllCores, check.getScaling());
    parts.push_back(part);
  }
  os << "cores (FMA probe) " << llvm::join(parts, "; ") << "\n";
  for (const CoreCheck *check : context.getSharedCoreChecks())
    os << llvm::formatv(
        "warning: at the {0} of the timing {1} cores gave {2:f2}x one core "
        "(free cores give {1}x): another process or virtual machine shares "
        "them, or the process may use fewer CPUs than that (taskset, a "
        "smaller machine), and the figures of more than one thread in this "
        "run are not those of a quiet machine\n",
        check->when, check->cores, check->getScaling());
}

void printRecordsSummary(const BenchResults &results, llvm::raw_ostream &os) {
  size_t withKnobs = 0;
  std::vector<std::string> files;
  // Outcomes in order of first appearance, with their counts.
  std::vector<std::pair<std::string, size_t>> outcomes;
  for (const BenchmarkResult &benchmark : results.benchmarks) {
    const Record &record = benchmark.record;
    if (!record.schedule || !record.schedule->records)
      continue;
    const RecordsUse &use = *record.schedule->records;
    ++withKnobs;
    if (!use.file.empty() && !llvm::is_contained(files, use.file))
      files.push_back(use.file);
    std::string outcome = use.getOutcome();
    auto it = llvm::find_if(outcomes, [&](const auto &counted) {
      return counted.first == outcome;
    });
    if (it == outcomes.end())
      outcomes.push_back({outcome, 1});
    else
      ++it->second;
  }
  if (!withKnobs)
    return;
  std::vector<std::string> parts;
  for (const auto &[outcome, count] : outcomes)
    parts.push_back(llvm::formatv("{0} {1}", count, outcome));
  os << "tuned records"
     << (files.empty() ? std::string() : " (" + llvm::join(files, ", ") + ")")
     << ": of " << withKnobs << " benchmark" << (withKnobs == 1 ? "" : "s")
     << " with knobs, " << llvm::join(parts, ", ")
     << " (without a record a knob takes its host default or the value "
        "written in the schedule)\n";
}

void printBenchReport(const BenchResults &results, llvm::raw_ostream &os) {
  const BenchContext &context = results.context;
  os << "loom bench " << context.suitePath << ": " << results.benchmarks.size()
     << " benchmark" << (results.benchmarks.size() == 1 ? "" : "s") << " x "
     << context.repetitions << " repetition"
     << (context.repetitions == 1 ? "" : "s") << " on " << context.host.cpu
     << (context.revision ? " at " + context.revision->substr(0, 12) +
                                (context.dirty ? " (dirty)" : "")
                          : std::string())
     << "\n";
  // "% bound": of the roofline's bound at the kernel's intensity (compute
  // or memory, named in "bound"); a memory-bound working set that stays in
  // the caches has no DRAM bound ("cache", no percentage).
  Table table({"benchmark", "status", ">median", ">cv", ">GFLOP/s", ">GB/s",
               ">% bound", "bound", ">reps"});
  bool aboveBound = false;
  for (const BenchmarkResult &benchmark : results.benchmarks) {
    auto format = [](std::optional<double> value, const char *style) {
      return value ? llvm::formatv(style, *value).str() : std::string("-");
    };
    std::vector<double> medians = benchmark.getRepetitionMedians();
    std::optional<double> spread;
    if (medians.size() > 1 && median(medians) > 0)
      spread = 100.0 * standardDeviation(medians) / mean(medians);
    std::optional<double> time = benchmark.getMedianTime();
    std::optional<Roofline> roofline = benchmark.getRoofline();
    std::optional<double> percent =
        roofline ? roofline->getPercentOfBound() : std::nullopt;
    // Marked, and said below.
    bool over = roofline && roofline->isAboveBound();
    aboveBound |= over;
    table.addRow({benchmark.name, benchmark.record.status,
                  time ? formatDuration(*time) : "-",
                  spread ? llvm::formatv("{0:f1}%", *spread).str() : "-",
                  format(benchmark.getGflops(), "{0:f2}"),
                  format(benchmark.getGigabytesPerSecond(), "{0:f2}"),
                  format(percent, over ? "{0:f1}*" : "{0:f1}"),
                  roofline ? roofline->getBoundName().str() : std::string("-"),
                  std::to_string(benchmark.repetitions.size())});
  }
  table.print(os);
  if (aboveBound)
    os << kAboveBoundNote << "\n";
  printCoreChecks(context, os);
  printRecordsSummary(results, os);
  for (const BenchmarkResult &benchmark : results.benchmarks)
    if (!benchmark.ok())
      os << "  " << benchmark.name << ": " << benchmark.record.status << ": "
         << benchmark.record.error << "\n";
}

static std::string joinCounts(const std::vector<int64_t> &counts) {
  std::vector<std::string> parts;
  for (int64_t count : counts)
    parts.push_back(std::to_string(count));
  return parts.empty() ? "-" : llvm::join(parts, ", ");
}

void printScheduleExplanation(const Record &record, llvm::raw_ostream &os) {
  if (!record.schedule)
    return;
  const ScheduleInfo &schedule = *record.schedule;
  os << "what the schedule did ("
     << (schedule.embedded ? std::string("embedded") : schedule.file.path)
     << ", @" << schedule.entryPoint << "):\n";
  Table table({"  at", "op", "status", ">handles in", ">out", "note"});
  for (const TransformStepRecord &step : schedule.trace) {
    std::string note;
    if (step.matchedNothing())
      note = "matched nothing: an operand handle is empty";
    else if (step.status == "suppressed")
      note = std::to_string(step.suppressedFailures) +
             " failure(s) inside were suppressed";
    else if (step.status == "failed")
      note = "the schedule stopped here (see the error)";
    bool ran = step.status != "not reached";
    // The ops of an included sequence, indented below their include.
    std::string indent(2 * step.depth, ' ');
    table.addRow(
        {"  " + step.loc, indent + step.op, step.status,
         ran ? joinCounts(step.operands) : "",
         ran && step.status != "failed" ? joinCounts(step.results) : "", note});
  }
  table.print(os);
  if (!schedule.fusion.empty()) {
    os << "fusion decisions:\n";
    for (const FusionRecord &decision : schedule.fusion)
      os << "  " << decision.consumer << ": " << decision.message << "\n";
  }
  if (!schedule.remarks.empty()) {
    os << "remarks and warnings:\n";
    for (const std::string &remark : schedule.remarks)
      os << "  " << remark << "\n";
  }
}

} // namespace mlir::loom
