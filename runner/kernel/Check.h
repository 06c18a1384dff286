//===- Check.h - Compare kernel outputs with the reference ------*- C++ -*-===//
//
// The reference check: every output of the scheduled kernel is compared with
// the output of the same function lowered without the schedule. The tolerance
// rule is documented in docs/loom-run.md ("The reference check").
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_CHECK_H
#define LOOM_RUNNER_KERNEL_CHECK_H

#include "runner/kernel/Buffer.h"
#include "runner/results/Record.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// The default tolerance of a float output fed by a reduction of `reduction`
/// terms per element, whose reference values have magnitude at most
/// `maxAbsExpected`: rtol = min(0.1, 4 eps (reduction + 4)) and
/// atol = rtol * maxAbsExpected. Integers are compared exactly.
Tolerance getDefaultTolerance(ElementKind kind, int64_t reduction,
                              double maxAbsExpected);

/// Compares `got` with `expected` under the default tolerance for
/// `reduction`, or the overrides.
OutputComparison compareOutputs(const Buffer &got, const Buffer &expected,
                                int64_t reduction,
                                const ToleranceOverride &overrides);

/// Compares what the scheduled kernel printed (`got`) with what the
/// reference printed, line by line: numbers within the tolerance of a
/// reduction of `reduction` f32 terms (or the overrides), the text between
/// them exactly; hexadecimal addresses (printMemref's `base@ = 0x...`) are
/// ignored. The first difference is in `problem`.
OutputComparison comparePrinted(llvm::StringRef got, llvm::StringRef expected,
                                int64_t reduction,
                                const ToleranceOverride &overrides);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_CHECK_H
