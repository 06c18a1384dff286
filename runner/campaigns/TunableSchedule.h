//===- TunableSchedule.h - The schedule a sweep tunes -----------*- C++ -*-===//
//
// The schedule of `loom tune` (--schedule, or the one embedded in the
// payload), its space (one dimension per tune.knob and tune.alternatives)
// and the best point written back into it.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_TUNABLESCHEDULE_H
#define LOOM_RUNNER_CAMPAIGNS_TUNABLESCHEDULE_H

#include "runner/campaigns/TuneSpace.h"
#include "runner/results/RunOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::loom {

class Driver;
struct TuneDigests;

/// The schedule that `options` names: --schedule, else the one embedded in
/// the payload (without its libraries). Fails with InvalidInput.
llvm::Expected<OwningOpRef<ModuleOp>>
loadTunableSchedule(Driver &driver, const RunOptions &options);

/// The space of the schedule `options` names, its libraries merged. Fails
/// with InvalidInput; diagnostics go to `diagnostics`. When given, `digests`
/// receives getIRDigest of that schedule (before the host's defaults are
/// applied) and of the payload (its --chunk): what the tuning database keys
/// them by.
llvm::Expected<TuneSpace> loadTuneSpace(const RunOptions &options,
                                        llvm::raw_ostream &diagnostics,
                                        TuneDigests *digests = nullptr);

/// Prints each dimension (name, kind, options, location) and the size of the
/// space, before and after `constraints`.
void printTuneSpace(const TuneSpace &space,
                    llvm::ArrayRef<Constraint> constraints,
                    llvm::raw_ostream &os);

/// Writes the schedule of `options` with `settings` applied to `path` (the
/// libraries stay separate, so the same --schedule-lib options apply): the
/// user's file, comments and names kept, with only `selected` /
/// `selected_region` written into each tunable op (for an embedded
/// schedule, the whole payload file). A schedule whose tunables cannot be
/// found in its text is printed from its IR instead.
llvm::Error writeBestSchedule(const RunOptions &options,
                              llvm::ArrayRef<KnobSetting> settings,
                              llvm::StringRef path);

/// Writes `value` into the tunable op that starts at `offset` of `text`
/// (`transform.tune.knob<"name"> ...` gets or replaces `= VALUE from`,
/// `transform.tune.alternatives<"name"> ...` gets or replaces
/// `selected_region = VALUE`). False when the text there is not such an op.
bool setTunableInText(std::string &text, size_t offset, llvm::StringRef value);
} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_TUNABLESCHEDULE_H
