//===- StepDetection.h - Where a benchmark's history changed level -*- C++
//-*-===//
//
// A benchmark's time over many runs is noisy, and a regression may come in
// one commit or creep in over several. As asv does, the history is fitted
// with a piecewise-constant function: the partition into segments that
// minimizes the squared error plus a penalty per segment (a BIC-like penalty
// from the noise between neighbouring runs), on log(time) so that changes
// are relative; neighbouring levels closer than a minimum change are merged.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_STEPDETECTION_H
#define LOOM_RUNNER_RESULTS_STEPDETECTION_H

#include "llvm/ADT/ArrayRef.h"

#include <cstddef>
#include <vector>

namespace mlir::loom {

struct Step {
  /// The index of the first value of the new level.
  size_t index = 0;
  /// The levels before and after (geometric means of their segments).
  double before = 0, after = 0;
  /// after / before - 1: positive is slower (for times).
  double getChange() const { return after / before - 1; }
};

struct StepOptions {
  /// Levels closer than this (relative) are one level.
  double minChange = 0.05;
  /// Noise below this (relative) is taken as this much.
  double minNoise = 0.005;
};

/// The steps of `values` (positive numbers, in run order); empty when it
/// stays at one level or has fewer than 3 values.
std::vector<Step> detectSteps(llvm::ArrayRef<double> values,
                              const StepOptions &options = {});

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_STEPDETECTION_H
