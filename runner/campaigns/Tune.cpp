//===- Tune.cpp - `loom tune` ---------------------------------------------===//

#include "runner/campaigns/Tune.h"
#include "runner/campaigns/CandidatePool.h"
#include "runner/campaigns/TunableSchedule.h"
#include "runner/campaigns/TuneStrategy.h"
#include "runner/kernel/Timer.h"
#include "runner/results/Host.h"
#include "runner/results/Record.h"
#include "runner/results/Report.h"
#include "runner/results/Statistics.h"
#include "runner/results/Status.h"
#include "runner/results/TunedRecords.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>
#include <map>

namespace mlir::loom {

/// How the sweep's text names the record it started from.
static llvm::StringRef getRecordName(bool older) {
  return older ? "the record of an older version of the schedule"
               : "the record";
}

namespace {
/// While alive, Ctrl-C asks the sweep to stop starting candidates instead of
/// killing it; the previous handler comes back afterwards.
class InterruptGuard {
public:
  InterruptGuard() {
    requested = false;
    previous = std::signal(SIGINT, [](int) { requested = true; });
  }
  ~InterruptGuard() { std::signal(SIGINT, previous); }
  static bool isRequested() { return requested; }

private:
  static inline std::atomic<bool> requested{false};
  void (*previous)(int) = nullptr;
};

/// The valid points, fastest first (equal medians in evaluation order).
std::vector<const TunePoint *>
rankValidPoints(llvm::ArrayRef<TunePoint> points) {
  std::vector<const TunePoint *> ranked;
  for (const TunePoint &point : points)
    if (point.isValid())
      ranked.push_back(&point);
  llvm::stable_sort(ranked, [](const TunePoint *a, const TunePoint *b) {
    return *a->medianSeconds < *b->medianSeconds;
  });
  return ranked;
}

/// One `loom tune`, step by step.
class Sweep {
public:
  explicit Sweep(const TuneOptions &options) : options(options) {}
  ~Sweep() {
    if (!scratch.empty())
      llvm::sys::fs::remove_directories(scratch);
  }

  /// Everything before the first candidate: the space, the constraints, the
  /// key, the order, the database, a scratch directory.
  llvm::Error prepare();
  /// Adds `knobs` (the best point, or the defaults when the best point was
  /// not faster measured again) to options.saveRecordPath.
  llvm::Error saveRecord(const TunePoint &confirmation,
                         llvm::ArrayRef<KnobSetting> knobs,
                         std::optional<double> median);
  /// Evaluates candidates until the space, the budget or the time is spent
  /// or Ctrl-C is pressed.
  llvm::Error evaluate();
  /// Picks the best point, measures it again and writes it out.
  llvm::Error conclude();

  TuneSummary summary;

private:
  void log(llvm::StringRef line) const {
    if (options.log)
      options.log(line);
  }
  /// Starts candidates while there is room and reason.
  llvm::Error startCandidates();
  /// Finds the tuned record of this sweep's key (TuneSummary::recordPoint)
  /// and marks its point to run after the defaults. Fails with InvalidInput
  /// when the records file cannot be read.
  llvm::Error findRecord(const TuneDigests &digests,
                         const TuneCandidates &candidates);
  /// The payload without the schedule, one untimed call before the first
  /// new evaluation: its outputs are every candidate's reference.
  llvm::Error runReference();
  /// --candidate-timeout, else 10x the wall time of the best valid
  /// candidate so far (at least kMinTimeout), else kFirstTimeout.
  unsigned getCandidateTimeout() const;
  /// Records the result of a candidate.
  llvm::Error finish(const std::vector<size_t> &coordinates,
                     const TunePoint &point);
  void logProgress(const TunePoint &point) const;
  RunOptions getCandidateOptions(llvm::ArrayRef<KnobSetting> settings) const;
  std::string getReferenceDir() const { return scratch + "/reference"; }

  const TuneOptions &options;
  std::optional<TuneSpace> space;
  std::vector<Constraint> constraints;
  std::optional<TuneKey> key;
  std::vector<size_t> order;
  std::unique_ptr<TuneStrategy> strategy;
  TuneDatabaseContents known;
  std::optional<TuneDatabaseWriter> database;
  std::string scratch;
  std::unique_ptr<CandidatePool> pool;
  /// The coordinates of each candidate started and not yet recorded, by tag
  /// (tags count up in the order candidates start).
  std::map<uint64_t, std::vector<size_t>> running;
  /// Candidates that finished before one started earlier: results are
  /// recorded in the order candidates started, so a seeded strategy makes
  /// the same choices whatever order children finish in.
  std::map<uint64_t, TunePoint> finishedEarly;
  /// Children at once: --jobs, plus one compiling while one is measured.
  unsigned capacity = 1;
  uint64_t nextTag = 0;
  /// The wall time of the fastest valid candidate so far.
  std::optional<double> bestWall;
  std::optional<double> bestMedian;
  bool referenceDone = false, exhausted = false;
  /// The schedule's defaults (every tunable's value written or derived from
  /// the host), evaluated before the strategy's first point when they are
  /// a candidate: the best point is then never worse than what loom run
  /// does without a record.
  std::optional<uint64_t> defaultIndex;
  /// The tuned record's point, evaluated right after the defaults.
  std::optional<uint64_t> recordIndex;
  /// When the sweep, and its first new candidate, started.
  double start = 0, candidatesStart = 0;
};
} // namespace

llvm::Error Sweep::prepare() {
  if (options.shardCount == 0 || options.shardIndex >= options.shardCount)
    return makeError(ExitCode::InvalidInput, "--shard I/N needs 0 <= I < N");
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  TuneDigests digests;
  auto loaded = loadTuneSpace(options.run, diagnosticStream, &digests);
  if (!loaded) {
    auto [code, message] = takeError(loaded.takeError());
    return makeError(code,
                     message + (diagnostics.empty() ? "" : "\n") + diagnostics);
  }
  space = std::move(*loaded);
  if (llvm::Error error = space->sweep(options.sweep))
    return error;
  for (const std::string &text : options.constraints) {
    auto constraint = Constraint::parse(text, space->getNames());
    if (!constraint)
      return constraint.takeError();
    constraints.push_back(std::move(*constraint));
  }
  auto created = TuneKey::create(options.run, digests);
  if (!created)
    return created.takeError();
  key = std::move(*created);

  summary.spaceSize = space->size();
  // A point is numbered by its swept knobs (TuneSpace::getIndex): past 64
  // bits two points would share a number.
  if (space->getIndexedSize() == UINT64_MAX)
    return makeError(
        ExitCode::InvalidInput,
        "the swept knobs make more than 1.8e19 points, more than loom tune "
        "can number: hold some at their defaults (loom.sweep = false in the "
        "schedule) or write fewer options");
  // Options that a constraint on their knob alone rules out ('m_r >= 4',
  // 'tile == 32 && ...') are dropped before the points are counted and
  // walked.
  std::vector<std::vector<size_t>> admitted =
      space->getAdmittedOptions(constraints);
  uint64_t admittedSize = TuneSpace::countPoints(admitted);
  constexpr uint64_t kMaxPoints = 10'000'000;
  if (admittedSize > kMaxPoints)
    return makeError(
        ExitCode::InvalidInput,
        "the space has " + TuneSpace::formatCount(summary.spaceSize) +
            " points" +
            (admittedSize == summary.spaceSize
                 ? std::string()
                 : " (" + std::to_string(admittedSize) +
                       " with the options the constraints on single knobs "
                       "leave)") +
            "; Loom sweeps at most " + std::to_string(kMaxPoints) +
            " (add a --constraint that fixes or bounds a knob, such as "
            "'tile == 32' or 'tile <= 64', or write fewer options)");
  TuneCandidates candidates{*space, constraints, options.shardIndex,
                            options.shardCount};
  space->forEachPoint(admitted,
                      [&](uint64_t index, llvm::ArrayRef<size_t> point) {
                        if (candidates.contains(index, point))
                          order.push_back(index);
                      });
  summary.candidates = order.size();
  if (order.empty() && options.shardCount == 1) {
    std::vector<std::string> all;
    for (const Constraint &constraint : space->getConstraints())
      all.push_back(constraint.describe());
    for (const Constraint &constraint : constraints)
      all.push_back(constraint.describe());
    return makeError(ExitCode::InvalidInput,
                     "no point of the space satisfies every constraint (" +
                         llvm::join(all, "; ") +
                         "); --list-space shows what each one removes" +
                         (space->getHeldNames().empty()
                              ? ""
                              : " (a knob held at its default is only ever "
                                "its default: --sweep KNOB frees it)"));
  }
  auto createdStrategy = TuneStrategy::create(options.strategy, candidates,
                                              order, options.strategySeed);
  if (!createdStrategy)
    return createdStrategy.takeError();
  strategy = std::move(*createdStrategy);
  std::vector<size_t> defaults;
  for (const Tunable &tunable : space->getDimensions()) {
    auto it = tunable.selected ? llvm::find(tunable.options, *tunable.selected)
                               : tunable.options.end();
    if (it == tunable.options.end())
      break;
    defaults.push_back(it - tunable.options.begin());
  }
  if (defaults.size() == space->getDimensions().size()) {
    uint64_t index = space->getIndex(defaults);
    if (candidates.contains(index, defaults)) {
      defaultIndex = index;
      strategy->markProposed(index);
    }
  }
  if (llvm::Error error = findRecord(digests, candidates))
    return error;

  auto writer = TuneDatabaseWriter::open(options.dbPath);
  if (!writer)
    return writer.takeError();
  database.emplace(std::move(*writer));
  known = loadTuneDatabase(options.dbPath, *key,
                           [&](llvm::StringRef line) { log(line); });
  summary.otherRecords = known.otherRecords;
  summary.corruptLines = known.corruptLines;
  llvm::SmallString<128> directory;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("loom-tune", directory))
    return makeError(ExitCode::InvalidInput,
                     "cannot create a scratch directory: " + ec.message());
  scratch = directory.str().str();
  // Compiling the next candidate beside a timed kernel takes a core: only
  // when the kernel's threads leave one free.
  bool overlap = options.overlap;
  unsigned cores = std::max(1u, getHostInfo().physicalCores);
  if (overlap && options.run.threads >= cores) {
    overlap = false;
    log(llvm::formatv("the candidates run on {0} thread(s) and this machine "
                      "has {1} core(s): no candidate compiles while another "
                      "is timed",
                      options.run.threads, cores)
            .str());
  }
  capacity = std::max(1u, options.jobs) + (overlap ? 1 : 0);
  pool = std::make_unique<CandidatePool>(options.loomExecutable, scratch,
                                         capacity);
  if (space->getDimensions().empty())
    log("the schedule has no tune.knob or tune.alternatives: tuning its "
        "single point");
  return llvm::Error::success();
}

llvm::Error Sweep::findRecord(const TuneDigests &digests,
                              const TuneCandidates &candidates) {
  const RunOptions &run = options.run;
  if (!run.useRecords)
    return llvm::Error::success();
  // The file named, else the one this sweep saves to, else Loom's own: the
  // record a re-run of the same command would replace.
  std::string path = run.recordsPath;
  if (path.empty() && !options.saveRecordPath.empty() &&
      llvm::sys::fs::exists(options.saveRecordPath))
    path = options.saveRecordPath;
  // (A payload of the user's own has no record in Loom's file: that goes
  // without saying.)
  bool quiet = path.empty();
  if (path.empty()) {
    path = getDefaultTunedRecordsPath();
    if (!llvm::sys::fs::exists(path))
      return llvm::Error::success();
  }
  auto records = loadTunedRecords(path);
  if (!records)
    return records.takeError();
  TunedRecordKey key = getTunedRecordKey(
      run, getHostInfo(), digests.payloadSignature, digests.schedule);
  const TunedRecord *record = findTunedRecord(*records, key);
  // After an edit of the schedule its record no longer applies, but its
  // point is still the best guess to start from.
  if (!record) {
    record = findOlderTunedRecord(*records, key,
                                  run.schedulePath.empty() ? run.payloadPath
                                                           : run.schedulePath);
    summary.recordOlder = record != nullptr;
  }
  std::string which = getRecordName(summary.recordOlder).str();
  if (!record) {
    if (quiet)
      return llvm::Error::success();
    summary.recordNote = llvm::formatv("no record for this payload, schedule, "
                                       "CPU and {0} thread(s) in {1}",
                                       run.threads, path);
    return llvm::Error::success();
  }
  // The record's value of each swept knob (a knob it leaves out, or a held
  // one, at the schedule's default).
  std::vector<size_t> coordinates;
  for (const Tunable &tunable : space->getDimensions()) {
    std::optional<std::string> value = tunable.selected;
    if (!tunable.held)
      for (const KnobSetting &knob : record->knobs)
        if (knob.name == tunable.name)
          value = knob.value;
    auto it =
        value ? llvm::find(tunable.options, *value) : tunable.options.end();
    if (it == tunable.options.end()) {
      summary.recordNote = which + " in " + path + " gives " + tunable.name +
                           " a value that is not one of its options";
      return llvm::Error::success();
    }
    coordinates.push_back(it - tunable.options.begin());
  }
  uint64_t index = space->getIndex(coordinates);
  summary.recordFile = path;
  summary.recordTunedAt = record->tunedAt;
  if (!candidates.contains(index, coordinates)) {
    summary.recordNote =
        "the point of " + which + " in " + path +
        (options.shardCount > 1 ? " is not a candidate of this shard or is"
                                : " is") +
        " ruled out by a constraint";
    return llvm::Error::success();
  }
  summary.recordPoint = space->getSettings(coordinates);
  strategy->markProposed(index);
  // (The defaults' point, when the record keeps them, runs once.)
  if (!defaultIndex || *defaultIndex != index)
    recordIndex = index;
  log(llvm::formatv("starting from {0} in {1} (tuned {2}): {3}; it "
                    "runs after the defaults and in the final rounds",
                    which, path, record->tunedAt,
                    getPointText(*summary.recordPoint))
          .str());
  return llvm::Error::success();
}

RunOptions
Sweep::getCandidateOptions(llvm::ArrayRef<KnobSetting> settings) const {
  RunOptions run = options.run;
  // A candidate runs its point and nothing else: no record fills its knobs
  // (its key is still computed, for --save-record).
  run.useRecords = false;
  run.knobs.assign(settings.begin(), settings.end());
  run.referenceOutputsDir = getReferenceDir();
  return run;
}

/// Without --candidate-timeout: a candidate may take this long before any
/// is valid, and at least this long after.
static constexpr unsigned kFirstTimeout = 600, kMinTimeout = 60;

unsigned Sweep::getCandidateTimeout() const {
  if (options.candidateTimeout)
    return options.candidateTimeout;
  if (!bestWall)
    return kFirstTimeout;
  return std::max(kMinTimeout, unsigned(10 * *bestWall) + 1);
}

llvm::Error Sweep::runReference() {
  referenceDone = true;
  RunOptions reference = options.run;
  reference.schedulePath.clear();
  reference.scheduleLibraries.clear();
  reference.knobs.clear();
  reference.entryPoint = RunOptions().entryPoint;
  reference.noSchedule = true;
  reference.check = false;
  reference.time = false;
  reference.referenceOutputsDir.clear();
  reference.outputs.saveOutputsDir = getReferenceDir();
  log("computing the reference outputs (one untimed call of the payload "
      "without the schedule)...");
  double began = now();
  TunePoint result = pool->runOne(
      reference, options.candidateTimeout ? options.candidateTimeout : 3600);
  if (result.status != "ok")
    return makeError(
        ExitCode::InvalidInput,
        "the payload without the schedule (the reference) fails, so no "
        "candidate can be checked: " +
            result.status +
            (result.reason.empty() ? "" : ": " + result.reason));
  log("reference outputs computed in " + formatDuration(now() - began));
  return llvm::Error::success();
}

llvm::Error Sweep::startCandidates() {
  while (!exhausted && running.size() < capacity &&
         !InterruptGuard::isRequested()) {
    if (options.budget &&
        summary.points.size() + running.size() >= *options.budget) {
      summary.stoppedByBudget = strategy->hasMore();
      exhausted = true;
      break;
    }
    std::optional<uint64_t> index = defaultIndex;
    if (index)
      defaultIndex.reset();
    else if ((index = recordIndex))
      recordIndex.reset();
    else
      index = strategy->next();
    if (!index) {
      exhausted = true;
      break;
    }
    std::vector<size_t> coordinates = space->getCoordinates(*index);
    std::vector<KnobSetting> settings = space->getSettings(coordinates);
    if (auto it = known.points.find(getPointText(settings));
        it != known.points.end()) {
      summary.points.push_back(it->second);
      strategy->record(coordinates, it->second);
      ++summary.reused;
      continue;
    }
    if (options.timeLimit && now() - start >= *options.timeLimit) {
      summary.stoppedByTime = true;
      exhausted = true;
      break;
    }
    if (!referenceDone) {
      if (llvm::Error error = runReference())
        return error;
      candidatesStart = now();
    }
    uint64_t tag = nextTag++;
    pool->start(getCandidateOptions(settings), getCandidateTimeout(), tag);
    running[tag] = std::move(coordinates);
  }
  return llvm::Error::success();
}

llvm::Error Sweep::finish(const std::vector<size_t> &coordinates,
                          const TunePoint &point) {
  // On Ctrl-C the child (same process group) dies too: that is not a result
  // of the point. A child that finished anyway is kept.
  if (InterruptGuard::isRequested() &&
      (point.status == "crash" || point.status == "timeout"))
    return llvm::Error::success();
  if (llvm::Error error = database->append(*key, point))
    return error;
  ++summary.evaluated;
  if (point.isValid() && (!bestMedian || *point.medianSeconds < *bestMedian)) {
    bestMedian = point.medianSeconds;
    bestWall = point.wallSeconds;
  }
  summary.points.push_back(point);
  strategy->record(coordinates, point);
  logProgress(point);
  return llvm::Error::success();
}

void Sweep::logProgress(const TunePoint &point) const {
  if (!options.log)
    return;
  std::optional<double> best;
  size_t valid = 0;
  for (const TunePoint &p : summary.points)
    if (p.isValid()) {
      ++valid;
      if (!best || *p.medianSeconds < *best)
        best = p.medianSeconds;
    }
  double total = options.budget
                     ? std::min<double>(*options.budget, order.size())
                     : double(order.size());
  size_t done = summary.points.size();
  double elapsed = now() - start;
  // The rate of the candidates measured now (not the reference's time, and
  // not the points read from the database).
  double perCandidate =
      summary.evaluated ? (now() - candidatesStart) / summary.evaluated : 0;
  double remaining = perCandidate * std::max(0.0, total - done);
  options.log(
      llvm::formatv(
          "[{0}/{1}] {2}: {3}{4}; {5} valid, {6} invalid{7}; {8} elapsed, "
          "~{9} left",
          done, uint64_t(total), getPointText(point.settings), point.status,
          point.medianSeconds ? " " + formatDuration(*point.medianSeconds)
                              : std::string(),
          valid, done - valid,
          best ? ", best " + formatDuration(*best) : std::string(),
          formatDuration(elapsed), formatDuration(remaining))
          .str());
}

llvm::Error Sweep::evaluate() {
  InterruptGuard guard;
  start = now();
  while (true) {
    if (llvm::Error error = startCandidates())
      return error;
    if (pool->empty() && finishedEarly.empty())
      break;
    for (CandidatePool::Finished &done : pool->collect())
      finishedEarly[done.tag] = std::move(done.point);
    // Record in start order, as far as the results go.
    while (!running.empty()) {
      auto done = finishedEarly.find(running.begin()->first);
      if (done == finishedEarly.end())
        break;
      std::vector<size_t> coordinates = std::move(running.begin()->second);
      running.erase(running.begin());
      TunePoint point = std::move(done->second);
      finishedEarly.erase(done);
      if (llvm::Error error = finish(coordinates, point))
        return error;
    }
  }
  summary.interrupted = InterruptGuard::isRequested();
  return llvm::Error::success();
}

llvm::Error Sweep::conclude() {
  for (const TunePoint &point : summary.points)
    if (point.isValid() &&
        (!summary.best || *point.medianSeconds < *summary.best->medianSeconds))
      summary.best = point;
  if (!summary.best || summary.interrupted)
    return llvm::Error::success();
  // The best of many candidates is likely a lucky sample, and a machine's
  // speed drifts while a sweep runs: the best few points and the defaults
  // are measured again side by side, in interleaved rounds (against the
  // reference, computed now if every point came from the database), and
  // the fastest by the median of its rounds wins.
  if (!referenceDone)
    if (llvm::Error error = runReference())
      llvm::consumeError(std::move(error));
  std::vector<KnobSetting> defaults;
  for (const Tunable &tunable : space->getDimensions())
    if (tunable.selected && !tunable.held)
      defaults.push_back({tunable.name, *tunable.selected});
  std::string defaultsText = getPointText(defaults);
  std::string bestText = getPointText(summary.best->settings);
  std::string recordText =
      summary.recordPoint ? getPointText(*summary.recordPoint) : "";
  // A record of an older version of the schedule runs in the final rounds
  // too, but the defaults stay the incumbent: no run applies that record.
  bool recordInForce = summary.recordPoint && !summary.recordOlder;
  for (const TunePoint &point : summary.points)
    if (point.isValid() && getPointText(point.settings) == defaultsText)
      summary.defaultMedian = point.medianSeconds;

  std::vector<const TunePoint *> ranked = rankValidPoints(summary.points);
  std::vector<TuneFinalist> &finalists = summary.finalists;
  llvm::StringSet<> chosen;
  auto addFinalist = [&](const TunePoint &point) {
    std::string text = getPointText(point.settings);
    if (!chosen.insert(text).second)
      return;
    TuneFinalist finalist;
    finalist.settings = point.settings;
    finalist.sweepMedian = *point.medianSeconds;
    finalist.isDefaults = text == defaultsText;
    finalist.isRecord = recordInForce && text == recordText;
    finalists.push_back(std::move(finalist));
  };
  if (options.finalists && options.finalRounds) {
    for (const TunePoint *point : ranked)
      if (chosen.size() < options.finalists)
        addFinalist(*point);
    for (const TunePoint *point : ranked)
      if (getPointText(point->settings) == defaultsText ||
          (summary.recordPoint && getPointText(point->settings) == recordText))
        addFinalist(*point);
  }
  // As long in all as the one longer run that used to confirm the best point
  // (four times --min-time, at least 1 s), split over the rounds.
  summary.finalRounds = finalists.empty() ? 0 : options.finalRounds;
  summary.finalRunSeconds = std::max(1.0, 4 * options.run.timing.minTime) /
                            std::max(1u, summary.finalRounds);
  std::optional<TunePoint> confirmation;
  for (unsigned round = 0; round < summary.finalRounds; ++round) {
    if (InterruptGuard::isRequested())
      break;
    for (size_t i = 0; i < finalists.size(); ++i) {
      if (InterruptGuard::isRequested())
        break;
      // Each round starts one point later, so that no point always runs
      // right after the same one.
      TuneFinalist &finalist = finalists[(i + round) % finalists.size()];
      RunOptions again = getCandidateOptions(finalist.settings);
      again.timing.minTime = summary.finalRunSeconds;
      TunePoint point = pool->runOne(again, getCandidateTimeout());
      if (!point.isValid())
        continue;
      finalist.roundMedians.push_back(*point.medianSeconds);
      if (!confirmation || !confirmation->recordsKey)
        confirmation = point;
    }
    log(llvm::formatv("final round {0}/{1} done", round + 1,
                      summary.finalRounds)
            .str());
  }
  for (TuneFinalist &finalist : finalists) {
    if (finalist.roundMedians.size() == summary.finalRounds &&
        summary.finalRounds)
      finalist.median = median(finalist.roundMedians);
    std::string text = getPointText(finalist.settings);
    if (finalist.median && text == bestText)
      summary.confirmedMedian = finalist.median;
    // (The defaults' line would repeat the best point's when they are it.)
    if (finalist.median && finalist.isDefaults && text != bestText)
      summary.defaultConfirmedMedian = finalist.median;
  }
  if (std::optional<size_t> winner = pickFinalWinner(finalists)) {
    summary.winner = finalists[*winner];
    std::optional<size_t> incumbent = getIncumbent(finalists);
    summary.incumbentHeld =
        incumbent && *winner == *incumbent &&
        llvm::any_of(finalists, [&](const TuneFinalist &other) {
          return other.median && *other.median < *finalists[*winner].median;
        });
  }
  if (!summary.winner) {
    // No final rounds (or none ran validly): the sweep's best as measured.
    TuneFinalist best;
    best.settings = summary.best->settings;
    best.sweepMedian = *summary.best->medianSeconds;
    best.isDefaults = bestText == defaultsText;
    best.isRecord = recordInForce && bestText == recordText;
    summary.winner = best;
  }
  summary.recordKeptDefaults =
      summary.winner->isDefaults && bestText != defaultsText;
  // The record's key comes from a run of this loom (database lines do not
  // keep it): without final rounds and with every point from the database,
  // the point kept runs once more.
  if (!options.saveRecordPath.empty() &&
      !(confirmation && confirmation->recordsKey) &&
      !summary.best->recordsKey) {
    TunePoint point = pool->runOne(
        getCandidateOptions(summary.winner->settings), getCandidateTimeout());
    if (point.recordsKey)
      confirmation = point;
  }
  if (!options.saveRecordPath.empty())
    if (llvm::Error error =
            saveRecord(confirmation ? *confirmation : *summary.best,
                       summary.winner->settings,
                       summary.winner->median ? summary.winner->median
                                              : summary.best->medianSeconds))
      return error;
  if (options.bestSchedulePath.empty())
    return llvm::Error::success();
  return writeBestSchedule(options.run, summary.winner->settings,
                           options.bestSchedulePath);
}

std::optional<size_t> getIncumbent(llvm::ArrayRef<TuneFinalist> finalists) {
  std::optional<size_t> incumbent;
  for (auto [index, finalist] : llvm::enumerate(finalists)) {
    if (finalist.isRecord)
      return index;
    if (finalist.isDefaults)
      incumbent = index;
  }
  return incumbent;
}

std::optional<size_t> pickFinalWinner(std::vector<TuneFinalist> &finalists) {
  std::optional<size_t> incumbent = getIncumbent(finalists);
  for (auto [index, finalist] : llvm::enumerate(finalists)) {
    finalist.roundsFaster.reset();
    if (!incumbent || index == *incumbent)
      continue;
    const TuneFinalist &other = finalists[*incumbent];
    if (!finalist.median || !other.median ||
        finalist.roundMedians.size() != other.roundMedians.size())
      continue;
    unsigned faster = 0;
    for (auto [mine, theirs] :
         llvm::zip_equal(finalist.roundMedians, other.roundMedians))
      faster += mine < theirs;
    finalist.roundsFaster = faster;
  }
  // The lowest median; on a tie the incumbent, then the defaults, then the
  // earlier finalist (finalists are in the sweep's order, the defaults and
  // the record's point last).
  auto rank = [&](const TuneFinalist &finalist) {
    return incumbent && &finalist == &finalists[*incumbent] ? 2
           : finalist.isDefaults                            ? 1
                                                            : 0;
  };
  std::optional<size_t> winner;
  for (auto [index, finalist] : llvm::enumerate(finalists)) {
    if (!finalist.median)
      continue;
    const TuneFinalist *best = winner ? &finalists[*winner] : nullptr;
    if (!best || *finalist.median < *best->median ||
        (*finalist.median == *best->median && rank(finalist) > rank(*best)))
      winner = index;
  }
  // Beating the incumbent takes most of the rounds.
  if (winner && incumbent && *winner != *incumbent &&
      finalists[*incumbent].median) {
    const TuneFinalist &challenger = finalists[*winner];
    if (!challenger.roundsFaster ||
        2 * *challenger.roundsFaster <= challenger.roundMedians.size())
      winner = incumbent;
  }
  return winner;
}

llvm::Error Sweep::saveRecord(const TunePoint &confirmation,
                              llvm::ArrayRef<KnobSetting> knobs,
                              std::optional<double> median) {
  std::optional<TunedRecordKey> key = confirmation.recordsKey
                                          ? confirmation.recordsKey
                                          : summary.best->recordsKey;
  if (!key)
    return makeError(ExitCode::InvalidInput,
                     "--save-record: the candidates' records carry no key "
                     "(was every candidate run by this version of loom?)");
  TunedRecord record;
  record.key = *key;
  record.cpuModel = getHostInfo().cpuModel;
  record.schedule = options.run.schedulePath;
  record.payloadFile = options.run.payloadPath;
  record.tunedAt = currentTimestamp();
  record.loomVersion = LOOM_VERSION;
  // Held knobs (loom.sweep = false, not named by --sweep) were not tuned
  // and are not in `knobs`: the record leaves them to the schedule's
  // default (the host's, derived from the record's knobs), as every
  // candidate did (TuneSpace::getSettings).
  record.knobs.assign(knobs.begin(), knobs.end());
  record.medianSeconds = median ? median : summary.best->medianSeconds;
  // The defaults' median from the same rounds as the point kept, when they
  // ran in them: the two are then comparable.
  record.defaultMedianSeconds = summary.defaultMedian;
  for (const TuneFinalist &finalist : summary.finalists)
    if (finalist.isDefaults && finalist.median)
      record.defaultMedianSeconds = finalist.median;
  record.budget = options.budget;
  if (llvm::Error error = saveTunedRecord(options.saveRecordPath, record))
    return error;
  summary.recordSaved = true;
  return llvm::Error::success();
}

llvm::Expected<TuneSummary> runTune(const TuneOptions &options) {
  Sweep sweep(options);
  if (llvm::Error error = sweep.prepare())
    return std::move(error);
  if (llvm::Error error = sweep.evaluate())
    return std::move(error);
  if (llvm::Error error = sweep.conclude())
    return std::move(error);
  return std::move(sweep.summary);
}

void printTuneSummary(const TuneSummary &summary, unsigned count,
                      llvm::raw_ostream &os) {
  size_t invalid = llvm::count_if(
      summary.points, [](const TunePoint &p) { return !p.isValid(); });
  os << llvm::formatv("{0} candidates of {1} points: {2} evaluated now, {3} "
                      "from the database, {4} invalid",
                      summary.candidates,
                      TuneSpace::formatCount(summary.spaceSize),
                      summary.evaluated, summary.reused, invalid);
  if (summary.stoppedByBudget)
    os << "; stopped by --budget";
  if (summary.stoppedByTime)
    os << "; stopped by --time-limit";
  if (summary.interrupted)
    os << "; interrupted (everything measured is in the database)";
  os << "\n";
  if (summary.otherRecords)
    os << "  " << summary.otherRecords
       << " database record(s) from another payload, schedule, machine or "
          "version were not used\n";
  if (summary.recordPoint)
    os << "  started from " << getRecordName(summary.recordOlder) << " in "
       << summary.recordFile << " (tuned " << summary.recordTunedAt << "): "
       << (summary.recordPoint->empty() ? "(the schedule as written)"
                                        : getPointText(*summary.recordPoint))
       << "\n";
  else if (!summary.recordNote.empty())
    os << "  no record to start from: " << summary.recordNote << "\n";
  std::vector<const TunePoint *> valid = rankValidPoints(summary.points);
  if (valid.empty()) {
    os << "no valid point\n";
    return;
  }
  Table table({"rank", "point", ">median", ">GFLOP/s", "note"});
  for (auto [rank, point] : llvm::enumerate(valid)) {
    if (rank >= count)
      break;
    std::string text = getPointText(point->settings);
    table.addRow({std::to_string(rank + 1),
                  text.empty() ? "(the schedule as written)" : text,
                  formatDuration(*point->medianSeconds),
                  point->gflops ? llvm::formatv("{0:f2}", *point->gflops).str()
                                : std::string("-"),
                  point->reused ? "from the database" : ""});
  }
  table.print(os);
  if (!summary.finalists.empty()) {
    os << llvm::formatv("measured again, side by side: {0} interleaved "
                        "rounds of at least {1:f2} s each\n",
                        summary.finalRounds, summary.finalRunSeconds);
    Table rounds({"point", ">sweep", ">rounds", ">median", "note"});
    std::optional<size_t> incumbent = getIncumbent(summary.finalists);
    std::string incumbentName = !incumbent ? ""
                                : summary.finalists[*incumbent].isRecord
                                    ? "the record"
                                    : "the defaults";
    for (const TuneFinalist &finalist : summary.finalists) {
      std::vector<std::string> medians;
      for (double value : finalist.roundMedians)
        medians.push_back(formatDuration(value));
      std::string text = getPointText(finalist.settings);
      bool won = summary.winner && summary.winner->median &&
                 getPointText(summary.winner->settings) == text;
      std::vector<std::string> notes;
      if (finalist.isDefaults)
        notes.push_back("the defaults");
      if (finalist.isRecord)
        notes.push_back("the record");
      else if (summary.recordOlder && summary.recordPoint &&
               text == getPointText(*summary.recordPoint))
        notes.push_back("the older record");
      if (finalist.roundsFaster)
        notes.push_back(llvm::formatv("faster than {0} in {1} of {2} rounds",
                                      incumbentName, *finalist.roundsFaster,
                                      finalist.roundMedians.size()));
      if (won)
        notes.push_back(summary.incumbentHeld ? "kept" : "fastest");
      std::string note = llvm::join(notes, ", ");
      rounds.addRow({text.empty() ? "(the schedule as written)" : text,
                     formatDuration(finalist.sweepMedian),
                     llvm::join(medians, " "),
                     finalist.median ? formatDuration(*finalist.median)
                                     : std::string("- (a round failed)"),
                     note});
    }
    rounds.print(os);
  }
  if (summary.incumbentHeld)
    os << "no point ran faster than "
       << (summary.winner->isRecord ? "the record" : "the defaults")
       << " in most rounds: it is kept (a lower median alone is "
          "noise)\n";
  if (summary.confirmedMedian)
    os << "best point measured again: median "
       << formatDuration(*summary.confirmedMedian) << "\n";
  if (summary.defaultMedian && summary.best)
    os << llvm::formatv("the schedule's defaults: median {0}; the best point "
                        "is {1:f2}x as fast\n",
                        formatDuration(*summary.defaultMedian),
                        *summary.defaultMedian / *summary.best->medianSeconds);
  if (summary.defaultConfirmedMedian)
    os << "the defaults measured again: median "
       << formatDuration(*summary.defaultConfirmedMedian)
       << (summary.recordKeptDefaults
               ? "; the best point was not faster: the record keeps the "
                 "defaults\n"
               : "\n");
  if (summary.winner && summary.best && !summary.winner->isDefaults &&
      !summary.incumbentHeld &&
      getPointText(summary.winner->settings) !=
          getPointText(summary.best->settings))
    os << "fastest measured again: " << getPointText(summary.winner->settings)
       << (summary.winner->isRecord
               ? " (the record's point, not the sweep's best): the point "
                 "kept (--save-record, --best-schedule)\n"
               : " (not the sweep's best): the point kept (--save-record, "
                 "--best-schedule)\n");
}

} // namespace mlir::loom
