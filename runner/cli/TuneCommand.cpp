//===- TuneCommand.cpp - `loom tune` --------------------------------------===//

#include "runner/campaigns/Subprocess.h"
#include "runner/campaigns/TunableSchedule.h"
#include "runner/campaigns/Tune.h"
#include "runner/cli/Commands.h"
#include "runner/cli/OptionFlags.h"
#include "runner/kernel/CpuPin.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/results/Status.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getTuneCommand() {
  static cl::SubCommand command("tune",
                                R"(autotune the knobs written in a schedule.

  loom tune matmul.mlir --schedule tunable.mlir --budget 50 \
      --constraint 'tile_m * tile_n <= 4096' --best-schedule best.mlir
  loom tune merge shard-0.jsonl shard-1.jsonl -o all.jsonl

The space is every transform.tune.knob (its options) and every
transform.tune.alternatives (its regions) in the schedule;
--constraint prunes it (docs/tuning.md has the expression language).
Each candidate is `loom run --knob ...` in a child process with a
time limit, so a crash or hang costs one record. Every result is
appended to the database (--db) before the next candidate starts;
running the same command again resumes without measuring again.

Exit codes:
  0  the sweep ran (or the space was printed) and found a valid point
  2  usage or input error: missing file, parse error, unknown entry
     point, a knob without options, a bad constraint, no database
  3  no candidate was valid (all failed, crashed or timed out)
  130  interrupted (Ctrl-C); everything measured is in the database
)");
  return command;
}

namespace {
cl::list<std::string>
    positionals(cl::Positional, cl::OneOrMore,
                cl::desc("<payload.mlir> | merge <db.jsonl>... -o <all.jsonl>"),
                cl::sub(getTuneCommand()),
                cl::cat(getCategory(getTuneCommand())));
cl::opt<std::string> mergeOutput("o", cl::value_desc("file"),
                                 cl::desc("With merge: the merged database"),
                                 cl::sub(getTuneCommand()),
                                 cl::cat(getCategory(getTuneCommand())));
/// The options of every candidate's `loom run` (results/Options.h).
RunOptions getTuneDefaults() {
  RunOptions defaults;
  defaults.timing.minTime = 0.2;
  return defaults;
}
OptionFlags runFlags(getTuneCommand(), getCategory(getTuneCommand()), TuneFlag,
                     getTuneDefaults());
cl::list<std::string> constraints(
    "constraint", cl::value_desc("expr"),
    cl::desc("Keep only points where EXPR over knob names holds, e.g. "
             "'tile_m * tile_n <= 4096' (repeatable; all must hold)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::list<std::string> sweepKnobs(
    "sweep", cl::value_desc("knob"),
    cl::desc("Sweep this knob too, though the schedule holds it at its "
             "default (loom.sweep = false: the knobs of paths few payloads "
             "take; --list-space marks them) (repeatable)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::opt<std::string> dbPath(
    "db", cl::value_desc("file.jsonl"),
    cl::desc("The JSON Lines database of results, appended to and resumed "
             "from (default: PAYLOAD-STEM.tune.jsonl in the current "
             "directory)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::opt<std::string> strategy("strategy", cl::value_desc("name"),
                              cl::init("exhaustive"),
                              cl::desc("exhaustive (space order), random (a "
                                       "seeded order without repetition), "
                                       "evolutionary (children of the best "
                                       "points so far) or model (the point a "
                                       "model fitted to the results so far "
                                       "predicts fastest)"),
                              cl::sub(getTuneCommand()),
                              cl::cat(getCategory(getTuneCommand())));
cl::opt<uint64_t> strategySeed("strategy-seed", cl::value_desc("n"),
                               cl::init(0),
                               cl::desc("Seed of the random and evolutionary "
                                        "strategies (default: 0)"),
                               cl::sub(getTuneCommand()),
                               cl::cat(getCategory(getTuneCommand())));
// The old spelling of --strategy-seed, kept for one release.
cl::opt<uint64_t> deprecatedSeed("seed",
                                 cl::desc("Deprecated: --strategy-seed"),
                                 cl::ReallyHidden, cl::sub(getTuneCommand()),
                                 cl::cat(getCategory(getTuneCommand())));
cl::opt<uint64_t> budget("budget", cl::value_desc("n"),
                         cl::desc("Consider at most N points (those already "
                                  "in the database count: the same command "
                                  "resumes up to N)"),
                         cl::sub(getTuneCommand()),
                         cl::cat(getCategory(getTuneCommand())));
cl::opt<double> timeLimit("time-limit", cl::value_desc("seconds"),
                          cl::desc("Start no new candidate after this much "
                                   "wall time"),
                          cl::sub(getTuneCommand()),
                          cl::cat(getCategory(getTuneCommand())));
cl::opt<unsigned> finalists(
    "finalists", cl::value_desc("n"), cl::init(3),
    cl::desc("At the end, measure the N best points of the sweep and the "
             "defaults again, side by side in --final-rounds interleaved "
             "rounds; the record and --best-schedule keep the fastest by the "
             "median of its rounds (default 3; 0: keep the sweep's best as "
             "measured)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::opt<unsigned> finalRounds(
    "final-rounds", cl::value_desc("n"), cl::init(3),
    cl::desc("Rounds of the final measurements of --finalists, as long in "
             "all as four times --min-time (at least 1 s); more rounds, "
             "shorter each (default 3; 0: no final rounds)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::opt<unsigned> jobs("j", cl::value_desc("jobs"), cl::init(1),
                       cl::desc("Candidates that compile at once; their "
                                "kernels (the check and the timing) run one "
                                "at a time (default 1)"),
                       cl::sub(getTuneCommand()),
                       cl::cat(getCategory(getTuneCommand())));
cl::opt<bool> noOverlap(
    "no-overlap",
    cl::desc("Do not compile the next candidate while one runs its kernels "
             "(by default one more child compiles meanwhile, on another "
             "core)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::opt<unsigned> candidateTimeout(
    "candidate-timeout", cl::value_desc("seconds"),
    cl::desc("Kill a candidate after this long (default: 10x the wall time "
             "of the best valid candidate so far, at least 60 s; 600 s "
             "before any is valid)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::opt<std::string> shard("shard", cl::value_desc("I/N"),
                           cl::desc("Evaluate only the points whose index is "
                                    "I modulo N (0 <= I < N)"),
                           cl::sub(getTuneCommand()),
                           cl::cat(getCategory(getTuneCommand())));
cl::opt<std::string> bestSchedulePath(
    "best-schedule", cl::value_desc("file"),
    cl::desc("Write the best schedule, every knob resolved, here (loom run "
             "--schedule FILE takes it as it is)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
// The old spelling of --best-schedule, kept for one release.
cl::opt<std::string> deprecatedOut("out",
                                   cl::desc("Deprecated: --best-schedule"),
                                   cl::ReallyHidden, cl::sub(getTuneCommand()),
                                   cl::cat(getCategory(getTuneCommand())));
cl::opt<std::string> saveRecordPath(
    "save-record", cl::value_desc("file"),
    cl::desc("Add the best point to this tuned-records file (created if "
             "missing; the record of the same payload, schedule, CPU and "
             "threads is replaced), which loom run and loom bench apply "
             "with --records FILE (docs/performance.md)"),
    cl::sub(getTuneCommand()), cl::cat(getCategory(getTuneCommand())));
cl::opt<unsigned> top("top", cl::value_desc("k"), cl::init(5),
                      cl::desc("Rows of the final table (default 5)"),
                      cl::sub(getTuneCommand()),
                      cl::cat(getCategory(getTuneCommand())));
cl::opt<bool> listSpace("list-space",
                        cl::desc("Print the space (knobs, options, size) and "
                                 "exit"),
                        cl::sub(getTuneCommand()),
                        cl::cat(getCategory(getTuneCommand())));
} // namespace

static int fail(llvm::Error error) {
  return reportFailure("tune", std::move(error));
}

/// `loom tune merge A.jsonl B.jsonl... -o ALL.jsonl`.
static int runMerge() {
  std::vector<std::string> inputs(positionals.begin() + 1, positionals.end());
  if (inputs.empty() || mergeOutput.empty())
    return fail(makeError(ExitCode::InvalidInput,
                          "usage: loom tune merge A.jsonl B.jsonl... -o "
                          "ALL.jsonl"));
  auto written =
      mergeTuneDatabases(inputs, mergeOutput, [](llvm::StringRef line) {
        llvm::errs() << line << "\n";
      });
  if (!written)
    return fail(written.takeError());
  llvm::outs() << *written << " records in " << mergeOutput << "\n";
  return 0;
}

/// The options of every candidate, from the command line.
static llvm::Expected<RunOptions> getRunOptions() {
  if (positionals.size() != 1)
    return makeError(ExitCode::InvalidInput,
                     "one payload, please (or: loom tune merge A.jsonl "
                     "B.jsonl... -o ALL.jsonl)");
  RunOptions options = getTuneDefaults();
  options.payloadPath = positionals.front();
  std::vector<std::string> warnings;
  llvm::Error error = runFlags.apply(options, warnings);
  if (deprecatedSeed.getNumOccurrences())
    warnings.push_back("--seed is deprecated in loom tune; use "
                       "--strategy-seed (--seed will be the input seed, as "
                       "in loom run)");
  if (deprecatedOut.getNumOccurrences())
    warnings.push_back("--out is deprecated in loom tune; use "
                       "--best-schedule");
  for (const std::string &warning : warnings)
    llvm::errs() << "loom tune: warning: " << warning << "\n";
  if (error)
    return std::move(error);
  // Every candidate would fail on a --cpu it cannot take: refused before
  // the sweep starts.
  if (llvm::Error error = checkCpuOption(options.cpu, options.threads))
    return std::move(error);
  return options;
}

/// The options of the sweep, from the command line.
static llvm::Expected<TuneOptions> getTuneOptions(const RunOptions &run) {
  TuneOptions tune;
  tune.run = run;
  tune.constraints.assign(constraints.begin(), constraints.end());
  tune.sweep.assign(sweepKnobs.begin(), sweepKnobs.end());
  tune.strategy = strategy;
  tune.strategySeed =
      deprecatedSeed.getNumOccurrences() && !strategySeed.getNumOccurrences()
          ? deprecatedSeed
          : strategySeed;
  if (budget.getNumOccurrences())
    tune.budget = budget;
  if (timeLimit.getNumOccurrences())
    tune.timeLimit = timeLimit;
  tune.dbPath = dbPath;
  if (tune.dbPath.empty())
    tune.dbPath = llvm::sys::path::stem(run.payloadPath).str() + ".tune.jsonl";
  tune.bestSchedulePath =
      bestSchedulePath.empty() ? deprecatedOut : bestSchedulePath;
  tune.saveRecordPath = saveRecordPath;
  tune.candidateTimeout = candidateTimeout;
  tune.jobs = jobs;
  tune.overlap = !noOverlap;
  tune.finalists = finalists;
  tune.finalRounds = finalRounds;
  if (!shard.empty()) {
    auto [index, count] = llvm::StringRef(shard).split('/');
    if (index.getAsInteger(10, tune.shardIndex) ||
        count.getAsInteger(10, tune.shardCount))
      return makeError(ExitCode::InvalidInput,
                       "--shard '" + shard + "' is not I/N (e.g. 0/3)");
  }
  tune.loomExecutable = getCurrentExecutable();
  return tune;
}

/// Prints log lines of the sweep. On a terminal the progress line redraws
/// in place; elsewhere (CI logs) every candidate gets its own line.
class TuneLog {
public:
  void operator()(llvm::StringRef line) {
    bool progress = line.starts_with("[");
    if (terminal && progress) {
      llvm::errs() << "\r\033[K" << line;
      pending = true;
      return;
    }
    finishLine();
    llvm::errs() << line << "\n";
  }
  void finishLine() {
    if (pending)
      llvm::errs() << "\n";
    pending = false;
  }

private:
  bool terminal = llvm::errs().is_displayed();
  bool pending = false;
};

/// The sweep of `run`'s candidates.
static int runSweep(const RunOptions &run);

int runTuneCommand() {
  if (positionals.front() == "merge")
    return runMerge();
  auto run = getRunOptions();
  if (!run)
    return fail(run.takeError());
  // Parsing the schedule may nest deep: on a thread with --stack-size.
  return runOnStack(run->stackSize, [&] { return runSweep(*run); });
}

static int runSweep(const RunOptions &run) {
  auto space = loadTuneSpace(run, llvm::errs());
  if (!space)
    return fail(space.takeError());
  if (llvm::Error error = space->sweep(sweepKnobs))
    return fail(std::move(error));
  std::vector<Constraint> parsed;
  for (const std::string &text : constraints) {
    auto constraint = Constraint::parse(text, space->getNames());
    if (!constraint)
      return fail(constraint.takeError());
    parsed.push_back(std::move(*constraint));
  }
  if (listSpace) {
    printTuneSpace(*space, parsed, llvm::outs());
    return 0;
  }

  auto tune = getTuneOptions(run);
  if (!tune)
    return fail(tune.takeError());
  TuneLog log;
  tune->log = [&](llvm::StringRef line) { log(line); };
  auto summary = runTune(*tune);
  log.finishLine();
  if (!summary)
    return fail(summary.takeError());
  printTuneSummary(*summary, top, llvm::outs());
  llvm::outs() << "results in " << tune->dbPath;
  if (summary->best && !tune->bestSchedulePath.empty())
    llvm::outs() << "; the best schedule in " << tune->bestSchedulePath;
  if (summary->recordSaved)
    llvm::outs() << "; its record in " << tune->saveRecordPath;
  llvm::outs() << "\n";
  if (summary->interrupted)
    return 130;
  return summary->best ? 0 : static_cast<int>(ExitCode::CompileFailure);
}

} // namespace mlir::loom
