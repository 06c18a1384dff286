//===- Knobs.h - Resolve the tunables written in a schedule -----*- C++ -*-===//
//
// A schedule declares tunables with upstream's `transform.tune.knob<"name">`
// (a value among `options`) and `transform.tune.alternatives<"name">` (one of
// its regions). The interpreter fails on an unresolved one, so before a
// schedule is applied every tunable gets a value: `selected` /
// `selected_region` written in the file, or one given by name here
// (`loom run --knob`, a suite's "knobs", a point of `loom tune`).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_KNOBS_H
#define LOOM_RUNNER_KERNEL_KNOBS_H

#include "runner/results/Record.h"
#include "runner/results/RunOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::loom {

/// One tunable of a schedule.
struct Tunable {
  std::string name;
  /// True for tune.alternatives (options are region indices).
  bool isAlternatives = false;
  /// The options as MLIR attribute text (region indices for alternatives);
  /// empty when the knob's options are not an array.
  std::vector<std::string> options;
  /// The value written in the schedule, if any.
  std::optional<std::string> selected;
  /// file:line:col of the first op with this name.
  std::string location;
  /// `loom.sweep = false` on the op: loom tune holds it at its default
  /// unless `--sweep NAME` (TuneSpace::sweep).
  bool held = false;
  /// The schedule does not read it on the payload being tuned (its op did
  /// not run when the schedule was applied with the defaults: a knob of a
  /// path the payload does not take): loom tune holds it too.
  bool unread = false;
};

/// The structured ops of `payload` with their operand types, separated by
/// "; " ("linalg.matmul(tensor<64x32xf32>, ...) -> tensor<64x16xf32>"; generic
/// ops with their indexing maps): what a tuned record of a payload matches,
/// whatever the file's names, comments and layout.
std::string getPayloadSignature(Operation *payload);

/// The SHA-256 of `op` as MLIR reads it: printed in the generic form without
/// locations, so that comments, layout and SSA names do not matter, while
/// any op, attribute (a knob's options or loom.host_default) or symbol name
/// does. What a tuned record matches of a schedule (with its libraries
/// merged; call it before the knobs are given values), and what the tuning
/// database keys the schedule and the payload by.
std::string getIRDigest(Operation *op);

/// The knob settings of a run on `host`: `options.knobs`, then the values
/// of the tuned record that matches the run (results/TunedRecords.h) for
/// knobs they do not name. The run's key holds `scheduleDigest`
/// (getIRDigest); a record keyed by `legacyScheduleSha256`, the
/// SHA-256 of the schedule's files that records of Loom 0.1.0 were keyed
/// by, matches too. `use` says which file was read, the run's key and what
/// was applied. Fails with InvalidInput when --records names a file that
/// cannot be read or is not a records file.
llvm::Expected<std::vector<KnobSetting>>
resolveTunedRecord(const RunOptions &options, const HostInfo &host,
                   Operation *payload, llvm::StringRef scheduleDigest,
                   llvm::StringRef legacyScheduleSha256, RecordsUse &use);

/// The tunables of `schedule`, one per name, in order of first appearance.
std::vector<Tunable> listTunables(ModuleOp schedule);

/// Gives every tunable named in `settings` its value (every op with that
/// name), then checks that no tunable is left without one. Fails with
/// InvalidInput on an unknown name, a value that is not an option, or an
/// unresolved tunable; the message lists what the schedule offers.
llvm::Error applyKnobs(ModuleOp schedule, ArrayRef<KnobSetting> settings);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_KNOBS_H
