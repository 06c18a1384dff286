//===- CandidatePool.cpp - Candidates of a sweep in child processes -------===//

#include "runner/campaigns/CandidatePool.h"
#include "runner/kernel/Timer.h"
#include "runner/results/Files.h"
#include "runner/results/Options.h"
#include "runner/results/Record.h"

#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <thread>

namespace mlir::loom {

struct CandidatePool::Running {
  std::unique_ptr<RunningChild> child;
  uint64_t tag = 0;
  std::vector<KnobSetting> settings;
  std::string json;
  unsigned timeout = 0;
  double started = 0;
};

CandidatePool::CandidatePool(std::string loomExecutable, std::string scratchDir,
                             unsigned jobs)
    : loomExecutable(std::move(loomExecutable)),
      scratchDir(std::move(scratchDir)), jobs(std::max(1u, jobs)) {}

CandidatePool::~CandidatePool() = default;

std::vector<std::string>
CandidatePool::getCommand(const RunOptions &options) const {
  std::vector<std::string> argv = {loomExecutable, "run"};
  std::vector<std::string> arguments = toRunArguments(options);
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  argv.insert(argv.end(),
              {"--timing-lock", scratchDir + "/timing.lock", "--quiet"});
  return argv;
}

/// The result of a finished candidate: its record, or what killed it.
static TunePoint readResult(llvm::ArrayRef<KnobSetting> settings,
                            llvm::StringRef json, const ChildResult &child,
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
      if (record->schedule && record->schedule->records)
        point.recordsKey = record->schedule->records->key;
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

void CandidatePool::start(const RunOptions &options, unsigned timeoutSeconds,
                          uint64_t tag) {
  auto candidate = std::make_unique<Running>();
  std::string stem = scratchDir + "/candidate-" + std::to_string(launched++);
  candidate->json = stem + ".json";
  candidate->tag = tag;
  candidate->settings = options.knobs;
  candidate->timeout = timeoutSeconds;
  candidate->started = now();
  llvm::sys::fs::remove(candidate->json);
  RunOptions run = options;
  run.outputs.jsonPath = candidate->json;
  candidate->child = std::make_unique<RunningChild>(
      getCommand(run), stem + ".log", timeoutSeconds);
  running.push_back(std::move(candidate));
}

std::vector<CandidatePool::Finished> CandidatePool::collect() {
  std::vector<Finished> finished;
  for (size_t i = 0; i < running.size();) {
    Running &candidate = *running[i];
    if (std::optional<ChildResult> result = candidate.child->poll()) {
      finished.push_back(
          {candidate.tag, readResult(candidate.settings, candidate.json,
                                     *result, candidate.timeout)});
      finished.back().point.wallSeconds = now() - candidate.started;
      running.erase(running.begin() + i);
    } else {
      ++i;
    }
  }
  if (finished.empty())
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return finished;
}

TunePoint CandidatePool::runOne(const RunOptions &options,
                                unsigned timeoutSeconds) {
  std::string json = scratchDir + "/candidate.json";
  llvm::sys::fs::remove(json);
  RunOptions run = options;
  run.outputs.jsonPath = json;
  double started = now();
  ChildResult child =
      runChild(getCommand(run), timeoutSeconds, scratchDir + "/candidate.log");
  TunePoint point = readResult(options.knobs, json, child, timeoutSeconds);
  point.wallSeconds = now() - started;
  return point;
}

} // namespace mlir::loom
