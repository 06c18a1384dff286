//===- InputsTest.cpp - Argument shapes and input generation --------------===//

#include "TestIR.h"

#include "runner/kernel/Inputs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

class InputsTest : public ::testing::Test {
protected:
  /// Resolves the arguments of the first function in `text`.
  llvm::Expected<SmallVector<Argument>>
  resolve(llvm::StringRef text, std::vector<std::string> dimTexts = {}) {
    module = ir.parse(text);
    std::vector<DimSize> dims;
    for (const std::string &dimText : dimTexts) {
      auto [spec, size] = llvm::StringRef(dimText).split('=');
      dims.push_back({spec.str(), std::stoll(size.str())});
    }
    return resolveArguments(*module->getOps<func::FuncOp>().begin(), dims);
  }

  std::string errorOf(llvm::Expected<SmallVector<Argument>> result) {
    EXPECT_FALSE(static_cast<bool>(result));
    return result ? "" : llvm::toString(result.takeError());
  }

  test::TestIR ir;
  OwningOpRef<ModuleOp> module;
};

const char *kDynamicMatmul = R"mlir(
  func.func @f(%a: tensor<?x?xf32> {loom.dims = ["M", "K"]},
               %b: tensor<?x16xf32> {loom.dims = ["K", "N"]},
               %s: f32, %m: memref<4x?xi8>) {
    return
  })mlir";

TEST_F(InputsTest, NamesTieDimensionsTogether) {
  auto arguments = resolve(kDynamicMatmul, {"M=8", "K=32", "3=5"});
  ASSERT_TRUE(static_cast<bool>(arguments))
      << llvm::toString(arguments.takeError());
  ASSERT_EQ(arguments->size(), 4u);
  EXPECT_EQ((*arguments)[0].shape, SmallVector<int64_t>({8, 32}));
  EXPECT_EQ((*arguments)[1].shape, SmallVector<int64_t>({32, 16}));
  EXPECT_TRUE((*arguments)[2].signature.isScalar);
  EXPECT_EQ((*arguments)[3].shape, SmallVector<int64_t>({4, 5}));
  EXPECT_EQ((*arguments)[3].strides, SmallVector<int64_t>({5, 1}));
  EXPECT_EQ((*arguments)[3].signature.kind, ElementKind::I8);
}

TEST_F(InputsTest, PositionsCountDynamicDimensionsInOrder) {
  auto arguments = resolve(kDynamicMatmul, {"0=2", "1=3", "2=3", "3=7"});
  ASSERT_TRUE(static_cast<bool>(arguments));
  EXPECT_EQ((*arguments)[0].shape, SmallVector<int64_t>({2, 3}));
  EXPECT_EQ((*arguments)[1].shape, SmallVector<int64_t>({3, 16}));
  EXPECT_EQ((*arguments)[3].shape, SmallVector<int64_t>({4, 7}));
}

TEST_F(InputsTest, ErrorsNameWhatIsWrong) {
  EXPECT_EQ(errorOf(resolve(kDynamicMatmul, {"M=8", "K=32"})),
            "argument #3 (memref<4x?xi8>) has dynamic dimension 1 without a "
            "size: pass --dim 3=SIZE");
  // N is static (16) in argument #1.
  EXPECT_EQ(errorOf(resolve(kDynamicMatmul, {"M=8", "K=32", "N=8", "3=1"})),
            "--dim N=8 contradicts argument #1 dimension 1, which is 16");
  EXPECT_EQ(errorOf(resolve(kDynamicMatmul, {"Q=1"})),
            "--dim Q=1: no dimension is named 'Q' (names come from loom.dims "
            "argument attributes; dynamic ones here: M, K)");
  EXPECT_EQ(errorOf(resolve(kDynamicMatmul, {"9=1"})),
            "--dim 9=1: the function has 4 dynamic dimension(s), numbered "
            "from 0");
  EXPECT_EQ(errorOf(resolve(kDynamicMatmul, {"M=8", "0=9"})),
            "--dim gives two sizes for dynamic dimension 0");
}

TEST_F(InputsTest, UnsupportedTypes) {
  EXPECT_EQ(errorOf(resolve(R"mlir(
    func.func @f(%a: tensor<*xf32>) { return })mlir")),
            "argument #0 has type tensor<*xf32>: only ranked tensors, memrefs "
            "and scalars can be passed to a kernel");
}

Argument makeArgument(ElementKind kind, SmallVector<int64_t> shape,
                      unsigned index = 0) {
  Argument argument;
  argument.signature.kind = kind;
  argument.signature.rank = shape.size();
  argument.index = index;
  argument.shape = shape;
  argument.strides.assign(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    argument.strides[d] = argument.strides[d + 1] * shape[d + 1];
  return argument;
}

TEST(CreateInputTest, RandomIsDeterministicAndInRange) {
  Argument argument = makeArgument(ElementKind::F32, {64, 64});
  Buffer first = createInput(argument, InitKind::Random, 42);
  Buffer second = createInput(argument, InitKind::Random, 42);
  Buffer otherSeed = createInput(argument, InitKind::Random, 43);
  Buffer otherArgument = createInput(
      makeArgument(ElementKind::F32, {64, 64}, 1), InitKind::Random, 42);
  bool differsBySeed = false, differsByArgument = false;
  double sum = 0;
  for (int64_t i = 0; i < first.getNumElements(); ++i) {
    double value = first.getFloat(i);
    EXPECT_GE(value, -1.0);
    EXPECT_LT(value, 1.0);
    EXPECT_EQ(value, second.getFloat(i));
    differsBySeed |= value != otherSeed.getFloat(i);
    differsByArgument |= value != otherArgument.getFloat(i);
    sum += value;
  }
  EXPECT_TRUE(differsBySeed);
  EXPECT_TRUE(differsByArgument);
  EXPECT_NEAR(sum / first.getNumElements(), 0.0, 0.05);
}

TEST(CreateInputTest, IntegerRanges) {
  Buffer ints =
      createInput(makeArgument(ElementKind::I32, {4096}), InitKind::Random, 0);
  int64_t low = 0, high = 0;
  for (int64_t i = 0; i < ints.getNumElements(); ++i) {
    low = std::min(low, ints.getInt(i));
    high = std::max(high, ints.getInt(i));
  }
  EXPECT_EQ(low, -8);
  EXPECT_EQ(high, 7);
  Buffer flags =
      createInput(makeArgument(ElementKind::I1, {256}), InitKind::Random, 0);
  int64_t ones = 0;
  for (int64_t i = 0; i < flags.getNumElements(); ++i)
    ones += flags.getInt(i);
  EXPECT_GT(ones, 64);
  EXPECT_LT(ones, 192);
}

TEST(CreateInputTest, DeterministicPatterns) {
  Buffer ones =
      createInput(makeArgument(ElementKind::BF16, {3}), InitKind::Ones, 0);
  Buffer zeros =
      createInput(makeArgument(ElementKind::F64, {3}), InitKind::Zeros, 0);
  Buffer arange =
      createInput(makeArgument(ElementKind::F16, {2, 3}), InitKind::Arange, 0);
  Buffer wrapped =
      createInput(makeArgument(ElementKind::I8, {200}), InitKind::Arange, 0);
  for (int64_t i = 0; i < 3; ++i) {
    EXPECT_EQ(ones.getFloat(i), 1.0);
    EXPECT_EQ(zeros.getFloat(i), 0.0);
  }
  EXPECT_EQ(arange.getFloat(5), 5.0);
  EXPECT_EQ(wrapped.getInt(129), -127);
}

TEST(CreateInputTest, Scalars) {
  Argument scalar;
  scalar.signature.kind = ElementKind::Index;
  scalar.signature.isScalar = true;
  Buffer value = createInput(scalar, InitKind::Ones, 0);
  EXPECT_TRUE(value.isScalar());
  EXPECT_EQ(value.getNumElements(), 1);
  EXPECT_EQ(value.getInt(0), 1);
}

} // namespace
