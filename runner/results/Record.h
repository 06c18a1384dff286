//===- Record.h - The result of one run -------------------------*- C++ -*-===//
//
// A Record is the one currency between run, tune, bench and compare: what was
// run, on what, how it went, how long it took and how much work it did. It
// has one JSON writer and one reader; the schema is docs/record-schema.md.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_RECORD_H
#define LOOM_RUNNER_RESULTS_RECORD_H

#include "runner/results/Host.h"
#include "runner/results/RunOptions.h"
#include "runner/results/Statistics.h"
#include "runner/results/TunedRecords.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

struct FileInfo {
  std::string path;
  std::string sha256;
};

/// One decision of transform.loom.fuse_elementwise
/// (transforms/FuseElementwise.h) made while the schedule was applied.
struct FusionRecord {
  /// `file:line:col` of the transform op, the consumer and the producer.
  std::string transform, consumer, producer;
  unsigned operand = 0;
  /// FusionDecision::getOutcomeName(): fused, rematerialized, illegal, policy
  /// or limit.
  std::string outcome;
  /// The legality condition that failed (1-7), for "illegal".
  std::optional<unsigned> condition;
  std::string conditionName;
  /// For fused pairs: the fused op keeps the producer's result (condition 8).
  bool producerResultKept = false;
  std::string message;

  bool isFused() const {
    return outcome == "fused" || outcome == "rematerialized";
  }
};

/// One top-level op of the schedule's entry point, as the interpreter ran it
/// (runner/ScheduleTrace.h).
struct TransformStepRecord {
  /// The op's name and its `file:line:col` in the schedule.
  std::string op, loc;
  /// "succeeded"; "suppressed" (succeeded, but a region of it failed and
  /// another was used: transform.alternatives); "failed" (the schedule
  /// stopped here); "not reached".
  std::string status;
  /// For each operand handle, then each result handle: how many payload ops,
  /// values or params it held (operands before the op ran, results after).
  std::vector<int64_t> operands, results;
  /// How many ops inside its regions failed and were suppressed.
  unsigned suppressedFailures = 0;
  /// 0 for an op of the entry point, 1 for an op of a sequence it includes,
  /// and so on.
  unsigned depth = 0;

  /// The op ran and one of its operand handles held nothing.
  bool matchedNothing() const;
};

/// The tuned record (results/TunedRecords.h) a run looked for, and what it
/// applied.
struct RecordsUse {
  /// The records file consulted; empty with --no-records.
  std::string file;
  /// This run's key: what a record must match.
  TunedRecordKey key;
  /// The record's knob values that were applied (those not given by --knob).
  std::vector<KnobSetting> applied;
  /// Of the applied record: when and on which CPU model it was tuned.
  std::string tunedAt, cpuModel;
  /// Why no record was applied ("no record matches ...", "--no-records").
  std::string note;
  /// Whether a record matched the run (it may apply nothing when --knob
  /// gives every knob).
  bool matched = false;

  /// Why the run had no record, in a few words that are the same for every
  /// run of one cause ("no record for this CPU (KEY)"), for counting runs
  /// by cause; "a record" when one matched.
  std::string getOutcome() const;
};

/// A knob that took its value from the host (kernel/HostDefaults.h).
struct HostDefaultRecord {
  std::string knob, expression, value;
  /// What the expression gave before the nearest option was taken.
  int64_t computed = 0;
};

struct ScheduleInfo {
  /// The schedule file; its path is empty when the schedule was embedded in
  /// the payload.
  FileInfo file;
  bool embedded = false;
  std::string entryPoint;
  std::vector<FileInfo> libraries;
  /// The value of every tunable of the schedule (given, from a tuned
  /// record, or written in it).
  std::vector<KnobSetting> knobs;
  /// The knobs whose value came from their loom.host_default expression.
  std::vector<HostDefaultRecord> hostDefaults;
  /// The tuned record looked for (a schedule with tunables only).
  std::optional<RecordsUse> records;
  /// What transform.loom.fuse_elementwise ops decided, in order.
  std::vector<FusionRecord> fusion;
  /// Every top-level op of the entry point, in order.
  std::vector<TransformStepRecord> trace;
  /// Remarks and warnings emitted while the schedule was applied
  /// (`file:line:col: remark: message`).
  std::vector<std::string> remarks;
};

struct ToolInfo {
  std::string name = "loom";
  std::string version;
  std::string llvmVersion;
};

/// Seconds spent in each step.
struct PhaseTimes {
  double parse = 0, schedule = 0, lower = 0, jit = 0, reference = 0, check = 0,
         timing = 0;
};

struct OpWorkRecord {
  std::string op, loc;
  double flops = 0, bytes = 0;
  int64_t iterations = 0, reduction = 1;
};

/// The work model of the function (transforms/WorkModel.h).
struct WorkSummary {
  double flops = 0;
  /// Bytes of the function's interface (arguments and results, once each).
  double bytes = 0;
  /// False when some op could not be counted or some size was unknown.
  bool complete = true;
  std::vector<OpWorkRecord> ops;
  std::vector<std::string> uncounted;
  /// Not serialized: inputs to the tolerance rule and output selection.
  std::vector<int64_t> resultReduction, argReduction;
  std::vector<bool> argWritten;
};

struct ArgumentRecord {
  unsigned index = 0;
  /// As declared, and with the sizes used (dynamic dimensions resolved).
  std::string type, concreteType;
  std::vector<int64_t> shape;
};

/// An element passes when |got - expected| <= atol + rtol * |expected|.
struct Tolerance {
  double rtol = 0;
  double atol = 0;
};

/// Values given with --rtol / --atol replace the default ones (floats only).
struct ToleranceOverride {
  std::optional<double> rtol, atol;
};

/// The result of comparing one output.
struct OutputComparison {
  /// "result 0" or "arg 2", and the payload type.
  std::string name;
  std::string type;
  int64_t elements = 0;
  int64_t mismatches = 0;
  double maxAbsError = 0;
  /// Largest |got - expected| / |expected| over elements with expected != 0.
  double maxRelError = 0;
  int64_t reduction = 1;
  Tolerance tolerance;
  /// Row-major multi-index of the first mismatching element.
  std::optional<std::vector<int64_t>> firstMismatch;
  double got = 0, expected = 0;
  /// Set when the outputs cannot be compared element by element.
  std::string problem;

  bool passed() const { return mismatches == 0 && problem.empty(); }
};

struct CheckRecord {
  /// "passed", "failed" or "skipped".
  std::string status = "skipped";
  /// Why the check was skipped.
  std::string reason;
  std::vector<OutputComparison> outputs;
};

/// Where a kernel sits under the machine's roofline: its arithmetic intensity
/// against the ceilings known (docs/explain.md).
struct Roofline {
  /// FLOPs per byte of the function's interface (the work model).
  double intensity = 0;
  /// The compute ceiling for the run's threads and the bandwidth ceiling.
  std::optional<double> computeGflops, memoryGbps;
  /// Whether the lower ceiling at this intensity is the bandwidth.
  bool memoryBound = false;
  /// The ceiling at this intensity, in GFLOP/s.
  double boundGflops = 0;
  /// Achieved fraction of that ceiling (GB/s over bandwidth when
  /// memory-bound, GFLOP/s over peak otherwise).
  double fraction = 0;
  /// The function's working set fits in one core's caches
  /// (HostInfo::getCacheResidentBytes): a memory-bound kernel is then not
  /// bound by the DRAM bandwidth the roofline knows.
  bool cacheResident = false;

  /// Intensity where the two ceilings meet, when both are known.
  std::optional<double> getRidge() const;
  /// "compute", "memory", or "cache" (memory-bound, but cache-resident).
  llvm::StringRef getBoundName() const;
  /// 100 x fraction; none when the bound does not apply (cache-resident).
  std::optional<double> getPercentOfBound() const;
  /// Above 100% of its bound: the ceiling is what is wrong (a `loom peak`
  /// measured on a busy machine, a --peak-* set too low, or a memory-bound
  /// kernel whose mix of reads and writes is lighter than the triad's).
  bool isAboveBound() const {
    std::optional<double> percent = getPercentOfBound();
    return percent && *percent > 100;
  }
};

/// A run made again from a repro bundle (`loom run --from-bundle`).
struct BundleCheck {
  std::string path;
  /// The files checked against the bundle's manifest, and those whose
  /// SHA-256 differs from it (run anyway with --allow-modified).
  std::vector<std::string> checked, modified;
};

struct Record {
  static constexpr int kSchemaVersion = 1;

  /// getStatusName() of the exit code.
  std::string status = "ok";
  int exitCode = 0;
  /// What failed, in a sentence, and the compiler's error diagnostics
  /// (`file:line:col: error: message`) that explain it.
  std::string error;
  std::vector<std::string> diagnostics;
  /// UTC, ISO 8601.
  std::string timestamp;

  ToolInfo tool;
  HostInfo host;
  FileInfo payload;
  std::optional<ScheduleInfo> schedule;
  std::string function;
  RunOptions options;
  /// Set when the run came from a bundle.
  std::optional<BundleCheck> fromBundle;
  std::vector<ArgumentRecord> arguments;

  PhaseTimes phases;
  CheckRecord check;
  /// What the scheduled kernel printed when it was checked (printMemref,
  /// vector.print), and why it was not timed, if it was not.
  std::string printed;
  std::string timingNote;
  std::optional<TimingStats> timing;
  std::optional<WorkSummary> work;

  /// Throughput from the median (and the best) time per call.
  std::optional<double> getGflops() const;
  std::optional<double> getBestGflops() const;
  std::optional<double> getGigabytesPerSecond() const;
  /// Needs timing, work and at least one peak in the options.
  std::optional<Roofline> getRoofline() const;
};

/// Where `gflops` and `gbps` of a kernel with `work` stand against the peaks
/// of `options` (its threads' compute peak, its bandwidth). None without
/// work, throughput or any peak.
/// `cacheResidentBytes` (HostInfo::getCacheResidentBytes, 0: unknown) marks
/// a working set that stays in the caches.
std::optional<Roofline> computeRoofline(const RunOptions &options,
                                        const std::optional<WorkSummary> &work,
                                        std::optional<double> gflops,
                                        std::optional<double> gbps,
                                        uint64_t cacheResidentBytes = 0);

/// The pages of a run's buffers of 2 MiB or more: "huge pages" (asked for,
/// and the system's mode gives them), "4 KiB pages (--no-huge-pages)", "4
/// KiB pages (transparent huge pages are off)" (mode "never"), "4 KiB pages
/// (no transparent huge pages on this system)", or "4 KiB pages (written
/// before Loom asked for huge pages)" for a record without the mode.
std::string describeBufferPages(const Record &record);

/// Now, UTC, ISO 8601 ("2026-11-22T10:00:00Z").
std::string currentTimestamp();

/// Fills the tool, host and timestamp fields of a new record.
Record createRecord();

/// The record as JSON, keys in schema order.
nlohmann::ordered_json toJson(const Record &record);
/// The "timing" object of a record (also one repetition of a bench result).
nlohmann::ordered_json timingToJson(const TimingStats &timing);
/// The record's "roofline" object (null for none).
nlohmann::ordered_json rooflineToJson(const std::optional<Roofline> &roofline);
class JsonReader;
/// Reads what timingToJson wrote from `value`; problems go to `reader`.
void readTiming(JsonReader &reader, const nlohmann::ordered_json &value,
                const std::string &path, TimingStats &out);

/// Reads a record written by toJson. Fails on a missing or mistyped field or
/// an unknown schema version.
llvm::Expected<Record> recordFromJson(const nlohmann::ordered_json &json);
/// Parses JSON text and reads a record from it.
llvm::Expected<Record> parseRecord(llvm::StringRef text);
/// Writes the record as indented JSON to `path` ("-" for stdout).
llvm::Error writeRecord(const Record &record, llvm::StringRef path);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_RECORD_H
