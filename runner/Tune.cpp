//===- Tune.cpp - `loom tune` ---------------------------------------------===//

#include "runner/Tune.h"
#include "runner/Driver.h"
#include "runner/JsonReader.h"
#include "runner/Peak.h"
#include "runner/Report.h"
#include "runner/Statistics.h"
#include "runner/Status.h"
#include "runner/Subprocess.h"
#include "runner/Timer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

namespace mlir::loom {

/// The schedule that `options` names: --schedule, else the one embedded in
/// the payload (without its libraries).
static llvm::Expected<OwningOpRef<ModuleOp>>
loadSchedule(Driver &driver, const RunOptions &options) {
  if (!options.schedulePath.empty()) {
    auto file = driver.load(options.schedulePath, "schedule");
    if (!file)
      return file.takeError();
    return std::move(file->module);
  }
  auto payload = driver.load(options.payloadPath, "payload");
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
  auto loaded = loadSchedule(driver, options);
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

//===----------------------------------------------------------------------===//
// The sweep
//===----------------------------------------------------------------------===//

using nlohmann::ordered_json;

namespace {
/// What makes two measurements comparable: the same payload, schedule,
/// entry point, function, threads, Loom, LLVM and machine.
struct TuneKey {
  std::string payload, schedule, entryPoint, function, loom, llvm, machine;
  unsigned threads = 1;

  ordered_json toJson() const {
    return {{"payload_sha256", payload}, {"schedule_sha256", schedule},
            {"entry_point", entryPoint}, {"function", function},
            {"threads", threads},        {"loom_version", loom},
            {"llvm_version", llvm},      {"machine", machine}};
  }
  bool matches(const ordered_json &line) const {
    ordered_json mine = toJson();
    for (auto it = mine.begin(); it != mine.end(); ++it)
      if (!line.contains(it.key()) || line[it.key()] != it.value())
        return false;
    return true;
  }
};
} // namespace

static std::string pointText(llvm::ArrayRef<KnobSetting> settings) {
  std::vector<std::string> parts;
  for (const KnobSetting &setting : settings)
    parts.push_back(setting.name + "=" + setting.value);
  return llvm::join(parts, " ");
}

static llvm::Expected<TuneKey> makeKey(const RunOptions &run) {
  TuneKey key;
  auto payload = readTextFile(run.payloadPath, "the payload");
  if (!payload)
    return payload.takeError();
  key.payload = sha256Hex(*payload);
  std::vector<std::string> paths;
  if (!run.schedulePath.empty())
    paths.push_back(run.schedulePath);
  paths.insert(paths.end(), run.scheduleLibraries.begin(),
               run.scheduleLibraries.end());
  std::string schedule;
  for (const std::string &path : paths) {
    auto text = readTextFile(path, "the schedule");
    if (!text)
      return text.takeError();
    schedule += sha256Hex(*text);
  }
  key.schedule =
      schedule.empty() ? "embedded:" + key.payload : sha256Hex(schedule);
  key.entryPoint = run.entryPoint;
  key.function = run.function;
  key.threads = run.threads;
  key.loom = LOOM_VERSION;
  key.llvm = LLVM_VERSION_STRING;
  key.machine = getPeakCacheKey(getHostInfo());
  return key;
}

static std::atomic<bool> interruptRequested{false};
static void onInterrupt(int) { interruptRequested = true; }

/// The command of one candidate: `loom run` with the point's knobs (or, for
/// the baseline, the payload without the schedule, saving its outputs as the
/// reference of every candidate), its record written to `json`.
static std::vector<std::string>
getCandidateCommand(const TuneOptions &options,
                    llvm::ArrayRef<KnobSetting> settings, llvm::StringRef json,
                    llvm::StringRef scratch, double minTime, bool baseline) {
  const RunOptions &run = options.run;
  std::string reference = (scratch + "/reference").str();
  std::vector<std::string> argv = {options.loomExecutable, "run",
                                   run.payloadPath};
  if (baseline) {
    argv.insert(argv.end(),
                {"--no-schedule", "--no-check", "--save-outputs", reference});
  } else {
    if (!run.schedulePath.empty())
      argv.insert(argv.end(), {"--schedule", run.schedulePath});
    for (const std::string &library : run.scheduleLibraries)
      argv.insert(argv.end(), {"--schedule-lib", library});
    argv.insert(argv.end(),
                {"--entry-point", run.entryPoint, "--reference-outputs",
                 reference, "--timing-lock", (scratch + "/timing.lock").str()});
  }
  if (!run.function.empty())
    argv.insert(argv.end(), {"--func", run.function});
  for (const KnobSetting &setting : settings)
    argv.insert(argv.end(), {"--knob", setting.name + "=" + setting.value});
  argv.insert(argv.end(), {"--threads", std::to_string(run.threads), "--seed",
                           std::to_string(run.seed), "--min-time",
                           llvm::formatv("{0}", minTime).str(), "--json",
                           json.str(), "--quiet"});
  return argv;
}

/// The result of a finished candidate: its record, or what killed it.
static TunePoint readCandidateResult(llvm::ArrayRef<KnobSetting> settings,
                                     llvm::StringRef json,
                                     const ChildResult &child,
                                     unsigned timeout) {
  TunePoint point;
  point.settings.assign(settings.begin(), settings.end());
  if (auto text = readTextFile(json, "the candidate's record")) {
    if (auto record = parseRecord(*text)) {
      point.status = record->status;
      point.reason = record->error;
      if (record->timing)
        point.medianSeconds = record->timing->median;
      point.gflops = record->getGflops();
      return point;
    } else {
      llvm::consumeError(record.takeError());
    }
  } else {
    llvm::consumeError(text.takeError());
  }
  if (child.timedOut) {
    point.status = "timeout";
    point.reason = "took longer than " + std::to_string(timeout) + " s";
  } else {
    point.status = "crash";
    point.reason = child.message.empty() ? "the candidate exited with code " +
                                               std::to_string(child.exitCode) +
                                               " without a record"
                                         : child.message;
  }
  return point;
}

/// Runs one candidate and waits for it.
static TunePoint evaluate(const TuneOptions &options,
                          llvm::ArrayRef<KnobSetting> settings,
                          unsigned timeout, llvm::StringRef scratch,
                          double minTime, bool baseline = false) {
  std::string json = (scratch + "/candidate.json").str();
  llvm::sys::fs::remove(json);
  ChildResult child = runChild(
      getCandidateCommand(options, settings, json, scratch, minTime, baseline),
      timeout, (scratch + "/candidate.log").str());
  return readCandidateResult(settings, json, child, timeout);
}

static ordered_json pointToJson(const TuneKey &key, const TunePoint &point) {
  ordered_json line = {{"schema", "loom-tune-record"}, {"version", 1}};
  ordered_json keyJson = key.toJson();
  line.insert(keyJson.begin(), keyJson.end());
  ordered_json settings = ordered_json::object();
  for (const KnobSetting &setting : point.settings)
    settings[setting.name] = setting.value;
  line["point"] = settings;
  line["status"] = point.status;
  line["reason"] = point.reason;
  line["median_s"] = point.medianSeconds ? ordered_json(*point.medianSeconds)
                                         : ordered_json(nullptr);
  line["gflops"] =
      point.gflops ? ordered_json(*point.gflops) : ordered_json(nullptr);
  line["timestamp"] = currentTimestamp();
  return line;
}

/// Calls `fn` with each record of the JSON Lines database `path`; lines that
/// are not records are skipped with a warning through `log`.
static llvm::Error
forEachTuneRecord(llvm::StringRef path,
                  const std::function<void(llvm::StringRef)> &log,
                  llvm::function_ref<void(const ordered_json &)> fn) {
  auto text = readTextFile(path, "the tuning database");
  if (!text)
    return text.takeError();
  SmallVector<llvm::StringRef> lines;
  llvm::StringRef(*text).split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (auto [number, line] : llvm::enumerate(lines)) {
    ordered_json json = ordered_json::parse(line.str(), nullptr, false);
    if (json.is_discarded() || !json.is_object() || !json.contains("point") ||
        !json["point"].is_object() || !json.contains("status") ||
        !json["status"].is_string()) {
      if (log)
        log(llvm::formatv("warning: {0}:{1} is not a tuning record; skipped",
                          path, number + 1)
                .str());
      continue;
    }
    fn(json);
  }
  return llvm::Error::success();
}

/// The points already in the database for this key, by point text.
static llvm::StringMap<TunePoint> loadDatabase(const TuneOptions &options,
                                               const TuneKey &key,
                                               TuneSummary &summary) {
  llvm::StringMap<TunePoint> known;
  if (!llvm::sys::fs::exists(options.dbPath))
    return known;
  auto warn = [&](llvm::StringRef line) {
    ++summary.corruptLines;
    if (options.log)
      options.log(line);
  };
  llvm::Error error =
      forEachTuneRecord(options.dbPath, warn, [&](const ordered_json &json) {
        if (!key.matches(json)) {
          ++summary.otherRecords;
          return;
        }
        TunePoint point;
        for (auto it = json["point"].begin(); it != json["point"].end(); ++it)
          if (it.value().is_string())
            point.settings.push_back({it.key(), it.value().get<std::string>()});
        point.status = json["status"].get<std::string>();
        if (json.contains("reason") && json["reason"].is_string())
          point.reason = json["reason"].get<std::string>();
        if (json.contains("median_s") && json["median_s"].is_number())
          point.medianSeconds = json["median_s"].get<double>();
        if (json.contains("gflops") && json["gflops"].is_number())
          point.gflops = json["gflops"].get<double>();
        point.reused = true;
        known[pointText(point.settings)] = point;
      });
  if (error)
    llvm::consumeError(std::move(error));
  return known;
}

/// Writes the schedule with `settings` applied (the libraries stay separate,
/// so the same --schedule-lib options apply).
static llvm::Error writeBestSchedule(const TuneOptions &options,
                                     llvm::ArrayRef<KnobSetting> settings) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  Driver driver(os);
  auto loaded = loadSchedule(driver, options.run);
  if (!loaded)
    return loaded.takeError();
  OwningOpRef<ModuleOp> schedule = std::move(*loaded);
  if (llvm::Error error = applyKnobs(*schedule, settings))
    return error;
  std::string text;
  llvm::raw_string_ostream out(text);
  schedule->print(out);
  out << "\n";
  return writeTextFile(text, options.outPath, "the best schedule");
}

namespace {
/// The order of the candidates: the space order (exhaustive), a seeded
/// shuffle (random), or an evolutionary search: a random initial population,
/// then children of good points (tournament selection, uniform crossover,
/// mutation of one or two knobs), falling back to unseen random points.
class CandidateGenerator {
public:
  CandidateGenerator(const TuneSpace &space,
                     llvm::ArrayRef<Constraint> constraints,
                     const TuneOptions &options, llvm::ArrayRef<size_t> order)
      : space(space), constraints(constraints), options(options), order(order),
        state(options.strategySeed ^ 0x5eed) {}

  std::optional<uint64_t> next() {
    if (options.strategy != "evolutionary" || evaluated.size() < kPopulation ||
        valid.empty())
      return nextInOrder();
    for (int attempt = 0; attempt < 64; ++attempt) {
      std::vector<size_t> child = breed();
      uint64_t index = space.getIndex(child);
      if (isCandidate(index, child))
        return take(index);
    }
    return nextInOrder();
  }

  bool hasMore() const { return seen.size() < order.size(); }

  void record(llvm::ArrayRef<size_t> coordinates, const TunePoint &point) {
    evaluated.push_back(coordinates.vec());
    if (point.isValid())
      valid.push_back({*point.medianSeconds, coordinates.vec()});
  }

private:
  static constexpr size_t kPopulation = 8;

  uint64_t random() { return nextRandom(state); }

  std::optional<uint64_t> nextInOrder() {
    while (cursor < order.size()) {
      uint64_t index = order[cursor++];
      if (!seen.contains(index))
        return take(index);
    }
    return std::nullopt;
  }

  uint64_t take(uint64_t index) {
    seen.insert(index);
    return index;
  }

  bool isCandidate(uint64_t index, llvm::ArrayRef<size_t> coordinates) {
    return !seen.contains(index) &&
           index % options.shardCount == options.shardIndex &&
           space.satisfies(coordinates, constraints);
  }

  /// The fastest of three random valid points.
  const std::vector<size_t> &tournament() {
    const auto *best = &valid[random() % valid.size()];
    for (int i = 0; i < 2; ++i) {
      const auto *other = &valid[random() % valid.size()];
      if (other->first < best->first)
        best = other;
    }
    return best->second;
  }

  std::vector<size_t> breed() {
    std::vector<size_t> child = tournament();
    if (random() % 2) {
      const std::vector<size_t> &other = tournament();
      for (size_t i = 0; i < child.size(); ++i)
        if (random() % 2)
          child[i] = other[i];
    }
    // Mutate one knob, sometimes two.
    int mutations = random() % 4 == 0 ? 2 : 1;
    for (int m = 0; m < mutations && !child.empty(); ++m) {
      size_t dimension = random() % child.size();
      size_t options = space.getDimensions()[dimension].options.size();
      if (options > 1)
        child[dimension] =
            (child[dimension] + 1 + random() % (options - 1)) % options;
    }
    return child;
  }

  const TuneSpace &space;
  llvm::ArrayRef<Constraint> constraints;
  const TuneOptions &options;
  llvm::ArrayRef<size_t> order;
  size_t cursor = 0;
  uint64_t state;
  llvm::DenseSet<uint64_t> seen;
  std::vector<std::vector<size_t>> evaluated;
  std::vector<std::pair<double, std::vector<size_t>>> valid;
};
} // namespace

llvm::Expected<TuneSummary> runTune(const TuneOptions &options) {
  if (options.strategy != "exhaustive" && options.strategy != "random" &&
      options.strategy != "evolutionary")
    return makeError(ExitCode::InvalidInput,
                     "unknown --strategy '" + options.strategy +
                         "' (exhaustive, random or evolutionary)");
  if (options.shardCount == 0 || options.shardIndex >= options.shardCount)
    return makeError(ExitCode::InvalidInput, "--shard I/N needs 0 <= I < N");
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  auto space = loadTuneSpace(options.run, diagnosticStream);
  if (!space) {
    auto [code, message] = takeError(space.takeError());
    return makeError(code,
                     message + (diagnostics.empty() ? "" : "\n") + diagnostics);
  }
  std::vector<Constraint> constraints;
  for (const std::string &text : options.constraints) {
    auto constraint = Constraint::parse(text, space->getNames());
    if (!constraint)
      return constraint.takeError();
    constraints.push_back(std::move(*constraint));
  }
  auto key = makeKey(options.run);
  if (!key)
    return key.takeError();

  TuneSummary summary;
  summary.spaceSize = space->size();
  constexpr uint64_t kMaxPoints = 10'000'000;
  if (summary.spaceSize > kMaxPoints)
    return makeError(ExitCode::InvalidInput,
                     "the space has " + std::to_string(summary.spaceSize) +
                         " points; Loom sweeps at most " +
                         std::to_string(kMaxPoints) +
                         " (add --constraint, or fewer options)");
  std::vector<size_t> order;
  for (uint64_t index = 0; index < summary.spaceSize; ++index)
    if (index % options.shardCount == options.shardIndex &&
        space->satisfies(space->getCoordinates(index), constraints))
      order.push_back(index);
  if (options.strategy != "exhaustive") {
    uint64_t state = options.strategySeed;
    seededShuffle(order, state);
  }
  summary.candidates = order.size();

  llvm::StringMap<TunePoint> known = loadDatabase(options, *key, summary);
  std::error_code ec;
  llvm::raw_fd_ostream db(options.dbPath, ec, llvm::sys::fs::OF_Append);
  if (ec)
    return makeError(ExitCode::InvalidInput,
                     "cannot open the tuning database '" + options.dbPath +
                         "': " + ec.message());
  llvm::SmallString<128> scratch;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("loom-tune", scratch))
    return makeError(ExitCode::InvalidInput,
                     "cannot create a scratch directory: " + ec.message());

  interruptRequested = false;
  auto previous = std::signal(SIGINT, onInterrupt);
  double start = now();
  double minTime = options.run.timing.minTime;
  // The payload without the schedule, once, before the first new
  // evaluation: its outputs are every candidate's reference, and its time
  // bounds theirs.
  unsigned timeout = options.candidateTimeout;
  bool baselineDone = false;
  auto runBaseline = [&]() -> llvm::Error {
    baselineDone = true;
    double began = now();
    TunePoint baseline = evaluate(options, {}, std::max(timeout, 3600u),
                                  scratch, minTime, /*baseline=*/true);
    if (baseline.status != "ok")
      return makeError(
          ExitCode::InvalidInput,
          "the payload without the schedule (the reference) fails, so no "
          "candidate can be checked: " +
              baseline.status +
              (baseline.reason.empty() ? "" : ": " + baseline.reason));
    if (!timeout)
      timeout = std::max(60u, unsigned(20 * (now() - began)) + 1);
    return llvm::Error::success();
  };

  if (space->getDimensions().empty() && options.log)
    options.log("the schedule has no tune.knob or tune.alternatives: tuning "
                "its single point");
  CandidateGenerator generator(*space, constraints, options, order);
  // Up to `jobs` candidates run at once: they compile in parallel and take
  // turns at timing (--timing-lock).
  struct Running {
    std::unique_ptr<RunningChild> child;
    std::vector<size_t> coordinates;
    std::vector<KnobSetting> settings;
    std::string json;
  };
  std::vector<Running> running;
  unsigned jobs = std::max(1u, options.jobs);
  uint64_t launched = 0;
  bool exhausted = false;
  auto total = [&] {
    return options.budget ? std::min<double>(*options.budget, order.size())
                          : double(order.size());
  };
  auto finish = [&](Running &candidate, const ChildResult &child) {
    TunePoint point =
        readCandidateResult(candidate.settings, candidate.json, child, timeout);
    // On Ctrl-C the child (same process group) dies too: that is not a
    // result of the point. A child that finished anyway is kept.
    if (interruptRequested &&
        (point.status == "crash" || point.status == "timeout"))
      return;
    db << pointToJson(*key, point).dump() << "\n";
    db.flush();
    ++summary.evaluated;
    summary.points.push_back(point);
    generator.record(candidate.coordinates, point);
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
    size_t done = summary.points.size();
    double elapsed = now() - start;
    double remaining = elapsed / done * std::max(0.0, total() - done);
    options.log(
        llvm::formatv(
            "[{0}/{1}] {2}: {3}{4}; {5} valid, {6} invalid{7}; {8} elapsed, "
            "~{9} left",
            done, uint64_t(total()), pointText(point.settings), point.status,
            point.medianSeconds ? " " + formatDuration(*point.medianSeconds)
                                : std::string(),
            valid, done - valid,
            best ? ", best " + formatDuration(*best) : std::string(),
            formatDuration(elapsed), formatDuration(remaining))
            .str());
  };

  while (true) {
    // Start candidates while there is room and reason.
    while (!exhausted && running.size() < jobs && !interruptRequested) {
      if (options.budget &&
          summary.points.size() + running.size() >= *options.budget) {
        summary.stoppedByBudget = generator.hasMore();
        exhausted = true;
        break;
      }
      std::optional<uint64_t> index = generator.next();
      if (!index) {
        exhausted = true;
        break;
      }
      std::vector<size_t> coordinates = space->getCoordinates(*index);
      std::vector<KnobSetting> settings = space->getSettings(coordinates);
      if (auto it = known.find(pointText(settings)); it != known.end()) {
        summary.points.push_back(it->second);
        generator.record(coordinates, it->second);
        ++summary.reused;
        continue;
      }
      if (options.timeLimit && now() - start >= *options.timeLimit) {
        summary.stoppedByTime = true;
        exhausted = true;
        break;
      }
      if (!baselineDone)
        if (llvm::Error error = runBaseline()) {
          std::signal(SIGINT, previous);
          llvm::sys::fs::remove_directories(scratch);
          return std::move(error);
        }
      Running candidate;
      candidate.json =
          (scratch + "/candidate-" + Twine(launched) + ".json").str();
      std::string output =
          (scratch + "/candidate-" + Twine(launched) + ".log").str();
      ++launched;
      llvm::sys::fs::remove(candidate.json);
      candidate.child = std::make_unique<RunningChild>(
          getCandidateCommand(options, settings, candidate.json, scratch,
                              minTime, /*baseline=*/false),
          output, timeout);
      candidate.coordinates = std::move(coordinates);
      candidate.settings = std::move(settings);
      running.push_back(std::move(candidate));
    }
    if (running.empty())
      break;
    // Collect the candidates that are done.
    bool any = false;
    for (size_t i = 0; i < running.size();) {
      if (std::optional<ChildResult> result = running[i].child->poll()) {
        finish(running[i], *result);
        running.erase(running.begin() + i);
        any = true;
      } else {
        ++i;
      }
    }
    if (!any)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (interruptRequested)
    summary.interrupted = true;
  std::signal(SIGINT, previous);

  for (const TunePoint &point : summary.points)
    if (point.isValid() &&
        (!summary.best || *point.medianSeconds < *summary.best->medianSeconds))
      summary.best = point;
  if (summary.best && !summary.interrupted && !baselineDone)
    if (llvm::Error error = runBaseline())
      llvm::consumeError(std::move(error));
  if (summary.best && !summary.interrupted) {
    // The best of many candidates is likely a lucky sample: measure it
    // again, longer.
    TunePoint again =
        evaluate(options, summary.best->settings, std::max(timeout, 60u),
                 scratch, std::max(1.0, 4 * minTime));
    if (again.isValid())
      summary.confirmedMedian = again.medianSeconds;
  }
  if (summary.best && !options.outPath.empty())
    if (llvm::Error error = writeBestSchedule(options, summary.best->settings))
      return std::move(error);
  llvm::sys::fs::remove_directories(scratch);
  return summary;
}

/// The identity of a record: everything but its result and timestamp.
static std::string getRecordIdentity(const ordered_json &line) {
  ordered_json identity = line;
  for (const char *field :
       {"status", "reason", "median_s", "gflops", "timestamp"})
    identity.erase(field);
  // Sorted keys: the same point however its knobs were ordered.
  return nlohmann::json(identity).dump();
}

llvm::Expected<uint64_t>
mergeTuneDatabases(llvm::ArrayRef<std::string> inputs, llvm::StringRef output,
                   const std::function<void(llvm::StringRef)> &log) {
  std::vector<std::string> order;
  llvm::StringMap<std::string> latest;
  for (const std::string &input : inputs) {
    llvm::Error error =
        forEachTuneRecord(input, log, [&](const ordered_json &json) {
          std::string identity = getRecordIdentity(json);
          if (!latest.count(identity))
            order.push_back(identity);
          latest[identity] = json.dump();
        });
    if (error)
      return std::move(error);
  }
  std::string merged;
  for (const std::string &identity : order)
    merged += latest[identity] + "\n";
  if (llvm::Error error = writeTextFile(merged, output, "the merged database"))
    return std::move(error);
  return order.size();
}

void printTuneSummary(const TuneSummary &summary, unsigned count,
                      llvm::raw_ostream &os) {
  size_t invalid = llvm::count_if(
      summary.points, [](const TunePoint &p) { return !p.isValid(); });
  os << llvm::formatv("{0} candidates of {1} points: {2} evaluated now, {3} "
                      "from the database, {4} invalid",
                      summary.candidates, summary.spaceSize, summary.evaluated,
                      summary.reused, invalid);
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
  std::vector<const TunePoint *> valid;
  for (const TunePoint &point : summary.points)
    if (point.isValid())
      valid.push_back(&point);
  llvm::sort(valid, [](const TunePoint *a, const TunePoint *b) {
    return *a->medianSeconds < *b->medianSeconds;
  });
  if (valid.empty()) {
    os << "no valid point\n";
    return;
  }
  Table table({"rank", "point", ">median", ">GFLOP/s", "note"});
  for (auto [rank, point] : llvm::enumerate(valid)) {
    if (rank >= count)
      break;
    std::string text = pointText(point->settings);
    table.addRow({std::to_string(rank + 1),
                  text.empty() ? "(the schedule as written)" : text,
                  formatDuration(*point->medianSeconds),
                  point->gflops ? llvm::formatv("{0:f2}", *point->gflops).str()
                                : std::string("-"),
                  point->reused ? "from the database" : ""});
  }
  table.print(os);
  if (summary.confirmedMedian)
    os << "best point measured again: median "
       << formatDuration(*summary.confirmedMedian) << "\n";
}

} // namespace mlir::loom
