//===- Suite.h - Benchmark suites for `loom bench` --------------*- C++ -*-===//
//
// A suite is a JSON file listing benchmarks: each one is a `loom run` (payload,
// schedule, function, threads, knobs, sizes, timing) with a name and tags.
// Paths are relative to the suite file. The format is docs/suite.md.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_SUITE_H
#define LOOM_RUNNER_CAMPAIGNS_SUITE_H

#include "runner/results/RunOptions.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace mlir::loom {

struct BenchmarkSpec {
  std::string name;
  std::vector<std::string> tags;
  /// What `loom run` would be given; paths are resolved against the suite.
  RunOptions options;
};

struct Suite {
  /// The suite file and the SHA-256 of its bytes.
  std::string path, sha256;
  std::string name;
  std::vector<BenchmarkSpec> benchmarks;
  /// Deprecated keys the suite uses ("suite.defaults.iterations is
  /// deprecated; write iters").
  std::vector<std::string> warnings;
};

/// Reads and validates a suite file. Fails with InvalidInput and a message
/// naming the file and the JSON path of the first problem: an unknown key, a
/// missing or mistyped field, a file that does not exist, a duplicate name.
llvm::Expected<Suite> loadSuite(llvm::StringRef path);

/// Validates parsed suite JSON; `path` locates relative files and names the
/// suite in messages; `sha256` is the hash of the file's bytes.
llvm::Expected<Suite> parseSuite(const nlohmann::ordered_json &json,
                                 llvm::StringRef path, llvm::StringRef sha256);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_SUITE_H
