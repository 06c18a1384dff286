//===- HtmlReport.cpp - `loom report`: history of bench results -----------===//

#include "runner/results/HtmlReport.h"
#include "runner/results/Report.h"
#include "runner/results/Statistics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace mlir::loom {

static std::string escape(llvm::StringRef text) {
  std::string result;
  for (char c : text) {
    switch (c) {
    case '&':
      result += "&amp;";
      break;
    case '<':
      result += "&lt;";
      break;
    case '>':
      result += "&gt;";
      break;
    case '"':
      result += "&quot;";
      break;
    default:
      result += c;
    }
  }
  return result;
}

namespace {
/// What a plot shows for a benchmark: GFLOP/s when the work model counted
/// FLOPs, else GB/s, else time.
enum class Metric { Gflops, Gbps, Milliseconds };
struct Point {
  size_t run;
  double value, low, high;
};
} // namespace

static const char *getUnit(Metric metric) {
  switch (metric) {
  case Metric::Gflops:
    return "GFLOP/s";
  case Metric::Gbps:
    return "GB/s";
  case Metric::Milliseconds:
    return "ms";
  }
  return "";
}

static Metric chooseMetric(const BenchmarkResult &benchmark) {
  if (benchmark.record.work && benchmark.record.work->flops > 0)
    return Metric::Gflops;
  if (benchmark.record.work && benchmark.record.work->bytes > 0)
    return Metric::Gbps;
  return Metric::Milliseconds;
}

/// The metric at each repetition of `benchmark`.
static std::vector<double> values(const BenchmarkResult &benchmark,
                                  Metric metric) {
  if (metric == Metric::Gflops)
    return benchmark.getRepetitionGflops();
  std::vector<double> result;
  for (double time : benchmark.getRepetitionMedians())
    if (time > 0)
      result.push_back(metric == Metric::Gbps
                           ? benchmark.record.work->bytes / time * 1e-9
                           : time * 1e3);
  return result;
}

/// A round number >= value for the top of an axis.
static double niceCeiling(double value) {
  if (value <= 0)
    return 1;
  double magnitude = std::pow(10.0, std::floor(std::log10(value)));
  for (double step : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (step * magnitude >= value)
      return step * magnitude;
  return 10 * magnitude;
}

static std::string number(double value) {
  if (value >= 100)
    return llvm::formatv("{0:f0}", value).str();
  if (value >= 10)
    return llvm::formatv("{0:f1}", value).str();
  return llvm::formatv("{0:f2}", value).str();
}

static std::string runLabel(const BenchResults &run) {
  if (run.context.revision)
    return run.context.revision->substr(0, 8) + (run.context.dirty ? "+" : "");
  return run.context.startTime.substr(0, 16);
}

static std::string historyPlot(llvm::StringRef name,
                               ArrayRef<BenchResults> runs,
                               ArrayRef<Point> points, Metric metric) {
  const double width = 640, height = 220, left = 56, right = 16, top = 16,
               bottom = 48;
  double maxValue = 0;
  for (const Point &point : points)
    maxValue = std::max(maxValue, point.high);
  double yMax = niceCeiling(maxValue * 1.05);
  size_t count = runs.size();
  auto x = [&](size_t run) {
    return count <= 1 ? left + (width - left - right) / 2
                      : left + (width - left - right) * run / (count - 1);
  };
  auto y = [&](double value) {
    return top + (height - top - bottom) * (1 - value / yMax);
  };
  std::string svg = llvm::formatv(
      "<svg class=\"plot history\" data-benchmark=\"{0}\" "
      "viewBox=\"0 0 {1} {2}\" width=\"{1}\" height=\"{2}\" role=\"img\" "
      "aria-label=\"{0}: {3} over runs\">\n",
      escape(name), width, height, getUnit(metric));
  // Axes and grid.
  for (int i = 0; i <= 4; ++i) {
    double value = yMax * i / 4;
    svg += llvm::formatv("<line class=\"grid\" x1=\"{0}\" x2=\"{1}\" "
                         "y1=\"{2:f1}\" y2=\"{2:f1}\"/><text class=\"tick\" "
                         "x=\"{3}\" y=\"{4:f1}\" text-anchor=\"end\">{5}</text>"
                         "\n",
                         left, width - right, y(value), left - 6, y(value) + 4,
                         number(value));
  }
  svg += llvm::formatv("<text class=\"unit\" x=\"12\" y=\"{0}\" "
                       "transform=\"rotate(-90 12 {0})\" "
                       "text-anchor=\"middle\">{1}</text>\n",
                       (top + height - bottom) / 2, getUnit(metric));
  size_t labelEvery = std::max<size_t>(1, (count + 7) / 8);
  for (size_t run = 0; run < count; ++run)
    if (run % labelEvery == 0 || run + 1 == count)
      svg += llvm::formatv("<text class=\"tick\" x=\"{0:f1}\" y=\"{1}\" "
                           "text-anchor=\"{2}\">{3}</text>\n",
                           x(run), height - bottom + 16,
                           count == 1         ? "middle"
                           : run == 0         ? "start"
                           : run + 1 == count ? "end"
                                              : "middle",
                           escape(runLabel(runs[run])));
  // Spread band, then the median line and points.
  if (points.size() > 1) {
    std::string band;
    for (const Point &point : points)
      band += llvm::formatv("{0:f1},{1:f1} ", x(point.run), y(point.high));
    for (auto it = points.rbegin(); it != points.rend(); ++it)
      band += llvm::formatv("{0:f1},{1:f1} ", x(it->run), y(it->low));
    svg += "<polygon class=\"spread\" points=\"" + band + "\"/>\n";
    std::string line;
    for (const Point &point : points)
      line += llvm::formatv("{0:f1},{1:f1} ", x(point.run), y(point.value));
    svg += "<polyline class=\"median\" points=\"" + line + "\"/>\n";
  }
  for (const Point &point : points)
    svg += llvm::formatv(
        "<line class=\"range\" x1=\"{0:f1}\" x2=\"{0:f1}\" y1=\"{1:f1}\" "
        "y2=\"{2:f1}\"/><circle class=\"point\" cx=\"{0:f1}\" cy=\"{3:f1}\" "
        "r=\"3.5\"><title>{4}: {5} {6} (repetitions {7} .. {8})</title>"
        "</circle>\n",
        x(point.run), y(point.low), y(point.high), y(point.value),
        escape(runLabel(runs[point.run])), number(point.value), getUnit(metric),
        number(point.low), number(point.high));
  svg += "</svg>\n";
  return svg;
}

static std::string peakBars(const BenchResults &latest,
                            std::optional<double> peakPerCore) {
  struct Bar {
    std::string name;
    double gflops;
    std::optional<double> peak;
  };
  std::vector<Bar> bars;
  for (const BenchmarkResult &benchmark : latest.benchmarks)
    if (auto gflops = benchmark.getGflops()) {
      std::optional<double> peak;
      if (peakPerCore)
        peak = *peakPerCore * std::max(1u, benchmark.record.options.threads);
      bars.push_back({benchmark.name, *gflops, peak});
    }
  if (bars.empty())
    return "<p>No benchmark of the latest run counts FLOPs.</p>\n";
  double maxValue = 0;
  for (const Bar &bar : bars)
    maxValue = std::max({maxValue, bar.gflops, bar.peak.value_or(0)});
  double xMax = niceCeiling(maxValue * 1.05);
  const double width = 640, left = 200, right = 24, rowHeight = 26, top = 8;
  double height = top + rowHeight * bars.size() + 28;
  auto x = [&](double value) {
    return left + (width - left - right) * value / xMax;
  };
  std::string svg = llvm::formatv(
      "<svg class=\"plot peak\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
      "height=\"{1}\" role=\"img\" aria-label=\"latest run against the "
      "peak\">\n",
      width, height);
  for (auto [i, bar] : llvm::enumerate(bars)) {
    double y = top + rowHeight * i;
    svg += llvm::formatv(
        "<text class=\"tick\" x=\"{0}\" y=\"{1:f1}\" "
        "text-anchor=\"end\">{2}</text><rect class=\"bar\" x=\"{3}\" "
        "y=\"{4:f1}\" width=\"{5:f1}\" height=\"{6:f1}\"><title>{2}: {7} "
        "GFLOP/s</title></rect><text class=\"value\" x=\"{8:f1}\" "
        "y=\"{1:f1}\">{7}{9}</text>\n",
        left - 6, y + rowHeight * 0.62, escape(bar.name), left, y + 4,
        x(bar.gflops) - left, rowHeight - 8, number(bar.gflops),
        x(bar.gflops) + 4,
        bar.peak
            ? llvm::formatv(" ({0:f0}% of peak)", 100 * bar.gflops / *bar.peak)
                  .str()
            : std::string());
    if (bar.peak)
      svg += llvm::formatv("<line class=\"peakline\" x1=\"{0:f1}\" "
                           "x2=\"{0:f1}\" y1=\"{1:f1}\" y2=\"{2:f1}\"><title>"
                           "peak {3} GFLOP/s</title></line>\n",
                           x(*bar.peak), y + 1, y + rowHeight - 1,
                           number(*bar.peak));
  }
  double axisY = top + rowHeight * bars.size() + 16;
  for (int i = 0; i <= 4; ++i)
    svg += llvm::formatv("<text class=\"tick\" x=\"{0:f1}\" y=\"{1:f1}\" "
                         "text-anchor=\"middle\">{2}</text>\n",
                         x(xMax * i / 4), axisY, number(xMax * i / 4));
  svg += "</svg>\n";
  if (!peakPerCore)
    svg += "<p class=\"note\">The machine's peak is unknown: pass "
           "--peak-gflops-per-core to loom bench or loom report.</p>\n";
  return svg;
}

std::string renderHtmlReport(std::vector<BenchResults> runs,
                             const HtmlReportOptions &options) {
  std::stable_sort(runs.begin(), runs.end(), [](auto &a, auto &b) {
    return a.context.startTime < b.context.startTime;
  });
  // Benchmarks in the order they first appear.
  std::vector<std::string> names;
  for (const BenchResults &run : runs)
    for (const BenchmarkResult &benchmark : run.benchmarks)
      if (!llvm::is_contained(names, benchmark.name))
        names.push_back(benchmark.name);

  std::string html = R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>)" + escape(options.title) +
                     R"(</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
table { border-collapse: collapse; } td, th { padding: 2px 10px; text-align: left; }
.plot text { font-size: 11px; fill: #444; }
.grid { stroke: #e4e4e4; } .spread { fill: #4a7bd033; stroke: none; }
.median { fill: none; stroke: #2a5bb0; stroke-width: 2; }
.range { stroke: #2a5bb0; stroke-width: 1; } .point { fill: #2a5bb0; }
.bar { fill: #4a7bd0; } .peakline { stroke: #c0392b; stroke-width: 3; }
.note, .failed { color: #a04000; }
</style>
</head>
<body data-status="loading">
)";
  html += "<h1>" + escape(options.title) + "</h1>\n";
  if (runs.empty()) {
    html += "<p>No results.</p>\n";
  } else {
    const BenchResults &latest = runs.back();
    html += llvm::formatv(
        "<p>{0} run{1} from {2} to {3}; latest on {4} ({5}), "
        "Loom {6}, LLVM {7}.</p>\n",
        runs.size(), runs.size() == 1 ? "" : "s",
        escape(runs.front().context.startTime),
        escape(latest.context.startTime), escape(latest.context.host.cpuModel),
        escape(latest.context.host.cpu), escape(latest.context.tool.version),
        escape(latest.context.tool.llvmVersion));
    std::optional<double> peak = options.peakGflopsPerCore
                                     ? options.peakGflopsPerCore
                                     : latest.context.peakGflopsPerCore;
    html += "<h2>Latest run against the peak</h2>\n" + peakBars(latest, peak);
    for (const std::string &name : names) {
      std::vector<Point> points;
      std::optional<Metric> metric;
      std::vector<std::string> failures;
      for (auto [index, run] : llvm::enumerate(runs)) {
        const BenchmarkResult *benchmark = run.find(name);
        if (!benchmark)
          continue;
        if (!benchmark->ok()) {
          failures.push_back(runLabel(run) + ": " + benchmark->record.status);
          continue;
        }
        if (!metric)
          metric = chooseMetric(*benchmark);
        std::vector<double> samples = values(*benchmark, *metric);
        if (samples.empty())
          continue;
        auto [low, high] = std::minmax_element(samples.begin(), samples.end());
        points.push_back({index, median(samples), *low, *high});
      }
      html += "<h2 id=\"" + escape(name) + "\">" + escape(name) + "</h2>\n";
      html += historyPlot(name, runs, points, metric.value_or(Metric::Gflops));
      if (!failures.empty())
        html += "<p class=\"failed\">Failed: " +
                escape(llvm::join(failures, "; ")) + "</p>\n";
    }
  }
  // Lets a headless browser check that the page rendered.
  html += R"(<script>
window.addEventListener("error", function () { document.body.dataset.errors = "1"; });
document.body.dataset.plots = document.querySelectorAll("svg.history").length;
document.body.dataset.status = "ready";
</script>
</body>
</html>
)";
  return html;
}

} // namespace mlir::loom
