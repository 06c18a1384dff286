//===- TuneCommand.cpp - `loom tune` --------------------------------------===//

#include "runner/Commands.h"
#include "runner/Status.h"
#include "runner/Subprocess.h"
#include "runner/Tune.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getTuneCommand() {
  static cl::SubCommand command(
      "tune",
      "autotune the knobs written in a schedule.\n"
      "\n"
      "  loom tune matmul.mlir --schedule tunable.mlir --budget 50 \\\n"
      "      --constraint 'tile_m * tile_n <= 4096' --out best.mlir\n"
      "  loom tune merge shard-0.jsonl shard-1.jsonl -o all.jsonl\n"
      "\n"
      "The space is every transform.tune.knob (its options) and every\n"
      "transform.tune.alternatives (its regions) in the schedule;\n"
      "--constraint prunes it (docs/tuning.md has the expression language).\n"
      "Each candidate is `loom run --knob ...` in a child process with a\n"
      "time limit, so a crash or hang costs one record. Every result is\n"
      "appended to the database (--db) before the next candidate starts;\n"
      "running the same command again resumes without measuring again.\n"
      "\n"
      "Exit codes:\n"
      "  0  the sweep ran (or the space was printed) and found a valid point\n"
      "  2  usage or input error: missing file, parse error, unknown entry\n"
      "     point, a knob without options, a bad constraint, no database\n"
      "  3  no candidate was valid (all failed, crashed or timed out)\n"
      "  130  interrupted (Ctrl-C); everything measured is in the database\n");
  return command;
}

namespace {
cl::OptionCategory &getTuneCategory() {
  static cl::OptionCategory category("loom tune options");
  return category;
}

cl::list<std::string>
    positionals(cl::Positional, cl::OneOrMore,
                cl::desc("<payload.mlir> | merge <db.jsonl>... -o <all.jsonl>"),
                cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<std::string> mergeOutput("o", cl::value_desc("file"),
                                 cl::desc("With merge: the merged database"),
                                 cl::sub(getTuneCommand()),
                                 cl::cat(getTuneCategory()));
cl::opt<std::string> schedulePath(
    "schedule", cl::value_desc("file"),
    cl::desc("The tunable schedule (default: the one embedded in the "
             "payload)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::list<std::string> scheduleLibraries(
    "schedule-lib", cl::value_desc("file"),
    cl::desc("File of named sequences for transform.include (repeatable)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<std::string> entryPoint("entry-point", cl::value_desc("name"),
                                cl::init("__transform_main"),
                                cl::desc("Named sequence to apply"),
                                cl::sub(getTuneCommand()),
                                cl::cat(getTuneCategory()));
cl::list<std::string> constraints(
    "constraint", cl::value_desc("expr"),
    cl::desc("Keep only points where EXPR over knob names holds, e.g. "
             "'tile_m * tile_n <= 4096' (repeatable; all must hold)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<std::string> functionName("func", cl::value_desc("name"),
                                  cl::desc("Function to run (default: the "
                                           "only public one)"),
                                  cl::sub(getTuneCommand()),
                                  cl::cat(getTuneCategory()));
cl::opt<std::string> dbPath(
    "db", cl::value_desc("file.jsonl"),
    cl::desc("The JSON Lines database of results, appended to and resumed "
             "from (default: PAYLOAD-STEM.tune.jsonl in the current "
             "directory)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<std::string> strategy("strategy", cl::value_desc("name"),
                              cl::init("exhaustive"),
                              cl::desc("exhaustive (space order), random (a "
                                       "seeded order without repetition) or "
                                       "evolutionary (children of the best "
                                       "points so far)"),
                              cl::sub(getTuneCommand()),
                              cl::cat(getTuneCategory()));
cl::opt<uint64_t> seed("seed", cl::value_desc("n"), cl::init(0),
                       cl::desc("Seed of the random and evolutionary "
                                "strategies"),
                       cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<uint64_t> budget("budget", cl::value_desc("n"),
                         cl::desc("Consider at most N points (those already "
                                  "in the database count: the same command "
                                  "resumes up to N)"),
                         cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<double> timeLimit("time-limit", cl::value_desc("seconds"),
                          cl::desc("Start no new candidate after this much "
                                   "wall time"),
                          cl::sub(getTuneCommand()),
                          cl::cat(getTuneCategory()));
cl::opt<unsigned> threads("threads", cl::value_desc("n"), cl::init(1),
                          cl::desc("Threads of every candidate (default 1)"),
                          cl::sub(getTuneCommand()),
                          cl::cat(getTuneCategory()));
cl::opt<double> minTime("min-time", cl::value_desc("seconds"), cl::init(0.2),
                        cl::desc("Timing per candidate (default 0.2; the best "
                                 "is measured again 4x longer, at least 1 s)"),
                        cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<unsigned> jobs("j", cl::value_desc("jobs"), cl::init(1),
                       cl::desc("Candidates at once: they compile and check "
                                "in parallel and take turns at timing "
                                "(default 1)"),
                       cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<unsigned> candidateTimeout(
    "candidate-timeout", cl::value_desc("seconds"),
    cl::desc("Kill a candidate after this long (default: 20x the time of "
             "the baseline run of the payload without the schedule, at least "
             "60 s)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<std::string> shard("shard", cl::value_desc("I/N"),
                           cl::desc("Evaluate only the points whose index is "
                                    "I modulo N (0 <= I < N)"),
                           cl::sub(getTuneCommand()),
                           cl::cat(getTuneCategory()));
cl::opt<std::string> outPath(
    "out", cl::value_desc("file"),
    cl::desc("Write the best schedule, every knob resolved, here (loom run "
             "--schedule FILE takes it as it is)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<unsigned> top("top", cl::value_desc("k"), cl::init(5),
                      cl::desc("Rows of the final table (default 5)"),
                      cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<bool> listSpace("list-space",
                        cl::desc("Print the space (knobs, options, size) and "
                                 "exit"),
                        cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
} // namespace

int runTuneCommand() {
  auto fail = [](llvm::Error error) {
    auto [code, message] = takeError(std::move(error));
    llvm::errs() << "loom tune: error: " << message << "\n";
    return static_cast<int>(code);
  };
  if (positionals.front() == "merge") {
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
  if (positionals.size() != 1)
    return fail(makeError(ExitCode::InvalidInput,
                          "one payload, please (or: loom tune merge "
                          "A.jsonl B.jsonl... -o ALL.jsonl)"));
  std::string payloadPath = positionals.front();
  RunOptions options;
  options.payloadPath = payloadPath;
  options.schedulePath = schedulePath;
  options.scheduleLibraries.assign(scheduleLibraries.begin(),
                                   scheduleLibraries.end());
  options.entryPoint = entryPoint;
  auto space = loadTuneSpace(options, llvm::errs());
  if (!space)
    return fail(space.takeError());
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

  TuneOptions tune;
  tune.run = options;
  tune.run.function = functionName;
  tune.run.threads = threads;
  tune.run.timing.minTime = minTime;
  tune.constraints.assign(constraints.begin(), constraints.end());
  tune.strategy = strategy;
  tune.strategySeed = seed;
  if (budget.getNumOccurrences())
    tune.budget = budget;
  if (timeLimit.getNumOccurrences())
    tune.timeLimit = timeLimit;
  tune.dbPath = dbPath;
  if (tune.dbPath.empty())
    tune.dbPath = llvm::sys::path::stem(payloadPath).str() + ".tune.jsonl";
  tune.outPath = outPath;
  tune.candidateTimeout = candidateTimeout;
  tune.jobs = jobs;
  if (!shard.empty()) {
    auto [index, count] = llvm::StringRef(shard).split('/');
    if (index.getAsInteger(10, tune.shardIndex) ||
        count.getAsInteger(10, tune.shardCount))
      return fail(makeError(ExitCode::InvalidInput,
                            "--shard '" + shard + "' is not I/N (e.g. 0/3)"));
  }
  tune.loomExecutable = getCurrentExecutable();
  // On a terminal the progress line redraws in place; elsewhere (CI logs)
  // every candidate gets its own line.
  bool terminal = llvm::errs().is_displayed();
  bool pending = false;
  tune.log = [&](llvm::StringRef line) {
    bool progress = line.starts_with("[");
    if (terminal && progress) {
      llvm::errs() << "\r\033[K" << line;
      pending = true;
      return;
    }
    if (pending)
      llvm::errs() << "\n";
    pending = false;
    llvm::errs() << line << "\n";
  };
  auto summary = runTune(tune);
  if (pending)
    llvm::errs() << "\n";
  if (!summary)
    return fail(summary.takeError());
  printTuneSummary(*summary, top, llvm::outs());
  llvm::outs() << "results in " << tune.dbPath;
  if (summary->best && !tune.outPath.empty())
    llvm::outs() << "; the best schedule in " << tune.outPath;
  llvm::outs() << "\n";
  if (summary->interrupted)
    return 130;
  return summary->best ? 0 : static_cast<int>(ExitCode::CompileFailure);
}

} // namespace mlir::loom
