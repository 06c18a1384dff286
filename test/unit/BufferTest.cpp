//===- BufferTest.cpp - Host buffers and 16-bit floats --------------------===//

#include "runner/kernel/Buffer.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace mlir::loom;

namespace {

TEST(HalfTest, ConvertsExactlyRepresentableValues) {
  EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalf(-2.0f), 0xc000);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -24)), 0x0001); // Smallest subnormal.
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -14)), 0x0400); // Smallest normal.
  for (uint16_t bits : {0x0000, 0x3c00, 0x0001, 0x03ff, 0x7bff, 0xfbff, 0x7c00})
    EXPECT_EQ(floatToHalf(halfToFloat(bits)), bits) << bits;
}

TEST(HalfTest, RoundsToNearestEven) {
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties go to the even 1.0.
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  // 1 + 3 x 2^-11 is halfway between two odd/even neighbours: up to even.
  EXPECT_EQ(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  EXPECT_EQ(floatToHalf(65520.0f), 0x7c00); // Overflows to infinity.
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -26)), 0x0000); // Underflows to 0.
  EXPECT_TRUE(std::isnan(halfToFloat(floatToHalf(NAN))));
}

TEST(BFloatTest, ConvertsAndRounds) {
  EXPECT_EQ(floatToBFloat(1.0f), 0x3f80);
  EXPECT_EQ(bfloatToFloat(0x3f80), 1.0f);
  EXPECT_EQ(floatToBFloat(1.0f + std::ldexp(1.0f, -8)), 0x3f80); // Tie: even.
  EXPECT_EQ(floatToBFloat(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);
  EXPECT_TRUE(std::isnan(bfloatToFloat(floatToBFloat(NAN))));
}

TEST(BufferTest, RowMajorAccessAndDescriptor) {
  Buffer buffer = Buffer::allocate(ElementKind::I16, {2, 3});
  EXPECT_TRUE(buffer.isContiguous());
  EXPECT_EQ(buffer.getStrides(), llvm::ArrayRef<int64_t>({3, 1}));
  for (int64_t i = 0; i < 6; ++i)
    buffer.setInt(i, -i);
  EXPECT_EQ(buffer.getInt(5), -5);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buffer.data()) % 64, 0u);
  llvm::SmallVector<int64_t> descriptor = buffer.getDescriptor();
  ASSERT_EQ(descriptor.size(), 7u); // 2 pointers, offset, 2 sizes, 2 strides.
  EXPECT_EQ(descriptor[2], 0);
  EXPECT_EQ(descriptor[3], 2);
  EXPECT_EQ(descriptor[4], 3);
  EXPECT_EQ(descriptor[5], 3);
  EXPECT_EQ(descriptor[6], 1);
  EXPECT_EQ(buffer.delinearize(4), llvm::SmallVector<int64_t>({1, 1}));
}

TEST(BufferTest, StridedLayoutWithOffset) {
  // A 2 x 2 view with row stride 5 starting at element 3.
  Buffer buffer = Buffer::allocateStrided(ElementKind::F32, {2, 2}, {5, 1}, 3);
  EXPECT_FALSE(buffer.isContiguous());
  for (int64_t i = 0; i < 4; ++i)
    buffer.setFloat(i, 10 + i);
  auto *storage = static_cast<float *>(buffer.data());
  EXPECT_EQ(storage[3], 10.0f);
  EXPECT_EQ(storage[4], 11.0f);
  EXPECT_EQ(storage[8], 12.0f);
  EXPECT_EQ(storage[9], 13.0f);
  Buffer copy = Buffer::copyFromDescriptor(ElementKind::F32, 2,
                                           buffer.getDescriptor().data());
  EXPECT_TRUE(copy.isContiguous());
  EXPECT_EQ(copy.getFloat(3), 13.0);
}

TEST(BufferTest, CloneIsDeep) {
  Buffer buffer = Buffer::allocate(ElementKind::F64, {4});
  buffer.setFloat(0, 1.5);
  Buffer copy = buffer.clone();
  buffer.setFloat(0, 2.5);
  EXPECT_EQ(copy.getFloat(0), 1.5);
}

TEST(BufferTest, ElementKinds) {
  EXPECT_EQ(getByteSize(ElementKind::I1), 1);
  EXPECT_EQ(getByteSize(ElementKind::BF16), 2);
  EXPECT_EQ(getByteSize(ElementKind::Index), 8);
  EXPECT_TRUE(isFloatKind(ElementKind::BF16));
  EXPECT_FALSE(isFloatKind(ElementKind::I8));
  Buffer flags = Buffer::allocate(ElementKind::I1, {2});
  flags.setInt(0, 3); // Only the low bit is kept.
  EXPECT_EQ(flags.getInt(0), 1);
  Buffer bytes = Buffer::allocate(ElementKind::I8, {1});
  bytes.setInt(0, 200); // Wraps like the hardware.
  EXPECT_EQ(bytes.getInt(0), -56);
}

} // namespace
