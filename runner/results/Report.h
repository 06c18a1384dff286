//===- Report.h - The human-readable summary of a run -----------*- C++ -*-===//

#ifndef LOOM_RUNNER_RESULTS_REPORT_H
#define LOOM_RUNNER_RESULTS_REPORT_H

#include "runner/results/Record.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

/// "12.300 ms", "850.0 ns", "1.200 s".
std::string formatDuration(double seconds);
/// A number of seconds as given ("1 s", "0.25 s"), for options.
std::string formatSeconds(double seconds);
/// "12.6 MB", "4.0 TB", "512 B" (SI prefixes).
std::string formatBytes(double bytes);

/// Prints the short table that `loom run` shows on stdout.
void printReport(const Record &record, llvm::raw_ostream &os);

/// Prints what the schedule did (`loom run --explain`): each top-level op of
/// the entry point with its status and how many payload ops its handles held
/// before and after, flagging ops that matched nothing; then the fusion
/// decisions and the remarks and warnings emitted while it was applied.
void printScheduleExplanation(const Record &record, llvm::raw_ostream &os);

/// What a figure above 100% of its bound (marked "*") means, under the
/// tables of loom bench and loom report.
constexpr const char *kAboveBoundNote =
    "* above 100% of its bound: the ceiling is too low (a `loom peak` "
    "measured on a busy machine, --peak-gflops-per-core / --peak-gbps set "
    "too low, or a memory-bound kernel that reads more per byte it writes "
    "than the triad's two), not the kernel faster than the machine";

struct BenchResults;
/// Prints one line per benchmark of `loom bench`: status, median time,
/// spread, throughput and % of peak (a figure above its bound marked, with
/// kAboveBoundNote under the table).
void printBenchReport(const BenchResults &results, llvm::raw_ostream &os);
struct BenchContext;
/// One line with the probes of the cores of a `loom bench` run (CoreCheck),
/// and a warning for each that found them shared; nothing without probes.
void printCoreChecks(const BenchContext &context, llvm::raw_ostream &os);
/// One line counting the benchmarks of a `loom bench` run whose schedule has
/// knobs by what the tuned records gave them (a record, none for this CPU,
/// none for the payload, --no-records); nothing when no schedule has knobs.
void printRecordsSummary(const BenchResults &results, llvm::raw_ostream &os);

/// Rows of text in aligned columns, or as a Markdown table.
class Table {
public:
  /// A column whose header starts with '>' is right-aligned (the '>' is not
  /// printed).
  explicit Table(std::vector<std::string> header);
  void addRow(std::vector<std::string> row);
  void print(llvm::raw_ostream &os, bool markdown = false) const;

private:
  std::vector<std::string> header;
  std::vector<bool> rightAligned;
  std::vector<std::vector<std::string>> rows;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_REPORT_H
