//===- Check.cpp - Compare kernel outputs with the reference --------------===//

#include "runner/kernel/Check.h"

#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdlib>

namespace mlir::loom {

Tolerance getDefaultTolerance(ElementKind kind, int64_t reduction,
                              double maxAbsExpected) {
  if (!isFloatKind(kind))
    return {};
  double terms = static_cast<double>(std::max<int64_t>(reduction, 1));
  double rtol = std::min(0.1, 4.0 * getEpsilon(kind) * (terms + 4.0));
  return {rtol, rtol * maxAbsExpected};
}

static std::string shapeToString(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  return llvm::join(
      llvm::map_range(shape, [](int64_t d) { return std::to_string(d); }), "x");
}

OutputComparison compareOutputs(const Buffer &got, const Buffer &expected,
                                int64_t reduction,
                                const ToleranceOverride &overrides) {
  OutputComparison result;
  result.reduction = reduction;
  result.elements = expected.getNumElements();
  if (got.getShape() != expected.getShape() ||
      got.getKind() != expected.getKind()) {
    result.problem =
        "the kernel produced shape " + shapeToString(got.getShape()) +
        " but the reference produced " + shapeToString(expected.getShape());
    return result;
  }

  ElementKind kind = expected.getKind();
  if (!isFloatKind(kind)) {
    for (int64_t i = 0; i < result.elements; ++i) {
      int64_t g = got.getInt(i), e = expected.getInt(i);
      if (g == e)
        continue;
      double error = std::fabs(static_cast<double>(g) - static_cast<double>(e));
      result.maxAbsError = std::max(result.maxAbsError, error);
      if (e != 0)
        result.maxRelError =
            std::max(result.maxRelError, error / std::fabs(double(e)));
      if (result.mismatches++ == 0) {
        SmallVector<int64_t> index = expected.delinearize(i);
        result.firstMismatch = std::vector<int64_t>(index.begin(), index.end());
        result.got = static_cast<double>(g);
        result.expected = static_cast<double>(e);
      }
    }
    return result;
  }

  double maxAbsExpected = 0;
  for (int64_t i = 0; i < result.elements; ++i) {
    double e = expected.getFloat(i);
    if (std::isfinite(e))
      maxAbsExpected = std::max(maxAbsExpected, std::fabs(e));
  }
  result.tolerance = getDefaultTolerance(kind, reduction, maxAbsExpected);
  if (overrides.rtol)
    result.tolerance.rtol = *overrides.rtol;
  if (overrides.atol)
    result.tolerance.atol = *overrides.atol;

  for (int64_t i = 0; i < result.elements; ++i) {
    double g = got.getFloat(i), e = expected.getFloat(i);
    bool match;
    if (std::isnan(e) || std::isnan(g)) {
      match = std::isnan(e) && std::isnan(g);
    } else if (std::isinf(e) || std::isinf(g)) {
      match = g == e;
    } else {
      double error = std::fabs(g - e);
      result.maxAbsError = std::max(result.maxAbsError, error);
      if (e != 0)
        result.maxRelError = std::max(result.maxRelError, error / std::fabs(e));
      match =
          error <= result.tolerance.atol + result.tolerance.rtol * std::fabs(e);
    }
    if (match)
      continue;
    if (result.mismatches++ == 0) {
      SmallVector<int64_t> index = expected.delinearize(i);
      result.firstMismatch = std::vector<int64_t>(index.begin(), index.end());
      result.got = g;
      result.expected = e;
    }
  }
  return result;
}

namespace {
/// A printed line cut into text and numbers: "[1.5, 2]" is the text
/// "[#, #]" and the numbers 1.5 and 2.
struct PrintedLine {
  std::string text;
  std::vector<double> numbers;
};
} // namespace

static bool isNumberStart(llvm::StringRef rest, char previous) {
  // A sign or digit that is not the end of a word ("f32", "x2").
  if (llvm::isAlnum(previous) || previous == '_' || previous == '.')
    return false;
  llvm::StringRef body = rest;
  body.consume_front("-");
  body.consume_front("+");
  return !body.empty() &&
         (llvm::isDigit(body.front()) ||
          (body.front() == '.' && body.size() > 1 && llvm::isDigit(body[1])) ||
          body.starts_with_insensitive("nan") ||
          body.starts_with_insensitive("inf"));
}

static PrintedLine parsePrintedLine(llvm::StringRef line) {
  PrintedLine parsed;
  char previous = ' ';
  while (!line.empty()) {
    if (line.starts_with("0x") && line.size() > 2 &&
        llvm::isHexDigit(line[2])) {
      // An address differs from run to run.
      line = line.drop_front(2).drop_while(llvm::isHexDigit);
      parsed.text += "0x@";
      previous = '@';
      continue;
    }
    if (isNumberStart(line, previous)) {
      const char *begin = line.data();
      std::string token =
          line.take_while([](char c) {
                return llvm::isAlnum(c) || c == '.' || c == '-' || c == '+';
              })
              .str();
      char *end = nullptr;
      double value = std::strtod(token.c_str(), &end);
      size_t used = end - token.c_str();
      if (used > 0) {
        parsed.numbers.push_back(value);
        parsed.text += "#";
        line = line.drop_front(used);
        previous = begin[used - 1];
        continue;
      }
    }
    previous = line.front();
    parsed.text += line.front();
    line = line.drop_front();
  }
  return parsed;
}

static std::vector<PrintedLine> parsePrinted(llvm::StringRef text) {
  std::vector<PrintedLine> lines;
  SmallVector<llvm::StringRef> raw;
  text.rtrim("\n").split(raw, '\n');
  if (text.rtrim("\n").empty())
    return lines;
  for (llvm::StringRef line : raw)
    lines.push_back(parsePrintedLine(line.rtrim()));
  return lines;
}

/// Line `index` (0-based) of `text`, for messages.
static std::string getLine(llvm::StringRef text, size_t index) {
  SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  std::string line = index < lines.size() ? lines[index].rtrim().str() : "";
  if (line.size() > 120)
    line = line.substr(0, 117) + "...";
  return line;
}

OutputComparison comparePrinted(llvm::StringRef got, llvm::StringRef expected,
                                int64_t reduction,
                                const ToleranceOverride &overrides) {
  OutputComparison result;
  result.name = "printed output";
  result.type = "text";
  result.reduction = reduction;
  std::vector<PrintedLine> gotLines = parsePrinted(got);
  std::vector<PrintedLine> expectedLines = parsePrinted(expected);
  double maxAbsExpected = 0;
  for (const PrintedLine &line : expectedLines)
    for (double value : line.numbers)
      if (std::isfinite(value))
        maxAbsExpected = std::max(maxAbsExpected, std::fabs(value));
  result.tolerance =
      getDefaultTolerance(ElementKind::F32, reduction, maxAbsExpected);
  if (overrides.rtol)
    result.tolerance.rtol = *overrides.rtol;
  if (overrides.atol)
    result.tolerance.atol = *overrides.atol;

  for (size_t i = 0; i < std::max(gotLines.size(), expectedLines.size()); ++i) {
    if (i >= gotLines.size() || i >= expectedLines.size() ||
        gotLines[i].text != expectedLines[i].text ||
        gotLines[i].numbers.size() != expectedLines[i].numbers.size()) {
      if (result.problem.empty())
        result.problem =
            "line " + std::to_string(i + 1) +
            " differs: the reference printed '" +
            (i < expectedLines.size() ? getLine(expected, i) : "(nothing)") +
            "', the kernel '" +
            (i < gotLines.size() ? getLine(got, i) : "(nothing)") + "'";
      continue;
    }
    for (auto [index, pair] : llvm::enumerate(
             llvm::zip_equal(gotLines[i].numbers, expectedLines[i].numbers))) {
      auto [g, e] = pair;
      ++result.elements;
      if (std::isnan(g) && std::isnan(e))
        continue;
      double error = std::fabs(g - e);
      bool close = g == e || error <= result.tolerance.atol +
                                          result.tolerance.rtol * std::fabs(e);
      if (std::isfinite(error)) {
        result.maxAbsError = std::max(result.maxAbsError, error);
        if (e != 0)
          result.maxRelError =
              std::max(result.maxRelError, error / std::fabs(e));
      }
      if (close)
        continue;
      if (result.mismatches++ == 0) {
        result.firstMismatch =
            std::vector<int64_t>{int64_t(i + 1), int64_t(index + 1)};
        result.got = g;
        result.expected = e;
        if (result.problem.empty())
          result.problem = "line " + std::to_string(i + 1) + ", number " +
                           std::to_string(index + 1) +
                           ": the reference printed '" + getLine(expected, i) +
                           "', the kernel '" + getLine(got, i) + "'";
      }
    }
  }
  return result;
}

} // namespace mlir::loom
