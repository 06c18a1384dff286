//===- Compare.cpp - `loom compare` as a library function -----------------===//

#include "runner/results/Compare.h"
#include "runner/results/Report.h"
#include "runner/results/Statistics.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace mlir::loom {

llvm::StringRef getVerdictName(Verdict verdict) {
  switch (verdict) {
  case Verdict::Improved:
    return "improved";
  case Verdict::Regressed:
    return "regressed";
  case Verdict::Unchanged:
    return "unchanged";
  case Verdict::Noisy:
    return "noisy";
  case Verdict::Added:
    return "added";
  case Verdict::Removed:
    return "removed";
  case Verdict::Failed:
    return "failed";
  }
  return "unknown";
}

/// (max - min) / median.
static double relativeRange(ArrayRef<double> values) {
  double middle = median(values);
  if (values.empty() || middle <= 0)
    return 0;
  auto [low, high] = std::minmax_element(values.begin(), values.end());
  return (*high - *low) / middle;
}

static std::string percent(double fraction) {
  return llvm::formatv("{0:f1}%", 100.0 * fraction).str();
}

BenchmarkComparison compareSamples(llvm::StringRef name,
                                   ArrayRef<double> baseTimes,
                                   ArrayRef<double> newTimes, bool sameCode,
                                   const CompareOptions &options) {
  BenchmarkComparison result;
  result.name = name.str();
  result.sameCode = sameCode;
  result.baseSamples = baseTimes.size();
  result.newSamples = newTimes.size();
  if (baseTimes.empty() || newTimes.empty()) {
    result.verdict = Verdict::Noisy;
    result.reason = "no timing on one side";
    return result;
  }
  result.baseTime = median(baseTimes);
  result.newTime = median(newTimes);
  // A median of zero (or less) is a broken measurement: there is no ratio
  // to take, let alone a verdict.
  for (auto [side, time] :
       {std::pair<const char *, double>{"base", *result.baseTime},
        {"new", *result.newTime}})
    if (!(time > 0) || !std::isfinite(time)) {
      result.verdict = Verdict::Noisy;
      result.reason = std::string("the ") + side +
                      " median time is not a positive number; nothing to "
                      "compare";
      return result;
    }
  result.change = *result.newTime / *result.baseTime - 1;
  result.noise = std::max(relativeRange(baseTimes), relativeRange(newTimes));
  double change = *result.change;
  double magnitude = std::fabs(change);

  if (minimumPValue(baseTimes.size(), newTimes.size()) > options.alpha) {
    result.verdict = Verdict::Noisy;
    size_t needed = 1;
    while (minimumPValue(needed, needed) > options.alpha)
      ++needed;
    result.reason =
        llvm::formatv("too few repetitions ({0} vs {1}) to be "
                      "significant at alpha {2}; use at least {3} "
                      "each",
                      baseTimes.size(), newTimes.size(), options.alpha, needed)
            .str();
    return result;
  }
  MannWhitneyResult test = mannWhitneyU(baseTimes, newTimes);
  result.pValue = test.pValue;
  bool significant = test.pValue < options.alpha;
  bool large = magnitude >= options.threshold;

  if (sameCode && magnitude <= result.noise) {
    result.verdict = Verdict::Unchanged;
    result.reason = "same code; the change is inside the spread of the "
                    "repetitions (" +
                    percent(result.noise) + ")";
  } else if (significant && large) {
    result.verdict = change > 0 ? Verdict::Regressed : Verdict::Improved;
    result.reason = (change > 0 ? "slower" : "faster") + std::string(" by ") +
                    percent(magnitude) + ", significant";
  } else if (significant) {
    result.verdict = Verdict::Noisy;
    result.reason = "significant, but under the " + percent(options.threshold) +
                    " threshold";
  } else if (large) {
    result.verdict = Verdict::Noisy;
    result.reason = "over the threshold, but not significant";
  } else {
    result.verdict = Verdict::Unchanged;
    result.reason = "not significant, under the threshold";
  }
  return result;
}

static std::string label(const BenchResults &results) {
  const BenchContext &context = results.context;
  if (context.revision)
    return context.revision->substr(0, 12) + (context.dirty ? "+" : "");
  return context.startTime;
}

Comparison compareResults(const BenchResults &base, const BenchResults &next,
                          const CompareOptions &options) {
  Comparison comparison;
  comparison.options = options;
  comparison.baseLabel = label(base);
  comparison.newLabel = label(next);
  std::vector<double> ratios;
  for (const BenchmarkResult &after : next.benchmarks) {
    const BenchmarkResult *before = base.find(after.name);
    BenchmarkComparison result;
    if (!after.ok()) {
      result.name = after.name;
      result.verdict = Verdict::Failed;
      result.reason = after.record.status + ": " + after.record.error;
    } else if (!before || !before->ok()) {
      result.name = after.name;
      result.verdict = Verdict::Added;
      result.reason = before ? "failed in the base run" : "not in the base run";
      result.newTime = after.getMedianTime();
    } else {
      bool sameCode =
          before->record.payload.sha256 == after.record.payload.sha256 &&
          before->getScheduleHash() == after.getScheduleHash();
      result = compareSamples(after.name, before->getRepetitionMedians(),
                              after.getRepetitionMedians(), sameCode, options);
      if (result.change)
        ratios.push_back(1 + *result.change);
    }
    comparison.regressions += result.verdict == Verdict::Regressed;
    comparison.improvements += result.verdict == Verdict::Improved;
    comparison.benchmarks.push_back(std::move(result));
  }
  for (const BenchmarkResult &before : base.benchmarks)
    if (!next.find(before.name)) {
      BenchmarkComparison result;
      result.name = before.name;
      result.verdict = Verdict::Removed;
      result.reason = "not in the new run";
      result.baseTime = before.getMedianTime();
      comparison.benchmarks.push_back(std::move(result));
    }
  if (!ratios.empty())
    comparison.geomeanRatio = geometricMean(ratios);
  return comparison;
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

static std::string formatChange(std::optional<double> change) {
  if (!change)
    return "-";
  return llvm::formatv("{0}{1:f1}%", *change >= 0 ? "+" : "", 100 * *change)
      .str();
}

static std::string formatTime(std::optional<double> time) {
  return time ? formatDuration(*time) : "-";
}

static std::string formatPValue(std::optional<double> p) {
  if (!p)
    return "-";
  return *p < 1e-4 ? std::string("<0.0001") : llvm::formatv("{0:f4}", *p).str();
}

static std::string summary(const Comparison &comparison) {
  std::string text =
      llvm::formatv(
          "{0} regression{1}, {2} improvement{3} (threshold {4}, "
          "alpha {5})",
          comparison.regressions, comparison.regressions == 1 ? "" : "s",
          comparison.improvements, comparison.improvements == 1 ? "" : "s",
          percent(comparison.options.threshold), comparison.options.alpha)
          .str();
  if (comparison.geomeanRatio)
    text += "; geometric mean of time ratios " +
            llvm::formatv("{0:f3}", *comparison.geomeanRatio).str() + " (" +
            formatChange(*comparison.geomeanRatio - 1) + ")";
  return text;
}

static nlohmann::ordered_json toJson(const Comparison &comparison) {
  using json = nlohmann::ordered_json;
  auto optional = [](std::optional<double> value) {
    return value ? json(*value) : json(nullptr);
  };
  json benchmarks = json::array();
  for (const BenchmarkComparison &result : comparison.benchmarks)
    benchmarks.push_back({{"name", result.name},
                          {"verdict", getVerdictName(result.verdict).str()},
                          {"reason", result.reason},
                          {"base_median_s", optional(result.baseTime)},
                          {"new_median_s", optional(result.newTime)},
                          {"change", optional(result.change)},
                          {"p_value", optional(result.pValue)},
                          {"base_samples", result.baseSamples},
                          {"new_samples", result.newSamples},
                          {"same_code", result.sameCode},
                          {"noise", result.noise}});
  return {{"schema", "loom-compare"},
          {"schema_version", 1},
          {"base", comparison.baseLabel},
          {"new", comparison.newLabel},
          {"threshold", comparison.options.threshold},
          {"alpha", comparison.options.alpha},
          {"regressions", comparison.regressions},
          {"improvements", comparison.improvements},
          {"geomean_ratio", optional(comparison.geomeanRatio)},
          {"exit_code", comparison.getExitCode()},
          {"benchmarks", benchmarks}};
}

void printComparison(const Comparison &comparison, CompareFormat format,
                     llvm::raw_ostream &os) {
  if (format == CompareFormat::Json) {
    os << toJson(comparison).dump(2) << "\n";
    return;
  }
  bool markdown = format == CompareFormat::Markdown;
  Table table(
      {"benchmark", ">base", ">new", ">change", ">p", "verdict", "why"});
  for (const BenchmarkComparison &result : comparison.benchmarks) {
    std::string verdict = getVerdictName(result.verdict).str();
    if (markdown && (result.verdict == Verdict::Regressed ||
                     result.verdict == Verdict::Failed))
      verdict = "**" + verdict + "**";
    table.addRow({result.name, formatTime(result.baseTime),
                  formatTime(result.newTime), formatChange(result.change),
                  formatPValue(result.pValue), verdict, result.reason});
  }
  if (markdown) {
    os << "### Loom benchmarks: " << comparison.newLabel << " vs "
       << comparison.baseLabel << "\n\n";
    os << (comparison.regressions ? ":x: " : ":white_check_mark: ")
       << summary(comparison) << "\n\n";
    table.print(os, /*markdown=*/true);
    os << "\nTimes are medians over repetitions; p is the two-sided "
          "Mann-Whitney U test on the repetition medians.\n";
    return;
  }
  os << "loom compare: " << comparison.newLabel << " vs "
     << comparison.baseLabel << "\n";
  table.print(os);
  os << summary(comparison) << "\n";
}

} // namespace mlir::loom
