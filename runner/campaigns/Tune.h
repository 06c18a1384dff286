//===- Tune.h - `loom tune` -------------------------------------*- C++ -*-===//
//
// Autotuning over the knobs written in a schedule: the space comes from the
// schedule (TunableSchedule.h, TuneSpace.h), a strategy orders the points
// (TuneStrategy.h), every candidate runs as `loom run --knob ...` in a child
// process with a time limit (CandidatePool.h), and every result is appended
// to a JSON Lines database before the next candidate starts
// (TuneDatabase.h), so a sweep can be interrupted, killed or sharded and
// resumed without losing or repeating a measurement (docs/tuning.md).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_TUNE_H
#define LOOM_RUNNER_CAMPAIGNS_TUNE_H

#include "runner/campaigns/TuneDatabase.h"
#include "runner/results/RunOptions.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

struct TuneOptions {
  /// Payload, schedule, libraries, entry point, function, inputs, check,
  /// timing and threads of every candidate.
  RunOptions run;
  std::vector<std::string> constraints;
  /// Knobs the schedule holds at their defaults (`loom.sweep = false`) that
  /// are swept all the same.
  std::vector<std::string> sweep;
  /// A name of TuneStrategy::getNames().
  std::string strategy = "exhaustive";
  uint64_t strategySeed = 0;
  /// Stop after this many points (those reused from the database count, so
  /// the same command resumes up to the same number) / this much wall time.
  std::optional<uint64_t> budget;
  std::optional<double> timeLimit;
  /// The JSON Lines database (appended to; resumed from).
  std::string dbPath;
  /// Where to write the best schedule with every knob resolved.
  std::string bestSchedulePath;
  /// The records file to add the best point to (results/TunedRecords.h).
  std::string saveRecordPath;
  /// Evaluate only points whose index in the space is `shardIndex` modulo
  /// `shardCount`.
  unsigned shardIndex = 0, shardCount = 1;
  /// Seconds a candidate may take; 0: 10 times the wall time of the best
  /// valid candidate so far, at least 60 (600 before any is valid).
  unsigned candidateTimeout = 0;
  /// Candidates that compile at once (their kernels run one at a time).
  unsigned jobs = 1;
  /// One more candidate compiles while another runs its kernels.
  bool overlap = true;
  /// At the end, the best `finalists` points of the sweep and the defaults
  /// are measured again in `finalRounds` interleaved rounds; the record and
  /// --best-schedule take the fastest by the median of the rounds. 0: no
  /// final rounds (the sweep's best as measured).
  unsigned finalists = 3;
  unsigned finalRounds = 3;
  /// The `loom` executable that runs the candidates.
  std::string loomExecutable;
  /// Called with one line per event (a candidate done, a warning).
  std::function<void(llvm::StringRef)> log;
};

/// A point of the final rounds (TuneOptions::finalists).
struct TuneFinalist {
  std::vector<KnobSetting> settings;
  /// Its median in the sweep, and in each final round it ran validly.
  double sweepMedian = 0;
  std::vector<double> roundMedians;
  /// The median of roundMedians; unset when a round was not valid.
  std::optional<double> median;
  bool isDefaults = false;
  /// The point of the tuned record the sweep started from.
  bool isRecord = false;
  /// Rounds in which it ran faster than the incumbent (getIncumbent), when
  /// it is not the incumbent and both ran validly in every round.
  std::optional<unsigned> roundsFaster;
};

/// The point the final rounds compare the others with: the record's point
/// when it ran in them, else the defaults, else none.
std::optional<size_t> getIncumbent(llvm::ArrayRef<TuneFinalist> finalists);

/// The finalist the sweep keeps: the lowest median of its rounds, unless
/// that point ran faster than the incumbent in no more than half of the
/// rounds: a point replaces the record (or the defaults) only when it beats
/// it in most rounds, not by a median the noise can give. A tie goes to the
/// incumbent, then to the defaults, then to the earlier finalist. Fills
/// each finalist's roundsFaster. None when no finalist has a median.
std::optional<size_t> pickFinalWinner(std::vector<TuneFinalist> &finalists);

struct TuneSummary {
  uint64_t spaceSize = 0, candidates = 0, evaluated = 0, reused = 0;
  /// Database lines from another machine or version, and unreadable ones.
  uint64_t otherRecords = 0, corruptLines = 0;
  bool interrupted = false, stoppedByBudget = false, stoppedByTime = false;
  /// Every point of this run (reused and new), in evaluation order.
  std::vector<TunePoint> points;
  /// The best valid point of the sweep, and its median in the final
  /// rounds.
  std::optional<TunePoint> best;
  std::optional<double> confirmedMedian;
  /// The schedule's defaults, when the sweep measured them, and their
  /// median in the final rounds (when they are not the best point).
  std::optional<double> defaultMedian, defaultConfirmedMedian;
  /// The final rounds: the points in the order they ran in the first round
  /// (the sweep's best first, then the defaults and the record's point),
  /// and the point kept (pickFinalWinner; the sweep's best when there were
  /// no final rounds), which the record and --best-schedule keep.
  std::vector<TuneFinalist> finalists;
  unsigned finalRounds = 0;
  double finalRunSeconds = 0;
  std::optional<TuneFinalist> winner;
  /// Whether the finalist of the lowest median was not kept because it beat
  /// the incumbent in too few rounds.
  bool incumbentHeld = false;
  /// The tuned record that `loom run` would apply to this payload, schedule,
  /// CPU and threads (from --records, else the --save-record file, else
  /// Loom's schedules/records.json), when there is one: its point runs
  /// right after the defaults and in the final rounds, so that a sweep of
  /// any budget starts from it and keeps it unless a point beats it there.
  std::optional<std::vector<KnobSetting>> recordPoint;
  std::string recordFile, recordTunedAt;
  /// Whether that record is of an older version of the schedule (no run
  /// applies it; its point is a guess to start from: findOlderTunedRecord).
  bool recordOlder = false;
  /// Why the record's point was not measured (the records file named or
  /// saved to has none for this key, a constraint rules it out), or empty.
  std::string recordNote;
  /// Whether a record went to TuneOptions::saveRecordPath, and whether it
  /// holds the defaults because the best point, measured again, was not
  /// faster than they were.
  bool recordSaved = false, recordKeptDefaults = false;
};

/// Runs the sweep. Fails with InvalidInput on bad options, an unreadable
/// payload or schedule, or a database that cannot be written.
llvm::Expected<TuneSummary> runTune(const TuneOptions &options);

/// The top `count` valid points and the confirmation of the best.
void printTuneSummary(const TuneSummary &summary, unsigned count,
                      llvm::raw_ostream &os);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_TUNE_H
