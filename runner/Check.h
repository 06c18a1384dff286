//===- Check.h - Compare kernel outputs with the reference ------*- C++ -*-===//
//
// The reference check: every output of the scheduled kernel is compared with
// the output of the same function lowered without the schedule. The tolerance
// rule is documented in docs/loom-run.md ("The reference check").
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CHECK_H
#define LOOM_RUNNER_CHECK_H

#include "runner/Buffer.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// An element passes when |got - expected| <= atol + rtol * |expected|.
struct Tolerance {
  double rtol = 0;
  double atol = 0;
};

/// Values given with --rtol / --atol replace the default ones (floats only).
struct ToleranceOverride {
  std::optional<double> rtol, atol;
};

/// The default tolerance of a float output fed by a reduction of `reduction`
/// terms per element, whose reference values have magnitude at most
/// `maxAbsExpected`: rtol = min(0.1, 4 eps (reduction + 4)) and
/// atol = rtol * maxAbsExpected. Integers are compared exactly.
Tolerance getDefaultTolerance(ElementKind kind, int64_t reduction,
                              double maxAbsExpected);

/// The result of comparing one output.
struct OutputComparison {
  /// "result 0" or "arg 2", and the payload type.
  std::string name;
  std::string type;
  int64_t elements = 0;
  int64_t mismatches = 0;
  double maxAbsError = 0;
  /// Largest |got - expected| / |expected| over elements with expected != 0.
  double maxRelError = 0;
  int64_t reduction = 1;
  Tolerance tolerance;
  /// Row-major multi-index of the first mismatching element.
  std::optional<std::vector<int64_t>> firstMismatch;
  double got = 0, expected = 0;
  /// Set when the outputs cannot be compared element by element.
  std::string problem;

  bool passed() const { return mismatches == 0 && problem.empty(); }
};

/// Compares `got` with `expected` under the default tolerance for
/// `reduction`, or the overrides.
OutputComparison compareOutputs(const Buffer &got, const Buffer &expected,
                                int64_t reduction,
                                const ToleranceOverride &overrides);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CHECK_H
