//===- HostDefaults.h - Knob defaults derived from the host -----*- C++ -*-===//
//
// A schedule written for one CPU should be fast on another without editing.
// A `transform.tune.knob` (or `transform.tune.alternatives`) may carry
// `loom.host_default = "EXPR"`: an integer expression (the constraint
// language of KnobConstraints.h) over the host's parameters (vector width
// and registers, cache sizes, cores, the run's threads) and the knobs
// before it. Unless --knob or a tuned record gives the knob, it gets the
// largest of its options (region indices) that is at most the value (the
// smallest when all are larger), the way BLIS derives its blocking from the
// cache sizes. A value written in the op is what tools that do not know the
// host (mlir-opt, loom-opt) use; Loom replaces it:
//
//   %k = transform.tune.knob<"k_block"> = 256 from options = [64, 128, 256,
//   512]
//       {loom.host_default = "l1d_bytes / (3 * vector_bytes)"}
//       -> !transform.param<i64>
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_HOSTDEFAULTS_H
#define LOOM_RUNNER_KERNEL_HOSTDEFAULTS_H

#include "runner/results/Host.h"
#include "runner/results/Record.h"
#include "runner/results/RunOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::loom {

/// The attribute that holds a knob's host-default expression.
constexpr llvm::StringLiteral kHostDefaultAttrName = "loom.host_default";

/// The names and values host-default expressions may use: vector_bytes,
/// vector_registers, l1d_bytes, l2_bytes, l3_bytes (at most 32 MiB: what one
/// core can count on), cores, threads; `overrides` (--host-param) replace
/// values by name. Unknown sizes are given typical values (32 KiB L1,
/// 1 MiB L2, 32 MiB L3, 32-byte vectors, 16 registers). Fails
/// (InvalidInput) on an override of no such name.
llvm::Expected<std::vector<HostParam>>
getHostParameters(const HostInfo &host, unsigned threads,
                  llvm::ArrayRef<HostParam> overrides);

/// Gives every knob of `schedule` that has a host-default expression and no
/// value in `given` (--knob, a tuned record) the option the expression
/// selects (replacing one written in the schedule). Fails (InvalidInput, with
/// the knob's file:line:col) on an expression that does not parse or evaluate,
/// an unknown --host-param name, or options that are not integers.
llvm::Expected<std::vector<HostDefaultRecord>>
applyHostDefaults(ModuleOp schedule, llvm::ArrayRef<HostParam> parameters,
                  llvm::ArrayRef<KnobSetting> given);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_HOSTDEFAULTS_H
