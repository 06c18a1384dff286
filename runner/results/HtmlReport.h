//===- HtmlReport.h - `loom report`: history of bench results ---*- C++ -*-===//

#ifndef LOOM_RUNNER_RESULTS_HTMLREPORT_H
#define LOOM_RUNNER_RESULTS_HTMLREPORT_H

#include "runner/results/BenchResults.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

struct HtmlReportOptions {
  std::string title = "Loom benchmarks";
  /// Overrides the peak recorded in the results.
  std::optional<double> peakGflopsPerCore;
};

/// A single self-contained HTML page (no network access, inline CSS and SVG):
/// per benchmark, its throughput over the runs (ordered by start time) with
/// the spread of the repetitions; and a bar chart of the latest run against
/// the machine's peak when known.
std::string renderHtmlReport(std::vector<BenchResults> runs,
                             const HtmlReportOptions &options);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_HTMLREPORT_H
