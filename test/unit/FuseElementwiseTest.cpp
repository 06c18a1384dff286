//===- FuseElementwiseTest.cpp - Fusion legality and map composition ------===//
//
// Each legality condition in isolation (a pair that fails exactly that one),
// the fused indexing map, and the driver's decisions.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "transforms/FuseElementwise.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

class FuseElementwiseTest : public ::testing::Test {
protected:
  /// Parses `text` and checks the pair whose consumer is the last linalg op
  /// of the first function, through its operand `operand`.
  FusionLegality check(llvm::StringRef text, unsigned operand = 0) {
    module = ir.parse(text);
    if (!module)
      return {FusionCondition::GenericOps, "parse error"};
    Operation *consumer = nullptr;
    module->walk([&](linalg::LinalgOp op) { consumer = op; });
    return checkFusionLegality(consumer->getOpOperand(operand));
  }

  test::TestIR ir;
  OwningOpRef<ModuleOp> module;
};

// Two 1-D elementwise generics; PRODUCER and CONSUMER are replaced.
constexpr llvm::StringLiteral kPair = R"mlir(
  func.func @f(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
    %e = tensor.empty() : tensor<16xf32>
    %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = math.exp %x : f32
      linalg.yield %y : f32
    } -> tensor<16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%t, %b : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
    ^bb0(%x: f32, %z: f32, %o: f32):
      %y = arith.addf %x, %z : f32
      linalg.yield %y : f32
    } -> tensor<16xf32>
    return %r : tensor<16xf32>
  })mlir";

TEST_F(FuseElementwiseTest, ElementwisePairIsLegal) {
  FusionLegality legality = check(kPair);
  EXPECT_TRUE(legality.isLegal()) << legality.reason;
}

TEST_F(FuseElementwiseTest, Condition1NamedProducer) {
  FusionLegality legality = check(R"mlir(
    func.func @f(%a: tensor<16xf32>) -> tensor<16xf32> {
      %e = tensor.empty() : tensor<16xf32>
      %t = linalg.exp ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<16xf32>
      return %r : tensor<16xf32>
    })mlir");
  EXPECT_EQ(legality.failed, FusionCondition::GenericOps);
  EXPECT_NE(legality.reason.find("linalg.exp, not linalg.generic; generalize "
                                 "it first"),
            std::string::npos)
      << legality.reason;
}

TEST_F(FuseElementwiseTest, Condition1NamedConsumerWithReductions) {
  FusionLegality legality = check(R"mlir(
    func.func @f(%a: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
      %e = tensor.empty() : tensor<4x4xf32>
      %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%a : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<4x4xf32>
      %r = linalg.matmul ins(%t, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
      return %r : tensor<4x4xf32>
    })mlir");
  EXPECT_EQ(legality.failed, FusionCondition::GenericOps);
  EXPECT_NE(legality.reason.find("generalizing would not help"),
            std::string::npos)
      << legality.reason;
}

TEST_F(FuseElementwiseTest, Condition2BufferProducer) {
  // Verified IR cannot hold this pair (a linalg op with results has pure
  // tensor semantics), so build it by hand: a producer reading a memref and
  // returning a tensor.
  MLIRContext context;
  context.loadDialect<arith::ArithDialect, func::FuncDialect,
                      linalg::LinalgDialect, memref::MemRefDialect,
                      tensor::TensorDialect>();
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> handBuilt = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(handBuilt->getBody());
  auto f32 = builder.getF32Type();
  auto memrefType = MemRefType::get({16}, f32);
  auto tensorType = RankedTensorType::get({16}, f32);
  auto function = func::FuncOp::create(
      builder, loc, "f", builder.getFunctionType({memrefType}, {}));
  builder.setInsertionPointToEnd(function.addEntryBlock());
  Value empty =
      tensor::EmptyOp::create(builder, loc, tensorType.getShape(), f32);
  AffineMap id = builder.getDimIdentityMap();
  SmallVector<utils::IteratorType> parallel = {utils::IteratorType::parallel};
  auto copy = [](OpBuilder &b, Location l, ValueRange args) {
    linalg::YieldOp::create(b, l, args[0]);
  };
  auto producer = linalg::GenericOp::create(
      builder, loc, TypeRange{tensorType}, ValueRange{function.getArgument(0)},
      ValueRange{empty}, ArrayRef<AffineMap>{id, id}, parallel, copy);
  auto consumer = linalg::GenericOp::create(
      builder, loc, TypeRange{tensorType}, ValueRange{producer->getResult(0)},
      ValueRange{empty}, ArrayRef<AffineMap>{id, id}, parallel, copy);
  FusionLegality legality = checkFusionLegality(consumer->getOpOperand(0));
  EXPECT_EQ(legality.failed, FusionCondition::TensorSemantics)
      << legality.reason;
}

TEST_F(FuseElementwiseTest, Condition3ReductionProducer) {
  FusionLegality legality = check(R"mlir(
    func.func @f(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
      %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
          ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %y = arith.addf %x, %acc : f32
        linalg.yield %y : f32
      } -> tensor<4xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          ins(%s : tensor<4xf32>) outs(%init : tensor<4xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir");
  EXPECT_EQ(legality.failed, FusionCondition::ParallelProducer);
  EXPECT_NE(legality.reason.find("loop d1 is a reduction"), std::string::npos);
}

TEST_F(FuseElementwiseTest, Condition4InitOperand) {
  // kPair with the producer's result as the consumer's init.
  FusionLegality legality = check(R"mlir(
    func.func @f(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
      %e = tensor.empty() : tensor<16xf32>
      %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<16xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          ins(%b : tensor<16xf32>) outs(%t : tensor<16xf32>) {
      ^bb0(%x: f32, %o: f32):
        %y = arith.addf %x, %o : f32
        linalg.yield %y : f32
      } -> tensor<16xf32>
      return %r : tensor<16xf32>
    })mlir",
                                  /*operand=*/1);
  EXPECT_EQ(legality.failed, FusionCondition::InputOperand);
}

TEST_F(FuseElementwiseTest, Condition5LoopCount) {
  FusionLegality legality = check(R"mlir(
    func.func @f(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
      %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "parallel"]}
          ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<4xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          ins(%t : tensor<4xf32>) outs(%init : tensor<4xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir");
  EXPECT_EQ(legality.failed, FusionCondition::LoopCount);
  EXPECT_NE(legality.reason.find("the producer has 2 loops"),
            std::string::npos);
}

TEST_F(FuseElementwiseTest, Condition6SkewedResultMap) {
  FusionLegality legality = check(R"mlir(
    func.func @f(%a: tensor<4x4xf32>, %init: tensor<7x4xf32>) -> tensor<7x4xf32> {
      %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 + d1, d0)>], iterator_types = ["parallel", "parallel"]}
          ins(%a : tensor<4x4xf32>) outs(%init : tensor<7x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<7x4xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%t : tensor<7x4xf32>) outs(%init : tensor<7x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<7x4xf32>
      return %r : tensor<7x4xf32>
    })mlir");
  EXPECT_EQ(legality.failed, FusionCondition::PermutationMap);
  EXPECT_NE(legality.reason.find("(d0, d1) -> (d0 + d1, d0)"),
            std::string::npos);
}

/// A row sum of a producer that reads `producerInput` through `inputMap`.
static std::string rowSumOf(llvm::StringRef inputType,
                            llvm::StringRef inputMap) {
  return (R"mlir(
    func.func @f(%a: )mlir" +
          inputType + R"mlir(, %init: tensor<4xf32>) -> tensor<4xf32> {
      %e = tensor.empty() : tensor<4x8xf32>
      %t = linalg.generic {indexing_maps = [)mlir" +
          inputMap +
          R"mlir(, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%a : )mlir" +
          inputType + R"mlir() outs(%e : tensor<4x8xf32>) {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<4x8xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
          ins(%t : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %y = arith.addf %x, %acc : f32
        linalg.yield %y : f32
      } -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir")
      .str();
}

TEST_F(FuseElementwiseTest, Condition7ReductionCoverage) {
  FusionLegality covered =
      check(rowSumOf("tensor<4x8xf32>", "affine_map<(d0, d1) -> (d0, d1)>"));
  EXPECT_TRUE(covered.isLegal()) << covered.reason;
  FusionLegality uncovered =
      check(rowSumOf("tensor<4xf32>", "affine_map<(d0, d1) -> (d0)>"));
  EXPECT_EQ(uncovered.failed, FusionCondition::ReductionCoverage);
  EXPECT_NE(uncovered.reason.find("loop d1"), std::string::npos);
}

TEST(FusedIndexingMapTest, ComposesArgInverseResultAndConsumerMaps) {
  MLIRContext context;
  auto map = [&](unsigned dims, ArrayRef<unsigned> results) {
    return AffineMap::getMultiDimMapWithTargets(dims, results, &context);
  };
  // Transpose producer: its input is read transposed in the fused op.
  EXPECT_EQ(
      composeFusedIndexingMap(map(2, {0, 1}), map(2, {1, 0}), map(2, {0, 1})),
      map(2, {1, 0}));
  // Result map (d2, d0, d1): the input is read as (d1, d2, d0).
  EXPECT_EQ(composeFusedIndexingMap(map(3, {0, 1, 2}), map(3, {2, 0, 1}),
                                    map(3, {0, 1, 2})),
            map(3, {1, 2, 0}));
  // A projected producer input composed with a transposed result.
  EXPECT_EQ(
      composeFusedIndexingMap(map(2, {1}), map(2, {1, 0}), map(2, {0, 1})),
      map(2, {0}));
  // A broadcasting consumer carries its projection into the producer's
  // operands.
  EXPECT_EQ(composeFusedIndexingMap(map(1, {0}), map(1, {0}), map(2, {1})),
            map(2, {1}));
}

TEST_F(FuseElementwiseTest, DriverFusesAndExplains) {
  module = ir.parse(kPair);
  ASSERT_TRUE(module);
  SmallVector<Operation *> scope;
  module->walk([&](linalg::LinalgOp op) { scope.push_back(op); });
  IRRewriter rewriter(module->getContext());
  FuseElementwiseResult result =
      fuseElementwise(rewriter, scope, FuseElementwiseOptions());
  EXPECT_EQ(result.numFusions, 1u);
  ASSERT_EQ(result.ops.size(), 1u);
  ASSERT_EQ(result.decisions.size(), 1u);
  EXPECT_EQ(result.decisions[0].outcome, FusionDecision::Outcome::Fused);
  EXPECT_FALSE(result.decisions[0].producerResultKept);
  EXPECT_EQ(result.decisions[0].operandNumber, 0u);
  EXPECT_EQ(getFusionConditionName(FusionCondition::PermutationMap),
            "permutation producer map");
}

TEST_F(FuseElementwiseTest, DriverRespectsTheBound) {
  module = ir.parse(kPair);
  ASSERT_TRUE(module);
  SmallVector<Operation *> scope;
  module->walk([&](linalg::LinalgOp op) { scope.push_back(op); });
  IRRewriter rewriter(module->getContext());
  FuseElementwiseOptions options;
  options.maxFusions = 0;
  FuseElementwiseResult result = fuseElementwise(rewriter, scope, options);
  EXPECT_EQ(result.numFusions, 0u);
  EXPECT_EQ(result.ops.size(), 2u);
  ASSERT_EQ(result.decisions.size(), 1u);
  EXPECT_EQ(result.decisions[0].outcome, FusionDecision::Outcome::Limit);
}

} // namespace
