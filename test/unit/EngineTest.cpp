//===- EngineTest.cpp - JIT calls checked against plain C++ ---------------===//
//
// The runner's reference check compares two compiled kernels; these tests
// check the calling convention itself against values computed in C++, so a
// bug shared by both kernels (argument passing, result layout) cannot hide.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "runner/kernel/Engine.h"
#include "runner/kernel/Run.h"

#include "transforms/Pipelines.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::loom;

namespace {

class EngineTest : public ::testing::Test {
protected:
  /// Compiles function @name of `text`, lowered with `threads`.
  std::unique_ptr<Kernel> compile(llvm::StringRef text, llvm::StringRef name,
                                  unsigned threads = 1) {
    module = ir.parse(text);
    if (!module)
      return nullptr;
    auto function = module->lookupSymbol<func::FuncOp>(name);
    auto arguments = resolveArguments(function, {});
    if (!arguments) {
      ADD_FAILURE() << llvm::toString(arguments.takeError());
      return nullptr;
    }
    signatures.clear();
    for (const Argument &argument : *arguments)
      signatures.push_back(argument.signature);
    SmallVector<ValueSignature> results;
    for (Type type : function.getFunctionType().getResults())
      results.push_back(llvm::cantFail(getValueSignature(type, "result")));
    if (llvm::Error error = ir.driver.lowerToLLVM(*module, {threads})) {
      ADD_FAILURE() << llvm::toString(std::move(error)) << ir.diagnostics;
      return nullptr;
    }
    EngineOptions options;
    options.threads = threads;
    auto kernel = Kernel::compile(*module, name, signatures, results, options);
    if (!kernel) {
      ADD_FAILURE() << llvm::toString(kernel.takeError());
      return nullptr;
    }
    return std::move(*kernel);
  }

  test::TestIR ir;
  OwningOpRef<ModuleOp> module;
  SmallVector<ValueSignature> signatures;
};

TEST_F(EngineTest, ReturnedMatmulMatchesCpp) {
  auto kernel = compile(R"mlir(
    func.func @mm(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>) -> tensor<3x4xf32> {
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<3x4xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
      %0 = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x4xf32>) outs(%f : tensor<3x4xf32>) -> tensor<3x4xf32>
      return %0 : tensor<3x4xf32>
    })mlir",
                        "mm");
  ASSERT_TRUE(kernel);
  SmallVector<Buffer> arguments;
  arguments.push_back(Buffer::allocate(ElementKind::F32, {3, 5}));
  arguments.push_back(Buffer::allocate(ElementKind::F32, {5, 4}));
  for (int64_t i = 0; i < 15; ++i)
    arguments[0].setFloat(i, i - 7);
  for (int64_t i = 0; i < 20; ++i)
    arguments[1].setFloat(i, 0.5 * i);
  kernel->bind(arguments);
  kernel->call();
  SmallVector<Buffer> results = kernel->takeResults();
  ASSERT_EQ(results.size(), 1u);
  ASSERT_EQ(results[0].getShape(), llvm::ArrayRef<int64_t>({3, 4}));
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 4; ++j) {
      double expected = 0;
      for (int64_t k = 0; k < 5; ++k)
        expected += (i * 5 + k - 7) * (0.5 * (k * 4 + j));
      EXPECT_EQ(results[0].getFloat(i * 4 + j), expected) << i << "," << j;
    }
}

TEST_F(EngineTest, StridedMemrefArgumentsScalarsAndMultipleResults) {
  // out[i] = in[i] * s over a strided view; returns (s + 1, n, sum of out).
  auto kernel = compile(R"mlir(
    func.func @f(%in: memref<4xf64, strided<[?], offset: ?>>, %s: f64, %n: index,
                 %out: memref<4xf64>) -> (f64, index, f64) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : f64
      %zero = arith.constant 0.0 : f64
      %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
        %v = memref.load %in[%i] : memref<4xf64, strided<[?], offset: ?>>
        %p = arith.mulf %v, %s : f64
        memref.store %p, %out[%i] : memref<4xf64>
        %a = arith.addf %acc, %p : f64
        scf.yield %a : f64
      }
      %s1 = arith.addf %s, %one : f64
      return %s1, %n, %sum : f64, index, f64
    })mlir",
                        "f");
  ASSERT_TRUE(kernel);
  SmallVector<Buffer> arguments;
  // Elements 2, 5, 8, 11 of the storage.
  arguments.push_back(Buffer::allocateStrided(ElementKind::F64, {4}, {3}, 2));
  arguments.push_back(Buffer::scalar(ElementKind::F64));
  arguments.push_back(Buffer::scalar(ElementKind::Index));
  arguments.push_back(Buffer::allocate(ElementKind::F64, {4}));
  for (int64_t i = 0; i < 4; ++i)
    arguments[0].setFloat(i, i + 1);
  arguments[1].setFloat(0, 2.5);
  arguments[2].setInt(0, 77);
  kernel->bind(arguments);
  kernel->call();
  SmallVector<Buffer> results = kernel->takeResults();
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].getFloat(0), 3.5);
  EXPECT_EQ(results[1].getInt(0), 77);
  EXPECT_EQ(results[2].getFloat(0), 2.5 * (1 + 2 + 3 + 4));
  for (int64_t i = 0; i < 4; ++i)
    EXPECT_EQ(arguments[3].getFloat(i), 2.5 * (i + 1));
}

TEST_F(EngineTest, ThreadedForallWritesEveryTile) {
  auto kernel = compile(R"mlir(
    func.func @iota(%out: memref<64xi32>) {
      %t = bufferization.to_tensor %out restrict writable : memref<64xi32> to tensor<64xi32>
      %r = scf.forall (%i) in (64) shared_outs(%o = %t) -> tensor<64xi32> {
        %v = arith.index_cast %i : index to i32
        %s = tensor.from_elements %v : tensor<1xi32>
        scf.forall.in_parallel {
          tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xi32> into tensor<64xi32>
        }
      }
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xi32>, memref<64xi32>) -> ()
      return
    })mlir",
                        "iota", /*threads=*/2);
  ASSERT_TRUE(kernel);
  SmallVector<Buffer> arguments;
  arguments.push_back(Buffer::allocate(ElementKind::I32, {64}));
  kernel->bind(arguments);
  kernel->call();
  for (int64_t i = 0; i < 64; ++i)
    EXPECT_EQ(arguments[0].getInt(i), i);
}

TEST_F(EngineTest, PackLayoutMatchesCpp) {
  // Rows in tiles of 8: out[io][j][ii] = in[io * 8 + ii][j].
  auto kernel = compile(R"mlir(
    func.func @pack(%src: tensor<16x3xi32>) -> tensor<2x3x8xi32> {
      %e = tensor.empty() : tensor<2x3x8xi32>
      %p = linalg.pack %src inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<16x3xi32> -> tensor<2x3x8xi32>
      return %p : tensor<2x3x8xi32>
    })mlir",
                        "pack");
  ASSERT_TRUE(kernel);
  SmallVector<Buffer> arguments;
  arguments.push_back(Buffer::allocate(ElementKind::I32, {16, 3}));
  for (int64_t i = 0; i < 48; ++i)
    arguments[0].setInt(i, i);
  kernel->bind(arguments);
  kernel->call();
  SmallVector<Buffer> results = kernel->takeResults();
  ASSERT_EQ(results.size(), 1u);
  for (int64_t io = 0; io < 2; ++io)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t ii = 0; ii < 8; ++ii)
        EXPECT_EQ(results[0].getInt((io * 3 + j) * 8 + ii),
                  (io * 8 + ii) * 3 + j);
}

/// runKernel is the library behind `loom run`: call it in-process.
TEST(RunKernelTest, ReportsSuccessAndErrorsInTheRecord) {
  llvm::SmallString<128> path;
  int fd;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("loom-test", "mlir", fd, path));
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << R"mlir(
      func.func @twice(%x: tensor<16xf32>) -> tensor<16xf32> {
        %0 = arith.addf %x, %x : tensor<16xf32>
        return %0 : tensor<16xf32>
      })mlir";
  }
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  RunOptions options;
  options.payloadPath = path.str().str();
  options.timing.samples = 2;
  Record ok = runKernel(options, os);
  EXPECT_EQ(ok.exitCode, 0) << ok.error << diagnostics;
  EXPECT_EQ(ok.status, "ok");
  EXPECT_EQ(ok.function, "twice");
  EXPECT_EQ(ok.check.status, "passed");
  ASSERT_TRUE(ok.timing.has_value());
  EXPECT_EQ(ok.timing->samples.size(), 2u);
  ASSERT_TRUE(ok.work.has_value());
  // The tensor addf is counted as the linalg.generic it lowers to.
  EXPECT_EQ(ok.work->flops, 16.0);
  EXPECT_EQ(ok.work->bytes, 128.0);

  options.function = "missing";
  Record missing = runKernel(options, os);
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_EQ(missing.status, "invalid-input");
  EXPECT_EQ(missing.error,
            "the payload has no function @missing (it defines @twice)");
  llvm::sys::fs::remove(path);
}

} // namespace
