//===- Check.cpp - Compare kernel outputs with the reference --------------===//

#include "runner/kernel/Check.h"

#include "llvm/ADT/StringExtras.h"

#include <cmath>

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

} // namespace mlir::loom
