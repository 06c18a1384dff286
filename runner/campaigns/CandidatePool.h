//===- CandidatePool.h - Candidates of a sweep in child processes -*- C++
//-*-===//
//
// `loom tune` runs every candidate as a child `loom run` (its arguments
// derived from RunOptions by the option table) with a time limit, so that a
// crash or a hang costs one record. Up to `jobs` children run at once: they
// compile in parallel and take turns at running kernels, the check and the
// timing (--timing-lock).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_CANDIDATEPOOL_H
#define LOOM_RUNNER_CAMPAIGNS_CANDIDATEPOOL_H

#include "runner/campaigns/Subprocess.h"
#include "runner/campaigns/TuneDatabase.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::loom {

class CandidatePool {
public:
  /// Children run `loomExecutable run ...`, writing their records and logs
  /// into `scratchDir`.
  CandidatePool(std::string loomExecutable, std::string scratchDir,
                unsigned jobs);
  ~CandidatePool();

  bool hasRoom() const { return running.size() < jobs; }
  bool empty() const { return running.empty(); }

  /// Starts the run `options` (whose knobs are the point) with a time limit;
  /// `tag` comes back with its result.
  void start(const RunOptions &options, unsigned timeoutSeconds, uint64_t tag);

  struct Finished {
    uint64_t tag;
    TunePoint point;
  };
  /// The candidates that finished since the last call; waits a little when
  /// none has.
  std::vector<Finished> collect();

  /// Runs `options` alone and waits for it.
  TunePoint runOne(const RunOptions &options, unsigned timeoutSeconds);

private:
  struct Running;
  std::vector<std::string> getCommand(const RunOptions &options) const;

  std::string loomExecutable, scratchDir;
  unsigned jobs;
  uint64_t launched = 0;
  std::vector<std::unique_ptr<Running>> running;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_CANDIDATEPOOL_H
