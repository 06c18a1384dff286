//===- HtmlReport.cpp - `loom report`: history of bench results -----------===//

#include "runner/results/HtmlReport.h"
#include "runner/results/Compare.h"
#include "runner/results/PeakCache.h"
#include "runner/results/Report.h"
#include "runner/results/Statistics.h"
#include "runner/results/StepDetection.h"

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

/// The machine a run was measured on: results from different CPUs are
/// never drawn on one axis.
static std::string machineKey(const BenchResults &run) {
  return getPeakCacheKey(run.context.host);
}

static std::string machineLabel(const BenchResults &run) {
  return run.context.host.cpuModel + " (" + run.context.host.cpu + ")";
}

/// What a history shows: GFLOP/s for a kernel bound by compute, GB/s for a
/// memory-bound one, else the time.
static Metric chooseHistoryMetric(const BenchmarkResult &benchmark) {
  if (std::optional<Roofline> roofline = benchmark.getRoofline();
      roofline && roofline->memoryBound && benchmark.record.work &&
      benchmark.record.work->bytes > 0)
    return Metric::Gbps;
  return chooseMetric(benchmark);
}

namespace {
struct HistoryPoint {
  size_t run;
  double value, low, high;
  /// Median time, for step detection.
  double seconds;
};
} // namespace

static std::string historyPlot(llvm::StringRef name,
                               ArrayRef<const BenchResults *> runs,
                               ArrayRef<HistoryPoint> points, Metric metric,
                               ArrayRef<Step> steps,
                               ArrayRef<size_t> stepRuns) {
  const double width = 640, height = 220, left = 56, right = 16, top = 16,
               bottom = 48;
  double maxValue = 0;
  for (const HistoryPoint &point : points)
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
      "viewBox=\"0 0 {1} {2}\" preserveAspectRatio=\"xMinYMin meet\" "
      "role=\"img\" aria-label=\"{0}: {3} over runs\">\n",
      escape(name), width, height, getUnit(metric));
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
  size_t labelEvery = std::max<size_t>(1, (count + 5) / 6);
  for (size_t run = 0; run < count; ++run)
    if (run % labelEvery == 0 || run + 1 == count)
      svg += llvm::formatv("<text class=\"tick\" x=\"{0:f1}\" y=\"{1}\" "
                           "text-anchor=\"{2}\">{3}</text>\n",
                           x(run), height - bottom + 16,
                           count == 1         ? "middle"
                           : run == 0         ? "start"
                           : run + 1 == count ? "end"
                                              : "middle",
                           escape(runLabel(*runs[run])));
  // A step: a dashed line before the first run of the new level.
  for (auto [step, run] : llvm::zip_equal(steps, stepRuns)) {
    double at = run == 0 ? x(run) : (x(run - 1) + x(run)) / 2;
    double change = step.getChange();
    svg += llvm::formatv(
        "<line class=\"step {0}\" x1=\"{1:f1}\" x2=\"{1:f1}\" y1=\"{2}\" "
        "y2=\"{3}\"><title>{4:f1}% {5} from {6}</title></line>\n",
        change > 0 ? "slower" : "faster", at, top, height - bottom,
        100 * std::abs(change), change > 0 ? "slower" : "faster",
        escape(runLabel(*runs[run])));
  }
  if (points.size() > 1) {
    std::string band;
    for (const HistoryPoint &point : points)
      band += llvm::formatv("{0:f1},{1:f1} ", x(point.run), y(point.high));
    for (auto it = points.rbegin(); it != points.rend(); ++it)
      band += llvm::formatv("{0:f1},{1:f1} ", x(it->run), y(it->low));
    svg += "<polygon class=\"spread\" points=\"" + band + "\"/>\n";
    std::string line;
    for (const HistoryPoint &point : points)
      line += llvm::formatv("{0:f1},{1:f1} ", x(point.run), y(point.value));
    svg += "<polyline class=\"median\" points=\"" + line + "\"/>\n";
  }
  for (const HistoryPoint &point : points) {
    const BenchResults &run = *runs[point.run];
    svg += llvm::formatv(
        "<line class=\"range\" x1=\"{0:f1}\" x2=\"{0:f1}\" y1=\"{1:f1}\" "
        "y2=\"{2:f1}\"/><circle class=\"point\" cx=\"{0:f1}\" cy=\"{3:f1}\" "
        "r=\"4\"><title>{4}: {5} {6} (repetitions {7} .. {8})\ncommit {9}\n"
        "{10}\n{11}</title></circle>\n",
        x(point.run), y(point.low), y(point.high), y(point.value),
        escape(runLabel(run)), number(point.value), getUnit(metric),
        number(point.low), number(point.high),
        escape(run.context.revision.value_or("unknown") +
               (run.context.dirty ? " (uncommitted changes)" : "")),
        escape(machineLabel(run) + " on " + run.context.hostName),
        escape(run.context.startTime));
  }
  svg += "</svg>\n";
  return svg;
}

/// Every benchmark of `run` as a point of arithmetic intensity against
/// GFLOP/s, under the compute and memory ceilings (log-log).
static std::string rooflinePlot(const BenchResults &run) {
  struct Dot {
    std::string name;
    double intensity, gflops;
    std::string bound;
  };
  std::vector<Dot> dots;
  std::optional<double> compute, memory;
  for (const BenchmarkResult &benchmark : run.benchmarks) {
    std::optional<Roofline> roofline = benchmark.getRoofline();
    std::optional<double> gflops = benchmark.getGflops();
    if (!roofline || !gflops || *gflops <= 0 || roofline->intensity <= 0)
      continue;
    dots.push_back({benchmark.name, roofline->intensity, *gflops,
                    roofline->getBoundName().str()});
    // The ceilings of one thread's runs, else the first.
    if (!compute || benchmark.record.options.threads <= 1)
      compute = roofline->computeGflops;
    if (!memory || benchmark.record.options.threads <= 1)
      memory = roofline->memoryGbps;
  }
  if (dots.empty())
    return "<p class=\"note\">No benchmark of the latest run has a roofline "
           "(it needs FLOPs counted and the machine's ceilings: run `loom "
           "peak` once, or pass --peak-gflops-per-core and --peak-gbps to "
           "loom bench).</p>\n";
  const double width = 640, height = 320, left = 56, right = 16, top = 16,
               bottom = 44;
  double xMin = 1e9, xMax = 0, yMin = 1e9, yMax = 0;
  for (const Dot &dot : dots) {
    xMin = std::min(xMin, dot.intensity);
    xMax = std::max(xMax, dot.intensity);
    yMin = std::min(yMin, dot.gflops);
    yMax = std::max(yMax, dot.gflops);
  }
  if (compute)
    yMax = std::max(yMax, *compute);
  if (compute && memory)
    xMax = std::max(xMax, *compute / *memory * 4);
  double lx0 = std::floor(std::log10(xMin / 2)),
         lx1 = std::ceil(std::log10(xMax * 2));
  double ly0 = std::floor(std::log10(yMin / 2)),
         ly1 = std::ceil(std::log10(yMax * 1.5));
  auto x = [&](double value) {
    return left +
           (width - left - right) * (std::log10(value) - lx0) / (lx1 - lx0);
  };
  auto y = [&](double value) {
    return top + (height - top - bottom) *
                     (1 - (std::log10(value) - ly0) / (ly1 - ly0));
  };
  std::string svg =
      llvm::formatv("<svg class=\"plot roofline\" viewBox=\"0 0 {0} {1}\" "
                    "preserveAspectRatio=\"xMinYMin meet\" role=\"img\" "
                    "aria-label=\"roofline of the latest run\">\n",
                    width, height);
  for (double decade = lx0; decade <= lx1; ++decade)
    svg += llvm::formatv("<line class=\"grid\" x1=\"{0:f1}\" x2=\"{0:f1}\" "
                         "y1=\"{1}\" y2=\"{2}\"/><text class=\"tick\" "
                         "x=\"{0:f1}\" y=\"{3}\" text-anchor=\"middle\">{4}"
                         "</text>\n",
                         x(std::pow(10, decade)), top, height - bottom,
                         height - bottom + 16, number(std::pow(10, decade)));
  for (double decade = ly0; decade <= ly1; ++decade)
    svg += llvm::formatv("<line class=\"grid\" x1=\"{0}\" x2=\"{1}\" "
                         "y1=\"{2:f1}\" y2=\"{2:f1}\"/><text class=\"tick\" "
                         "x=\"{3}\" y=\"{4:f1}\" text-anchor=\"end\">{5}"
                         "</text>\n",
                         left, width - right, y(std::pow(10, decade)), left - 6,
                         y(std::pow(10, decade)) + 4,
                         number(std::pow(10, decade)));
  svg += llvm::formatv("<text class=\"unit\" x=\"{0}\" y=\"{1}\" "
                       "text-anchor=\"middle\">FLOP/byte</text>\n"
                       "<text class=\"unit\" x=\"12\" y=\"{2}\" "
                       "transform=\"rotate(-90 12 {2})\" "
                       "text-anchor=\"middle\">GFLOP/s</text>\n",
                       (left + width - right) / 2, height - 6,
                       (top + height - bottom) / 2);
  // The ceilings: bandwidth x intensity up to the ridge, then the peak.
  double xLeft = std::pow(10, lx0), xRight = std::pow(10, lx1);
  if (memory) {
    double ridge = compute ? *compute / *memory : xRight;
    double end = std::min(ridge, xRight);
    svg += llvm::formatv("<line class=\"ceiling memory\" x1=\"{0:f1}\" "
                         "y1=\"{1:f1}\" x2=\"{2:f1}\" y2=\"{3:f1}\"><title>"
                         "memory: {4} GB/s</title></line>\n",
                         x(xLeft), y(std::max(xLeft * *memory, 1e-9)), x(end),
                         y(end * *memory), number(*memory));
  }
  if (compute) {
    double start = memory ? std::max(*compute / *memory, xLeft) : xLeft;
    svg += llvm::formatv("<line class=\"ceiling compute\" x1=\"{0:f1}\" "
                         "y1=\"{1:f1}\" x2=\"{2:f1}\" y2=\"{1:f1}\"><title>"
                         "compute: {3} GFLOP/s</title></line>\n",
                         x(start), y(*compute), x(xRight), number(*compute));
  }
  for (const Dot &dot : dots)
    svg += llvm::formatv(
        "<circle class=\"point {0}\" data-benchmark=\"{1}\" cx=\"{2:f1}\" "
        "cy=\"{3:f1}\" r=\"5\"><title>{1}: {4} GFLOP/s at {5} FLOP/byte "
        "({0}-bound)</title></circle>\n",
        dot.bound, escape(dot.name), x(dot.intensity), y(dot.gflops),
        number(dot.gflops), number(dot.intensity));
  svg += "</svg>\n";
  return svg;
}

static std::string formatChange(const BenchmarkComparison &comparison) {
  if (!comparison.change)
    return "-";
  return llvm::formatv("{0}{1:f1}%", *comparison.change > 0 ? "+" : "",
                       100 * *comparison.change)
      .str();
}

/// The overview of a machine's latest run, against its previous run.
static std::string overviewTable(const BenchResults &latest,
                                 const BenchResults *previous) {
  std::optional<Comparison> comparison;
  if (previous)
    comparison = compareResults(*previous, latest, CompareOptions());
  std::string html =
      "<div class=\"scroll\"><table class=\"overview\">\n<thead><tr>"
      "<th>benchmark</th><th class=\"num\">median</th>"
      "<th class=\"num\">GFLOP/s</th><th class=\"num\">GB/s</th>"
      "<th class=\"num\">% of bound</th><th>bound</th>"
      "<th class=\"num\">change</th><th>verdict</th>"
      "<th class=\"num\">p</th></tr></thead>\n<tbody>\n";
  bool aboveBound = false;
  for (const BenchmarkResult &benchmark : latest.benchmarks) {
    const BenchmarkComparison *compared = nullptr;
    if (comparison)
      for (const BenchmarkComparison &c : comparison->benchmarks)
        if (c.name == benchmark.name)
          compared = &c;
    std::optional<Roofline> roofline = benchmark.getRoofline();
    std::optional<double> percent =
        roofline ? roofline->getPercentOfBound() : std::nullopt;
    auto cell = [](std::optional<double> value) {
      return value ? number(*value) : std::string("-");
    };
    // Above its bound: marked, and said below.
    bool over = roofline && roofline->isAboveBound();
    aboveBound |= over;
    std::string verdict =
        compared ? getVerdictName(compared->verdict).str() : "-";
    html += llvm::formatv(
        "<tr data-tags=\"{0}\" class=\"{1}\"><td><a href=\"#h-{2}\">{2}</a>"
        "</td><td class=\"num\">{3}</td><td class=\"num\">{4}</td>"
        "<td class=\"num\">{5}</td><td class=\"num\">{6}</td><td>{7}</td>"
        "<td class=\"num\">{8}</td><td class=\"verdict {9}\">{9}</td>"
        "<td class=\"num\">{10}</td></tr>\n",
        escape(llvm::join(benchmark.tags, " ")), benchmark.ok() ? "" : "failed",
        escape(benchmark.name),
        benchmark.ok() && benchmark.getMedianTime()
            ? formatDuration(*benchmark.getMedianTime())
            : escape(benchmark.record.status),
        cell(benchmark.getGflops()), cell(benchmark.getGigabytesPerSecond()),
        cell(percent) + (over ? "*" : ""),
        roofline ? roofline->getBoundName().str() : "-",
        compared ? formatChange(*compared) : "-", verdict,
        compared && compared->pValue
            ? llvm::formatv("{0:f3}", *compared->pValue).str()
            : std::string("-"));
  }
  html += "</tbody></table></div>\n";
  if (aboveBound)
    html += "<p class=\"note\">" + escape(kAboveBoundNote) + "</p>\n";
  // The probes of the cores (loom bench), a shared core in the colour of a
  // step, and what the tuned records gave.
  std::string checks;
  llvm::raw_string_ostream checkStream(checks);
  printCoreChecks(latest.context, checkStream);
  printRecordsSummary(latest, checkStream);
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(checks).split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines)
    html += (line.starts_with("warning:") ? "<p class=\"steps\">"
                                          : "<p class=\"note\">") +
            escape(line) + "</p>\n";
  if (previous)
    html += "<p class=\"note\">Change and verdict against the previous run on "
            "this machine (" +
            escape(runLabel(*previous)) +
            "), as <code>loom compare</code> decides: Mann-Whitney U over "
            "the repetition medians, 5% threshold, alpha 0.01.</p>\n";
  return html;
}

std::string renderHtmlReport(std::vector<BenchResults> runs,
                             const HtmlReportOptions &options) {
  std::stable_sort(runs.begin(), runs.end(),
                   [](const BenchResults &a, const BenchResults &b) {
                     return a.context.startTime < b.context.startTime;
                   });
  // The peak given here, else each record's own, else the one its results
  // carry.
  for (BenchResults &run : runs)
    for (BenchmarkResult &benchmark : run.benchmarks) {
      std::optional<double> &peak = benchmark.record.options.peakGflopsPerCore;
      if (options.peakGflopsPerCore)
        peak = options.peakGflopsPerCore;
      else if (!peak)
        peak = run.context.peakGflopsPerCore;
    }
  // Machines, the one with the latest run first.
  std::vector<std::string> machines;
  for (auto it = runs.rbegin(); it != runs.rend(); ++it)
    if (!llvm::is_contained(machines, machineKey(*it)))
      machines.push_back(machineKey(*it));
  std::vector<std::string> tags;
  for (const BenchResults &run : runs)
    for (const BenchmarkResult &benchmark : run.benchmarks)
      for (const std::string &tag : benchmark.tags)
        if (!llvm::is_contained(tags, tag))
          tags.push_back(tag);
  llvm::sort(tags);

  std::string html = R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>)" + escape(options.title) +
                     R"(</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 16px auto; padding: 0 12px; max-width: 1100px; color: #222; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #ddd; }
h3 { font-size: 15px; margin-top: 22px; } h4 { font-size: 14px; margin: 18px 0 4px; }
nav { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; background: #f6f7f9; padding: 8px 10px; border-radius: 6px; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; } td, th { padding: 3px 8px; text-align: left; white-space: nowrap; border-bottom: 1px solid #eee; }
th { background: #fafafa; } .num { text-align: right; font-variant-numeric: tabular-nums; }
tr.failed td { color: #a04000; }
.verdict.regressed { color: #b00020; font-weight: 600; } .verdict.improved { color: #1b7f2a; font-weight: 600; }
.verdict.noisy { color: #8a6d00; }
svg.plot { width: 100%; max-width: 640px; height: auto; display: block; }
.plot text { font-size: 11px; fill: #444; }
.grid { stroke: #e4e4e4; } .spread { fill: #4a7bd033; stroke: none; }
.median { fill: none; stroke: #2a5bb0; stroke-width: 2; }
.range { stroke: #2a5bb0; stroke-width: 1; } .point { fill: #2a5bb0; }
.point.memory { fill: #c77700; } .point.cache { fill: #8a8a8a; }
.ceiling { stroke-width: 2.5; } .ceiling.compute { stroke: #c0392b; } .ceiling.memory { stroke: #c77700; }
.step { stroke-width: 1.5; stroke-dasharray: 4 3; } .step.slower { stroke: #b00020; } .step.faster { stroke: #1b7f2a; }
.note, .failed { color: #6a5000; } .steps { color: #b00020; }
.history { break-inside: avoid; }
@media (max-width: 600px) { body { margin: 8px auto; } td, th { padding: 2px 5px; } h1 { font-size: 18px; } }
</style>
</head>
<body data-status="loading">
)";
  html += "<h1>" + escape(options.title) + "</h1>\n";
  if (runs.empty()) {
    html += "<p>No results.</p>\n";
  } else {
    html += llvm::formatv("<p>{0} run{1} on {2} machine{3}, from {4} to {5}."
                          "</p>\n",
                          runs.size(), runs.size() == 1 ? "" : "s",
                          machines.size(), machines.size() == 1 ? "" : "s",
                          escape(runs.front().context.startTime),
                          escape(runs.back().context.startTime));
    html += "<nav><label>Machine <select id=\"machine\">";
    for (const std::string &key : machines) {
      const BenchResults *any = nullptr;
      for (const BenchResults &run : runs)
        if (machineKey(run) == key)
          any = &run;
      html += "<option value=\"" + escape(key) + "\">" +
              escape(machineLabel(*any)) + "</option>";
    }
    html += "</select></label><label>Tag <select id=\"tag\"><option "
            "value=\"\">all</option>";
    for (const std::string &tag : tags)
      html += "<option>" + escape(tag) + "</option>";
    html += "</select></label></nav>\n";

    for (const std::string &key : machines) {
      std::vector<const BenchResults *> machineRuns;
      for (const BenchResults &run : runs)
        if (machineKey(run) == key)
          machineRuns.push_back(&run);
      const BenchResults &latest = *machineRuns.back();
      const BenchResults *previous = machineRuns.size() > 1
                                         ? machineRuns[machineRuns.size() - 2]
                                         : nullptr;
      html +=
          "<section class=\"machine\" data-machine=\"" + escape(key) + "\">\n";
      html += llvm::formatv("<h2>{0}: {1} run{2}</h2>\n",
                            escape(machineLabel(latest)), machineRuns.size(),
                            machineRuns.size() == 1 ? "" : "s");
      html += llvm::formatv(
          "<h3>Latest run: {0}, {1}, Loom {2}, LLVM {3}</h3>\n",
          escape(runLabel(latest)), escape(latest.context.startTime),
          escape(latest.context.tool.version),
          escape(latest.context.tool.llvmVersion));
      html += overviewTable(latest, previous);
      html += "<h3>Roofline of the latest run</h3>\n" + rooflinePlot(latest);
      html += "<h3>History</h3>\n";
      std::vector<std::string> names;
      for (const BenchResults *run : machineRuns)
        for (const BenchmarkResult &benchmark : run->benchmarks)
          if (!llvm::is_contained(names, benchmark.name))
            names.push_back(benchmark.name);
      for (const std::string &name : names) {
        std::vector<HistoryPoint> points;
        std::optional<Metric> metric;
        std::vector<std::string> failures, benchmarkTags;
        for (auto [index, run] : llvm::enumerate(machineRuns)) {
          const BenchmarkResult *benchmark = run->find(name);
          if (!benchmark)
            continue;
          benchmarkTags = benchmark->tags;
          if (!benchmark->ok()) {
            failures.push_back(runLabel(*run) + ": " +
                               benchmark->record.status);
            continue;
          }
          if (!metric)
            metric = chooseHistoryMetric(*benchmark);
          std::vector<double> samples = values(*benchmark, *metric);
          std::optional<double> seconds = benchmark->getMedianTime();
          if (samples.empty() || !seconds)
            continue;
          auto [low, high] =
              std::minmax_element(samples.begin(), samples.end());
          points.push_back({index, median(samples), *low, *high, *seconds});
        }
        std::vector<double> times;
        for (const HistoryPoint &point : points)
          times.push_back(point.seconds);
        std::vector<Step> steps = detectSteps(times);
        std::vector<size_t> stepRuns;
        std::vector<std::string> stepTexts;
        for (const Step &step : steps) {
          stepRuns.push_back(points[step.index].run);
          stepTexts.push_back(llvm::formatv(
              "{0:f1}% {1} from {2}", 100 * std::abs(step.getChange()),
              step.getChange() > 0 ? "slower" : "faster",
              runLabel(*machineRuns[points[step.index].run])));
        }
        html += "<div class=\"history\" data-tags=\"" +
                escape(llvm::join(benchmarkTags, " ")) + "\"><h4 id=\"h-" +
                escape(name) + "\">" + escape(name) + "</h4>\n";
        html += historyPlot(name, machineRuns, points,
                            metric.value_or(Metric::Gflops), steps, stepRuns);
        if (!stepTexts.empty())
          html += "<p class=\"steps\">Steps: " +
                  escape(llvm::join(stepTexts, "; ")) + "</p>\n";
        if (!failures.empty())
          html += "<p class=\"failed\">Failed: " +
                  escape(llvm::join(failures, "; ")) + "</p>\n";
        html += "</div>\n";
      }
      html += "</section>\n";
    }
  }
  // Filters, and what a headless browser checks: the page rendered, no
  // script error, how many plots and points are visible.
  html += R"(<script>
(function () {
  window.addEventListener("error", function () { document.body.dataset.errors = "1"; });
  var machine = document.getElementById("machine"), tag = document.getElementById("tag");
  function apply() {
    var m = machine ? machine.value : null, t = tag ? tag.value : "";
    document.querySelectorAll("section.machine").forEach(function (s) {
      s.hidden = m !== null && s.dataset.machine !== m;
    });
    document.querySelectorAll("[data-tags]").forEach(function (e) {
      e.hidden = t !== "" && (" " + e.dataset.tags + " ").indexOf(" " + t + " ") < 0;
    });
    var visible = function (sel) {
      return Array.prototype.filter.call(document.querySelectorAll(sel), function (e) {
        return e.closest("[hidden]") === null;
      }).length;
    };
    document.body.dataset.plots = visible("svg.history");
    document.body.dataset.points = visible("svg.history circle.point");
    document.body.dataset.rooflinePoints = visible("svg.roofline circle.point");
    // Wider than the window means sideways scrolling on a phone.
    document.body.dataset.overflow =
        document.documentElement.scrollWidth > window.innerWidth + 1 ? "1" : "0";
  }
  if (machine) machine.addEventListener("change", apply);
  if (tag) tag.addEventListener("change", apply);
  apply();
  document.body.dataset.status = "ready";
})();
</script>
</body>
</html>
)";
  return html;
}

} // namespace mlir::loom
