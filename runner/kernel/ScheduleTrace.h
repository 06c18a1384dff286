//===- ScheduleTrace.h - What each op of a schedule did ---------*- C++ -*-===//
//
// Records, for each top-level op of a schedule's entry point, how many
// payload ops its handles held and whether it succeeded, failed or had a
// failure suppressed inside it. It works by inserting transform.loom.trace
// ops around those ops before the schedule is applied and reading what they
// logged afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_SCHEDULETRACE_H
#define LOOM_RUNNER_KERNEL_SCHEDULETRACE_H

#include "runner/results/Record.h"

#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSet.h"

#include <vector>

namespace mlir::loom {

struct TraceRecord;

/// Inserts transform.loom.trace ops before and after every top-level op of
/// `entry` and of the sequences it includes (transform.include, nested
/// deeper each time, each sequence once), and around the ops directly inside
/// the regions of alternatives among them (a region that stops early failed,
/// and the failure was suppressed). Returns one step per op, in program
/// order with the ops of an included sequence after its include, with its
/// name, location and depth filled in.
std::vector<TransformStepRecord>
instrumentSchedule(transform::NamedSequenceOp entry);

/// The innermost step that failed (where the schedule stopped), if any.
const TransformStepRecord *
findFailedStep(llvm::ArrayRef<TransformStepRecord> steps);

/// Inserts a transform.loom.trace op after every transform.tune.knob and
/// transform.tune.alternatives op of `schedule`, wherever it is (in a loop
/// body, an included sequence, a matcher), so that the knobs a run reads
/// show in what the trace ops log (getKnobsRead).
void instrumentKnobReads(ModuleOp schedule);

/// The names of the knobs whose ops ran, from the records of the trace ops
/// instrumentKnobReads inserted.
llvm::StringSet<> getKnobsRead(ArrayRef<TraceRecord> records);

/// Fills in the status and handle counts of `steps` from what the trace ops
/// inserted by instrumentSchedule logged while the schedule ran.
void completeTrace(std::vector<TransformStepRecord> &steps,
                   ArrayRef<TraceRecord> records);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_SCHEDULETRACE_H
