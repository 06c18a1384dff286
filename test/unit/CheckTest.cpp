//===- CheckTest.cpp - Tolerance rule and output comparison ---------------===//

#include "runner/kernel/Check.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace mlir::loom;

namespace {

Buffer makeBuffer(ElementKind kind, std::vector<double> values) {
  Buffer buffer = Buffer::allocate(kind, {static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i)
    buffer.setFloat(i, values[i]);
  return buffer;
}

TEST(ToleranceTest, ScalesWithTheReduction) {
  const double eps32 = std::ldexp(1.0, -23);
  Tolerance none = getDefaultTolerance(ElementKind::F32, 1, 10.0);
  EXPECT_DOUBLE_EQ(none.rtol, 4 * eps32 * 5);
  EXPECT_DOUBLE_EQ(none.atol, none.rtol * 10.0);
  Tolerance k1024 = getDefaultTolerance(ElementKind::F32, 1024, 2.0);
  EXPECT_DOUBLE_EQ(k1024.rtol, 4 * eps32 * 1028);
  EXPECT_DOUBLE_EQ(k1024.atol, k1024.rtol * 2.0);
  EXPECT_DOUBLE_EQ(getDefaultTolerance(ElementKind::F64, 16, 1).rtol,
                   4 * std::ldexp(1.0, -52) * 20);
  EXPECT_DOUBLE_EQ(getDefaultTolerance(ElementKind::F16, 16, 1).rtol,
                   4 * std::ldexp(1.0, -10) * 20);
}

TEST(ToleranceTest, IsCappedAndExactForIntegers) {
  EXPECT_DOUBLE_EQ(getDefaultTolerance(ElementKind::BF16, 1024, 1).rtol, 0.1);
  Tolerance integer = getDefaultTolerance(ElementKind::I32, 1024, 100);
  EXPECT_EQ(integer.rtol, 0.0);
  EXPECT_EQ(integer.atol, 0.0);
}

TEST(CompareTest, AcceptsReorderingNoise) {
  Buffer expected = makeBuffer(ElementKind::F32, {1.0, -2.0, 3.0, 100.0});
  Buffer got =
      makeBuffer(ElementKind::F32, {1.0 + 1e-6, -2.0, 3.0, 100.0 - 1e-4});
  OutputComparison result = compareOutputs(got, expected, 256, {});
  EXPECT_TRUE(result.passed());
  EXPECT_EQ(result.elements, 4);
  EXPECT_NEAR(result.maxAbsError, 1e-4, 1e-5);
}

TEST(CompareTest, ReportsTheFirstMismatch) {
  Buffer expected = Buffer::allocate(ElementKind::F32, {2, 3});
  Buffer got = Buffer::allocate(ElementKind::F32, {2, 3});
  for (int64_t i = 0; i < 6; ++i) {
    expected.setFloat(i, i);
    got.setFloat(i, i);
  }
  got.setFloat(4, 7.5);
  got.setFloat(5, 0.0);
  OutputComparison result = compareOutputs(got, expected, 1, {});
  EXPECT_FALSE(result.passed());
  EXPECT_EQ(result.mismatches, 2);
  ASSERT_TRUE(result.firstMismatch.has_value());
  EXPECT_EQ(*result.firstMismatch, std::vector<int64_t>({1, 1}));
  EXPECT_EQ(result.got, 7.5);
  EXPECT_EQ(result.expected, 4.0);
  EXPECT_DOUBLE_EQ(result.maxAbsError, 5.0);
}

TEST(CompareTest, NaNsAndInfinities) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  Buffer expected = makeBuffer(ElementKind::F32, {nan, inf, -inf, 1.0});
  EXPECT_TRUE(
      compareOutputs(makeBuffer(ElementKind::F32, {nan, inf, -inf, 1.0}),
                     expected, 1, {})
          .passed());
  EXPECT_EQ(compareOutputs(makeBuffer(ElementKind::F32, {1.0, inf, inf, nan}),
                           expected, 1, {})
                .mismatches,
            3);
}

TEST(CompareTest, IntegersAreExact) {
  Buffer expected = Buffer::allocate(ElementKind::I32, {3});
  Buffer got = Buffer::allocate(ElementKind::I32, {3});
  for (int64_t i = 0; i < 3; ++i) {
    expected.setInt(i, 1000000 + i);
    got.setInt(i, 1000000 + i);
  }
  EXPECT_TRUE(compareOutputs(got, expected, 4096, {}).passed());
  got.setInt(2, 1000001);
  OutputComparison result = compareOutputs(got, expected, 4096, {});
  EXPECT_EQ(result.mismatches, 1);
  EXPECT_EQ(*result.firstMismatch, std::vector<int64_t>({2}));
}

TEST(CompareTest, OverridesReplaceTheDefaults) {
  Buffer expected = makeBuffer(ElementKind::F32, {1.0, 2.0});
  Buffer got = makeBuffer(ElementKind::F32, {1.01, 2.0});
  EXPECT_FALSE(compareOutputs(got, expected, 1, {}).passed());
  OutputComparison loose = compareOutputs(got, expected, 1, {0.02, 0.0});
  EXPECT_TRUE(loose.passed());
  EXPECT_EQ(loose.tolerance.rtol, 0.02);
  EXPECT_EQ(loose.tolerance.atol, 0.0);
}

TEST(CompareTest, ShapesMustAgree) {
  OutputComparison result =
      compareOutputs(Buffer::allocate(ElementKind::F32, {2, 2}),
                     Buffer::allocate(ElementKind::F32, {4}), 1, {});
  EXPECT_FALSE(result.passed());
  EXPECT_EQ(result.problem,
            "the kernel produced shape 2x2 but the reference produced 4");
}

} // namespace
