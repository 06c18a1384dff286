//===- WorkModelTest.cpp - FLOP and byte counting -------------------------===//

#include "TestIR.h"

#include "transforms/Passes.h"
#include "transforms/WorkModel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

class WorkModelTest : public ::testing::Test {
protected:
  /// Parses `text` and returns the work of its first function.
  FunctionWork analyze(llvm::StringRef text) {
    module = ir.parse(text);
    if (!module)
      return {};
    auto function = *module->getOps<func::FuncOp>().begin();
    return analyzeFunctionWork(function);
  }

  test::TestIR ir;
  OwningOpRef<ModuleOp> module;
};

TEST_F(WorkModelTest, MatmulIsTwoFlopsPerMultiplyAdd) {
  FunctionWork work = analyze(R"mlir(
    func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>) -> tensor<8x4xf32> {
      %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
      return %0 : tensor<8x4xf32>
    })mlir");
  ASSERT_EQ(work.ops.size(), 1u);
  EXPECT_EQ(work.ops[0].iterations, 8 * 4 * 16);
  EXPECT_EQ(work.ops[0].flopsPerIteration, 2);
  EXPECT_DOUBLE_EQ(work.flops, 2.0 * 8 * 4 * 16);
  EXPECT_EQ(work.ops[0].reduction, 16);
  // Operands: A, B and the init C.
  EXPECT_DOUBLE_EQ(work.ops[0].bytes, 4.0 * (8 * 16 + 16 * 4 + 8 * 4));
  // Interface: three arguments and one result.
  EXPECT_DOUBLE_EQ(work.bytes, 4.0 * (8 * 16 + 16 * 4 + 8 * 4 + 8 * 4));
  EXPECT_TRUE(work.uncounted.empty());
  EXPECT_EQ(work.resultReduction, SmallVector<int64_t>({16}));
}

TEST_F(WorkModelTest, NamedOpsOfOtherFamilies) {
  FunctionWork work = analyze(R"mlir(
    func.func @f(%in: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x16xf32>, %out: tensor<1x8x8x16xf32>,
                 %x: tensor<2x4x8xi8>, %y: tensor<2x8x4xi8>, %z: tensor<2x4x4xi32>,
                 %win: tensor<3x3xf32>, %pool: tensor<1x8x8x8xf32>)
        -> (tensor<1x8x8x16xf32>, tensor<2x4x4xi32>, tensor<1x8x8x8xf32>) {
      %0 = linalg.conv_2d_nhwc_hwcf ins(%in, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%out : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
      %1 = linalg.batch_matmul ins(%x, %y : tensor<2x4x8xi8>, tensor<2x8x4xi8>) outs(%z : tensor<2x4x4xi32>) -> tensor<2x4x4xi32>
      %2 = linalg.pooling_nhwc_max ins(%in, %win : tensor<1x10x10x8xf32>, tensor<3x3xf32>) outs(%pool : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
      return %0, %1, %2 : tensor<1x8x8x16xf32>, tensor<2x4x4xi32>, tensor<1x8x8x8xf32>
    })mlir");
  ASSERT_EQ(work.ops.size(), 3u);
  // conv: N x OH x OW x F x KH x KW x C iterations, mul + add.
  EXPECT_DOUBLE_EQ(work.ops[0].flops, 2.0 * 8 * 8 * 16 * 3 * 3 * 8);
  EXPECT_EQ(work.ops[0].reduction, 3 * 3 * 8);
  // Integer batch matmul: the sign extensions are free.
  EXPECT_DOUBLE_EQ(work.ops[1].flops, 2.0 * 2 * 4 * 4 * 8);
  EXPECT_DOUBLE_EQ(work.ops[1].bytes, 2 * 4 * 8 + 2 * 8 * 4 + 4.0 * 2 * 4 * 4);
  // Max pooling: one max per window element.
  EXPECT_DOUBLE_EQ(work.ops[2].flops, 1.0 * 8 * 8 * 8 * 3 * 3);
  EXPECT_EQ(work.resultReduction, SmallVector<int64_t>({72, 8, 9}));
}

TEST_F(WorkModelTest, BodyWeights) {
  FunctionWork work = analyze(R"mlir(
    func.func @f(%x: tensor<8xf16>, %y: tensor<8xf32>) -> tensor<8xf32> {
      %c = arith.constant 2.0 : f32
      %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                           iterator_types = ["parallel"]}
          ins(%x : tensor<8xf16>) outs(%y : tensor<8xf32>) {
      ^bb0(%a: f16, %b: f32):
        %i = linalg.index 0 : index
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %e = arith.extf %a : f16 to f32
        %k = arith.constant 1.0 : f32
        %m = math.fma %e, %fi, %b : f32
        %s = arith.subf %m, %k : f32
        %r = math.exp %s : f32
        linalg.yield %r : f32
      } -> tensor<8xf32>
      return %0 : tensor<8xf32>
    })mlir");
  ASSERT_EQ(work.ops.size(), 1u);
  // fma 2 + subf 1 + exp 1; index, casts, constants and yield are free.
  EXPECT_EQ(work.ops[0].flopsPerIteration, 4);
  EXPECT_EQ(work.ops[0].reduction, 1);
}

TEST_F(WorkModelTest, FillAndPackMoveDataOnly) {
  FunctionWork work = analyze(R"mlir(
    func.func @f(%src: tensor<16x8xf32>) -> tensor<2x8x8xf32> {
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<2x8x8xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
      %p = linalg.pack %src inner_dims_pos = [0] inner_tiles = [8] into %f : tensor<16x8xf32> -> tensor<2x8x8xf32>
      return %p : tensor<2x8x8xf32>
    })mlir");
  ASSERT_EQ(work.ops.size(), 2u);
  EXPECT_DOUBLE_EQ(work.flops, 0.0);
  EXPECT_DOUBLE_EQ(work.ops[1].bytes, 2 * 4.0 * 128);
}

TEST_F(WorkModelTest, DynamicShapesAreNotCounted) {
  FunctionWork work = analyze(R"mlir(
    func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
      %0 = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%a : tensor<?xf32>) -> tensor<?xf32>
      return %0 : tensor<?xf32>
    })mlir");
  EXPECT_TRUE(work.ops.empty());
  EXPECT_EQ(work.uncounted.size(), 1u);
  EXPECT_FALSE(work.bytesComplete);
}

TEST_F(WorkModelTest, ReductionsFollowTheDataFlow) {
  // Two outputs: the matmul result (through a ReLU) depends on K = 32, the
  // other output is elementwise.
  FunctionWork work = analyze(R"mlir(
    #id = affine_map<(i, j) -> (i, j)>
    func.func @f(%a: tensor<4x32xf32>, %b: tensor<32x4xf32>, %c: tensor<4x4xf32>,
                 %d: tensor<4x4xf32>, %out: memref<4x4xf32>, %in: memref<4x4xf32>) -> tensor<4x4xf32> {
      %mm = linalg.matmul ins(%a, %b : tensor<4x32xf32>, tensor<32x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
      %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%mm : tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        %z = arith.constant 0.0 : f32
        %r = arith.maximumf %x, %z : f32
        linalg.yield %r : f32
      } -> tensor<4x4xf32>
      %sq = linalg.mul ins(%d, %d : tensor<4x4xf32>, tensor<4x4xf32>) outs(%d : tensor<4x4xf32>) -> tensor<4x4xf32>
      bufferization.materialize_in_destination %relu in restrict writable %out : (tensor<4x4xf32>, memref<4x4xf32>) -> ()
      %t = bufferization.to_tensor %in restrict : memref<4x4xf32> to tensor<4x4xf32>
      return %sq : tensor<4x4xf32>
    })mlir");
  EXPECT_EQ(work.resultReduction, SmallVector<int64_t>({1}));
  ASSERT_EQ(work.argReduction.size(), 6u);
  EXPECT_EQ(work.argReduction[4], 32);
  EXPECT_EQ(work.argWritten,
            SmallVector<bool>({false, false, false, false, true, false}));
}

TEST_F(WorkModelTest, SoftmaxIsCountedAfterDecomposition) {
  module = ir.parse(R"mlir(
    func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
      %e = tensor.empty() : tensor<4x8xf32>
      %0 = linalg.softmax dimension(1) ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
      return %0 : tensor<4x8xf32>
    })mlir");
  ASSERT_TRUE(module);
  auto function = *module->getOps<func::FuncOp>().begin();
  EXPECT_EQ(analyzeFunctionWork(function).uncounted.size(), 1u);
  ASSERT_TRUE(succeeded(decomposeForLowering(*module)));
  FunctionWork work = analyzeFunctionWork(function);
  EXPECT_TRUE(work.uncounted.empty());
  // max, then sub + exp, then add, then div: 5 ops per element.
  EXPECT_DOUBLE_EQ(work.flops, 5.0 * 4 * 8);
  EXPECT_EQ(work.resultReduction, SmallVector<int64_t>({8}));
}

} // namespace
