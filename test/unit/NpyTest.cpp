//===- NpyTest.cpp - .npy reading and writing -----------------------------===//

#include "runner/kernel/Npy.h"
#include "runner/results/Status.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

/// Fills `buffer` with values that differ per element and survive its type.
void fill(Buffer &buffer) {
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i) {
    if (isFloatKind(buffer.getKind()))
      buffer.setFloat(i, 0.5 * static_cast<double>(i) - 3);
    else
      buffer.setInt(i, buffer.getKind() == ElementKind::I1 ? i % 2 : i - 3);
  }
}

struct Case {
  ElementKind kind;
  std::vector<int64_t> shape;
};

class NpyRoundTrip : public ::testing::TestWithParam<Case> {};

TEST_P(NpyRoundTrip, ReadsBackWhatItWrote) {
  const Case &c = GetParam();
  Buffer original = c.shape.empty() ? Buffer::scalar(c.kind)
                                    : Buffer::allocate(c.kind, c.shape);
  fill(original);
  std::string bytes = serializeNpy(original);
  // NumPy's preamble: magic, version 1.0, header padded to 64 bytes.
  ASSERT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  size_t headerLength =
      static_cast<uint8_t>(bytes[8]) | (static_cast<uint8_t>(bytes[9]) << 8);
  EXPECT_EQ((10 + headerLength) % 64, 0u);

  auto array = parseNpy(bytes, "test.npy");
  ASSERT_TRUE(static_cast<bool>(array)) << llvm::toString(array.takeError());
  EXPECT_EQ(array->descr, getNpyDescr(c.kind));
  EXPECT_EQ(array->shape, c.shape);
  Buffer copy = c.shape.empty() ? Buffer::scalar(c.kind)
                                : Buffer::allocate(c.kind, c.shape);
  ASSERT_FALSE(static_cast<bool>(copyNpyInto(*array, copy, "arg 0", "t")));
  for (int64_t i = 0, e = original.getNumElements(); i < e; ++i) {
    if (isFloatKind(c.kind))
      EXPECT_EQ(copy.getFloat(i), original.getFloat(i)) << i;
    else
      EXPECT_EQ(copy.getInt(i), original.getInt(i)) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryDtypeAndShape, NpyRoundTrip,
    ::testing::Values(
        Case{ElementKind::F32, {3, 4}}, Case{ElementKind::F64, {5}},
        Case{ElementKind::F16, {2, 3, 2}}, Case{ElementKind::BF16, {7}},
        Case{ElementKind::I8, {4, 4}}, Case{ElementKind::I32, {6}},
        Case{ElementKind::I64, {2, 2}}, Case{ElementKind::I1, {9}},
        // 0-d (a scalar) and empty arrays.
        Case{ElementKind::F32, {}}, Case{ElementKind::I32, {}},
        Case{ElementKind::F32, {0, 4}}, Case{ElementKind::I64, {0}}));

TEST(NpyTest, DescrsFollowNumPy) {
  EXPECT_EQ(getNpyDescr(ElementKind::F32), "<f4");
  EXPECT_EQ(getNpyDescr(ElementKind::I8), "|i1");
  EXPECT_EQ(getNpyDescr(ElementKind::BF16), "<V2");
  // ml_dtypes' bfloat16 is saved as '<V2'; raw uint16 bits are accepted too.
  EXPECT_TRUE(isNpyDescrFor("<V2", ElementKind::BF16));
  EXPECT_TRUE(isNpyDescrFor("<u2", ElementKind::BF16));
  EXPECT_TRUE(isNpyDescrFor("=f4", ElementKind::F32));
  EXPECT_TRUE(isNpyDescrFor("<i1", ElementKind::I8));
  EXPECT_FALSE(isNpyDescrFor("<f8", ElementKind::F32));
  EXPECT_FALSE(isNpyDescrFor("<f2", ElementKind::BF16));
}

/// A .npy file with `header` as its dict and `data` after it.
std::string makeNpy(const std::string &header, const std::string &data,
                    char major = 1) {
  std::string bytes = std::string("\x93NUMPY", 6) + major + '\0';
  if (major == 1) {
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
  } else {
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += std::string(2, '\0');
  }
  return bytes + header + data;
}

std::string parseError(const std::string &bytes) {
  auto array = parseNpy(bytes, "bad.npy");
  if (array)
    return "";
  auto [code, message] = takeError(array.takeError());
  EXPECT_EQ(code, ExitCode::InvalidInput);
  return message;
}

TEST(NpyTest, ReadsVersion2Headers) {
  auto array = parseNpy(makeNpy("{'descr': '<i4', 'fortran_order': False, "
                                "'shape': (2,), }\n",
                                std::string(8, '\0'), 2),
                        "v2.npy");
  ASSERT_TRUE(static_cast<bool>(array)) << llvm::toString(array.takeError());
  EXPECT_EQ(array->shape, std::vector<int64_t>{2});
}

TEST(NpyTest, RejectsMalformedFiles) {
  const std::string f32x2 =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }\n";
  EXPECT_NE(parseError("not a numpy file").find("magic"), std::string::npos);
  EXPECT_NE(parseError(makeNpy(f32x2, std::string(7, '\0')))
                .find("promises 8 bytes of data"),
            std::string::npos);
  EXPECT_NE(parseError(makeNpy(f32x2, "").substr(0, 30)).find("truncated"),
            std::string::npos);
  EXPECT_NE(
      parseError(makeNpy("{'descr': '<f4', 'shape': (2,)}", "")).find("lacks"),
      std::string::npos);
  EXPECT_NE(parseError(makeNpy("['descr']", "")).find("not a dict"),
            std::string::npos);
  EXPECT_NE(parseError(makeNpy("{'descr': '<f4', 'fortran_order': maybe, "
                               "'shape': (2,), }",
                               std::string(8, '\0')))
                .find("True or False"),
            std::string::npos);
  EXPECT_NE(
      parseError(std::string("\x93NUMPY\x07\x00", 8) + "xx").find("version 7"),
      std::string::npos);
}

TEST(NpyTest, RejectsLayoutsItCannotUse) {
  EXPECT_NE(parseError(makeNpy("{'descr': '<f4', 'fortran_order': True, "
                               "'shape': (2, 2), }",
                               std::string(16, '\0')))
                .find("Fortran order"),
            std::string::npos);
  EXPECT_NE(parseError(makeNpy("{'descr': '|O', 'fortran_order': False, "
                               "'shape': (2,), }",
                               std::string(16, '\0')))
                .find("object array"),
            std::string::npos);
  EXPECT_NE(parseError(makeNpy("{'descr': '>f4', 'fortran_order': False, "
                               "'shape': (2,), }",
                               std::string(8, '\0')))
                .find("big-endian"),
            std::string::npos);
}

TEST(NpyTest, CopyChecksDtypeAndShape) {
  auto array = parseNpy(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                                "'shape': (2, 3), }",
                                std::string(24, '\0')),
                        "a.npy");
  ASSERT_TRUE(static_cast<bool>(array));
  Buffer wrongShape = Buffer::allocate(ElementKind::F32, {3, 2});
  EXPECT_EQ(takeError(copyNpyInto(*array, wrongShape, "arg 0", "a.npy")).second,
            "'a.npy' has shape (2, 3) but arg 0 needs (3, 2)");
  Buffer wrongType = Buffer::allocate(ElementKind::F64, {2, 3});
  EXPECT_EQ(takeError(copyNpyInto(*array, wrongType, "arg 0", "a.npy")).second,
            "'a.npy' has dtype '<f4' but arg 0 needs '<f8'");
  // Into a strided buffer, element by element.
  Buffer strided = Buffer::allocateStrided(ElementKind::F32, {2, 3}, {4, 1}, 1);
  EXPECT_FALSE(static_cast<bool>(copyNpyInto(*array, strided, "arg 0", "a")));
}

} // namespace
