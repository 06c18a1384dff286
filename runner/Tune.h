//===- Tune.h - `loom tune` -------------------------------------*- C++ -*-===//
//
// Autotuning over the knobs written in a schedule: the space comes from the
// schedule (TuneSpace.h), every candidate runs as `loom run --knob ...` in a
// child process with a time limit, and every result is appended to a JSON
// Lines database before the next candidate starts, so a sweep can be
// interrupted, killed or sharded and resumed without losing or repeating a
// measurement (docs/tuning.md).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_TUNE_H
#define LOOM_RUNNER_TUNE_H

#include "runner/RunOptions.h"
#include "runner/TuneSpace.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

/// The space of the schedule `options` names (--schedule, its libraries, or
/// the one embedded in the payload). Fails with InvalidInput.
llvm::Expected<TuneSpace> loadTuneSpace(const RunOptions &options,
                                        llvm::raw_ostream &diagnostics);

struct TuneOptions {
  /// Payload, schedule, libraries, entry point, function, threads, seed,
  /// timing and check of every candidate.
  RunOptions run;
  std::vector<std::string> constraints;
  /// "exhaustive" (space order), "random" (a seeded order without
  /// repetition) or "evolutionary" (children of the best points so far).
  std::string strategy = "exhaustive";
  uint64_t strategySeed = 0;
  /// Stop after this many points (those reused from the database count, so
  /// the same command resumes up to the same number) / this much wall time.
  std::optional<uint64_t> budget;
  std::optional<double> timeLimit;
  /// The JSON Lines database (appended to; resumed from).
  std::string dbPath;
  /// Where to write the best schedule with every knob resolved.
  std::string outPath;
  /// Evaluate only points whose index in the space is `shardIndex` modulo
  /// `shardCount`.
  unsigned shardIndex = 0, shardCount = 1;
  /// Seconds a candidate may take; 0: 20 times what the baseline (the
  /// payload without the schedule, run once to save the reference outputs)
  /// took, at least 60.
  unsigned candidateTimeout = 0;
  /// Candidates that run at once (compiling in parallel, timing one at a
  /// time).
  unsigned jobs = 1;
  /// The `loom` executable that runs the candidates.
  std::string loomExecutable;
  /// Called with one line per event (a candidate done, a warning).
  std::function<void(llvm::StringRef)> log;
};

/// One evaluated point.
struct TunePoint {
  std::vector<KnobSetting> settings;
  /// A `loom run` status ("ok", "mismatch", "compile-failure", "crash",
  /// "invalid-input") or "timeout".
  std::string status;
  std::string reason;
  std::optional<double> medianSeconds, gflops;
  /// Read from the database instead of measured now.
  bool reused = false;

  bool isValid() const { return status == "ok" && medianSeconds; }
};

struct TuneSummary {
  uint64_t spaceSize = 0, candidates = 0, evaluated = 0, reused = 0;
  /// Database lines from another machine or version, and unreadable ones.
  uint64_t otherRecords = 0, corruptLines = 0;
  bool interrupted = false, stoppedByBudget = false, stoppedByTime = false;
  /// Every point of this run (reused and new), in evaluation order.
  std::vector<TunePoint> points;
  /// The best valid point, and its median from a fresh, longer run.
  std::optional<TunePoint> best;
  std::optional<double> confirmedMedian;
};

/// Runs the sweep. Fails with InvalidInput on bad options, an unreadable
/// payload or schedule, or a database that cannot be written.
llvm::Expected<TuneSummary> runTune(const TuneOptions &options);

/// `loom tune merge`: the records of `inputs` without duplicates (the same
/// key and point: the later one wins), in first-seen order, written to
/// `output`. Lines that are not records are skipped with a warning through
/// `log`. Returns how many records were written.
llvm::Expected<uint64_t>
mergeTuneDatabases(llvm::ArrayRef<std::string> inputs, llvm::StringRef output,
                   const std::function<void(llvm::StringRef)> &log);

/// The top `count` valid points and the confirmation of the best.
void printTuneSummary(const TuneSummary &summary, unsigned count,
                      llvm::raw_ostream &os);

/// Prints each dimension (name, kind, options, location) and the size of the
/// space, before and after `constraints`.
void printTuneSpace(const TuneSpace &space,
                    llvm::ArrayRef<Constraint> constraints,
                    llvm::raw_ostream &os);

} // namespace mlir::loom

#endif // LOOM_RUNNER_TUNE_H
