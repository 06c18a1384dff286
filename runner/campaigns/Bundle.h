//===- Bundle.h - Repro bundles of a run ------------------------*- C++ -*-===//
//
// `loom run --bundle DIR` writes everything needed to reproduce a run;
// `loom run --from-bundle DIR` runs it again:
//
//   DIR/payload.mlir     the payload, byte for byte
//   DIR/schedule.mlir    the schedule as applied: libraries merged, knobs
//                        resolved, original locations kept
//   DIR/inputs/argN.npy  the --input files, if any
//   DIR/ir/              the IR after the schedule, bufferized, in the LLVM
//                        dialect, as LLVM IR, and the object file (--dump-ir)
//   DIR/record.json      the JSON record: options, seed, versions, host
//   DIR/command.txt      the command line
//   DIR/manifest.json    the SHA-256 of the payload, schedule and inputs:
//                        --from-bundle refuses files that changed since
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_BUNDLE_H
#define LOOM_RUNNER_CAMPAIGNS_BUNDLE_H

#include "runner/results/Record.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::loom {

/// Where the IR dumps of a bundle go.
std::string getBundleIRDir(llvm::StringRef dir);

/// Where the schedule as applied goes (RunOutputs::appliedSchedulePath):
/// libraries merged, knobs resolved, the original locations kept so that
/// diagnostics still point at the sources.
std::string getBundleSchedulePath(llvm::StringRef dir);

/// Writes the rest of the bundle once the run is over (also when it failed):
/// the payload and the input files copied, the record and the command line.
llvm::Error finishBundle(const Record &record, llvm::StringRef dir,
                         llvm::ArrayRef<std::string> commandLine);

/// A bundle to run again.
struct LoadedBundle {
  /// The options of its run, every path pointing into the bundle.
  RunOptions options;
  /// What was checked against the manifest, and what differs.
  BundleCheck check;
};

/// Loads bundle `dir` and checks its files against its manifest (a bundle
/// written before manifests: the payload against the record's hash). Fails
/// with InvalidInput when it is not a bundle, or when a file was modified
/// and `allowModified` is false.
llvm::Expected<LoadedBundle> loadBundle(llvm::StringRef dir,
                                        bool allowModified);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_BUNDLE_H
