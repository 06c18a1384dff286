//===- OpReferenceTest.cpp - linalg ops against plain C++ loops -----------===//
//
// What `loom run` computes for a representative subset of the op suite
// (test/ops), with the plain lowering and with schedules/lib/default.mlir,
// compared with values computed here by plain C++ loops: loom run's own check
// compares the schedule with the plain lowering, so a bug shared by both (in
// the lowering, or in an upstream decomposition) would hide from it, not
// from this.
//
//===----------------------------------------------------------------------===//

#include "runner/kernel/Npy.h"
#include "runner/kernel/Run.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::loom;

namespace {

/// A tensor of f32 (or i32 for integer ops) values, row-major.
struct Tensor {
  ElementKind kind = ElementKind::F32;
  std::vector<int64_t> shape;
  std::vector<double> values;

  int64_t size() const {
    return std::accumulate(shape.begin(), shape.end(), int64_t(1),
                           std::multiplies<int64_t>());
  }
  /// The element at a multi-dimensional index.
  double &at(std::initializer_list<int64_t> index) {
    int64_t linear = 0, i = 0;
    for (int64_t component : index)
      linear = linear * shape[i++] + component;
    return values[linear];
  }
};

/// Deterministic inputs: floats in [-1, 1), integers in [-8, 7].
Tensor makeTensor(std::vector<int64_t> shape, uint64_t seed,
                  ElementKind kind = ElementKind::F32) {
  Tensor tensor{kind, std::move(shape), {}};
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
  for (int64_t i = 0; i < tensor.size(); ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t bits = state >> 40;
    tensor.values.push_back(kind == ElementKind::F32
                                ? double(bits) / double(1 << 23) - 1.0
                                : double(int64_t(bits % 16) - 8));
  }
  return tensor;
}

Tensor zerosLike(std::vector<int64_t> shape,
                 ElementKind kind = ElementKind::F32) {
  Tensor tensor{kind, std::move(shape), {}};
  tensor.values.assign(tensor.size(), 0.0);
  return tensor;
}

class OpReferenceTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("loom-op-ref", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  /// Runs `func` of test/ops/`file` on `inputs` (one per argument, in order)
  /// and returns its result 0; with `schedule`, under the default schedule.
  Tensor run(llvm::StringRef file, llvm::StringRef func,
             const std::vector<Tensor> &inputs, bool schedule) {
    std::string run =
        (dir + "/" + func + (schedule ? "-default" : "-plain")).str();
    EXPECT_FALSE(llvm::sys::fs::create_directories(run));
    RunOptions options;
    options.payloadPath = (LOOM_SOURCE_DIR "/test/ops/" + file).str();
    options.function = func.str();
    if (schedule)
      options.schedulePath = LOOM_SOURCE_DIR "/schedules/lib/default.mlir";
    else
      options.noSchedule = true;
    for (auto [index, input] : llvm::enumerate(inputs)) {
      Buffer buffer = input.shape.empty()
                          ? Buffer::scalar(input.kind)
                          : Buffer::allocate(input.kind, input.shape);
      for (int64_t i = 0; i < input.size(); ++i) {
        if (input.kind == ElementKind::F32)
          buffer.setFloat(i, input.values[i]);
        else
          buffer.setInt(i, int64_t(input.values[i]));
      }
      std::string path = run + "/arg" + std::to_string(index) + ".npy";
      EXPECT_FALSE(bool(writeNpyFile(buffer, path)));
      options.inputFiles.push_back({std::to_string(index), path});
    }
    options.outputs.saveOutputsDir = run + "/out";
    options.timing.warmup = 0;
    options.timing.samples = 1;
    options.timing.minTime = 0;
    std::string diagnostics;
    llvm::raw_string_ostream stream(diagnostics);
    Record record = runKernel(options, stream);
    EXPECT_EQ(record.status, "ok") << func.str() << ": " << diagnostics;

    Tensor result;
    llvm::Expected<NpyArray> array = readNpyFile(run + "/out/result0.npy");
    if (!array) {
      ADD_FAILURE() << llvm::toString(array.takeError());
      return result;
    }
    result.shape = array->shape;
    int64_t n = array->getNumElements();
    if (array->descr == "<f4") {
      std::vector<float> data(n);
      std::memcpy(data.data(), array->data.data(), n * sizeof(float));
      result.values.assign(data.begin(), data.end());
    } else if (array->descr == "<i4") {
      result.kind = ElementKind::I32;
      std::vector<int32_t> data(n);
      std::memcpy(data.data(), array->data.data(), n * sizeof(int32_t));
      result.values.assign(data.begin(), data.end());
    } else {
      ADD_FAILURE() << "unexpected dtype " << array->descr;
    }
    return result;
  }

  /// Checks `func` with and without the default schedule against `expected`.
  void check(llvm::StringRef file, llvm::StringRef func,
             const std::vector<Tensor> &inputs, const Tensor &expected) {
    for (bool schedule : {false, true}) {
      SCOPED_TRACE(
          (func + (schedule ? " (default schedule)" : " (plain)")).str());
      Tensor got = run(file, func, inputs, schedule);
      ASSERT_EQ(got.shape, expected.shape);
      for (int64_t i = 0; i < expected.size(); ++i)
        ASSERT_NEAR(got.values[i], expected.values[i],
                    1e-5 + 1e-5 * std::abs(expected.values[i]))
            << "element " << i;
    }
  }

  llvm::SmallString<128> dir;
};

// Sizes of test/ops (ops.py, SIZES["small"]).
constexpr int64_t M = 8, N = 16, K = 12, B = 2;
constexpr int64_t S = 6, R = 3, O = S - R + 1, C = 4, F = 8;
constexpr int64_t E = 8, EN = 16, M0 = 4, N0 = 8, K0 = 2;

/// c + a * b, for any element type the tensors hold.
Tensor matmulReference(Tensor a, Tensor b, Tensor c) {
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j)
      for (int64_t k = 0; k < K; ++k)
        c.at({i, j}) += a.at({i, k}) * b.at({k, j});
  return c;
}

TEST_F(OpReferenceTest, Matmul) {
  Tensor a = makeTensor({M, K}, 1), b = makeTensor({K, N}, 2),
         c = makeTensor({M, N}, 3);
  check("contraction.mlir", "matmul_f32_f32", {a, b, c},
        matmulReference(a, b, c));
}

TEST_F(OpReferenceTest, MatmulI8) {
  Tensor a = makeTensor({M, K}, 1, ElementKind::I8),
         b = makeTensor({K, N}, 2, ElementKind::I8),
         c = makeTensor({M, N}, 3, ElementKind::I32);
  check("contraction.mlir", "matmul_i8_i32", {a, b, c},
        matmulReference(a, b, c));
}

TEST_F(OpReferenceTest, BatchMatmul) {
  Tensor a = makeTensor({B, M, K}, 1), b = makeTensor({B, K, N}, 2),
         c = makeTensor({B, M, N}, 3);
  Tensor expected = c;
  for (int64_t n = 0; n < B; ++n)
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j)
        for (int64_t k = 0; k < K; ++k)
          expected.at({n, i, j}) += a.at({n, i, k}) * b.at({n, k, j});
  check("contraction.mlir", "batch_matmul_f32_f32", {a, b, c}, expected);
}

TEST_F(OpReferenceTest, Mmt4d) {
  // lhs M1 x K1 x M0 x K0, rhs N1 x K1 x N0 x K0 (transposed inner tiles).
  int64_t m1 = M / M0, n1 = N / N0, k1 = K / K0;
  Tensor a = makeTensor({m1, k1, M0, K0}, 1),
         b = makeTensor({n1, k1, N0, K0}, 2),
         c = makeTensor({m1, n1, M0, N0}, 3);
  Tensor expected = c;
  for (int64_t i1 = 0; i1 < m1; ++i1)
    for (int64_t j1 = 0; j1 < n1; ++j1)
      for (int64_t l1 = 0; l1 < k1; ++l1)
        for (int64_t i0 = 0; i0 < M0; ++i0)
          for (int64_t j0 = 0; j0 < N0; ++j0)
            for (int64_t l0 = 0; l0 < K0; ++l0)
              expected.at({i1, j1, i0, j0}) +=
                  a.at({i1, l1, i0, l0}) * b.at({j1, l1, j0, l0});
  check("contraction.mlir", "mmt4d", {a, b, c}, expected);
}

TEST_F(OpReferenceTest, Conv2DNhwcHwcf) {
  Tensor in = makeTensor({1, S, S, C}, 1), filter = makeTensor({R, R, C, F}, 2),
         out = makeTensor({1, O, O, F}, 3);
  Tensor expected = out;
  for (int64_t oh = 0; oh < O; ++oh)
    for (int64_t ow = 0; ow < O; ++ow)
      for (int64_t f = 0; f < F; ++f)
        for (int64_t kh = 0; kh < R; ++kh)
          for (int64_t kw = 0; kw < R; ++kw)
            for (int64_t c = 0; c < C; ++c)
              expected.at({0, oh, ow, f}) +=
                  in.at({0, oh + kh, ow + kw, c}) * filter.at({kh, kw, c, f});
  check("convolution.mlir", "conv_2d_nhwc_hwcf_f32_f32", {in, filter, out},
        expected);
}

/// Calls body(oh, ow, c, kh, kw) for every output element and window
/// position of a channel-wise R x R window over an NHWC image.
template <typename Body> void forEachChannelWindow(Body body) {
  for (int64_t oh = 0; oh < O; ++oh)
    for (int64_t ow = 0; ow < O; ++ow)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t kh = 0; kh < R; ++kh)
          for (int64_t kw = 0; kw < R; ++kw)
            body(oh, ow, c, kh, kw);
}

TEST_F(OpReferenceTest, DepthwiseConv2DNhwcHwc) {
  Tensor in = makeTensor({1, S, S, C}, 1), filter = makeTensor({R, R, C}, 2),
         out = makeTensor({1, O, O, C}, 3);
  Tensor expected = out;
  forEachChannelWindow(
      [&](int64_t oh, int64_t ow, int64_t c, int64_t kh, int64_t kw) {
        expected.at({0, oh, ow, c}) +=
            in.at({0, oh + kh, ow + kw, c}) * filter.at({kh, kw, c});
      });
  check("convolution.mlir", "depthwise_conv_2d_nhwc_hwc_f32", {in, filter, out},
        expected);
}

TEST_F(OpReferenceTest, PoolingNhwcMax) {
  Tensor in = makeTensor({1, S, S, C}, 1), window = makeTensor({R, R}, 2),
         out = makeTensor({1, O, O, C}, 3);
  Tensor expected = out;
  forEachChannelWindow([&](int64_t oh, int64_t ow, int64_t c, int64_t kh,
                           int64_t kw) {
    expected.at({0, oh, ow, c}) =
        std::max(expected.at({0, oh, ow, c}), in.at({0, oh + kh, ow + kw, c}));
  });
  check("pooling.mlir", "pooling_nhwc_max", {in, window, out}, expected);
}

TEST_F(OpReferenceTest, Softmax) {
  Tensor a = makeTensor({E, EN}, 1), init = zerosLike({E, EN});
  Tensor expected = init;
  for (int64_t i = 0; i < E; ++i) {
    double max = -std::numeric_limits<double>::infinity(), sum = 0;
    for (int64_t j = 0; j < EN; ++j)
      max = std::max(max, a.at({i, j}));
    for (int64_t j = 0; j < EN; ++j)
      sum += std::exp(a.at({i, j}) - max);
    for (int64_t j = 0; j < EN; ++j)
      expected.at({i, j}) = std::exp(a.at({i, j}) - max) / sum;
  }
  check("relayout.mlir", "softmax", {a, init}, expected);
}

TEST_F(OpReferenceTest, PackAndUnpack) {
  // pack: [E, EN] -> [E / M0, EN / N0, M0, N0]; unpack is its inverse.
  Tensor a = makeTensor({E, EN}, 1);
  Tensor packed = zerosLike({E / M0, EN / N0, M0, N0});
  for (int64_t i = 0; i < E; ++i)
    for (int64_t j = 0; j < EN; ++j)
      packed.at({i / M0, j / N0, i % M0, j % N0}) = a.at({i, j});
  check("relayout.mlir", "pack", {a, zerosLike(packed.shape)}, packed);
  check("relayout.mlir", "unpack", {packed, zerosLike({E, EN})}, a);
}

TEST_F(OpReferenceTest, PackPadded) {
  // [E - 1, EN - 3] padded with %pad up to whole tiles.
  Tensor a = makeTensor({E - 1, EN - 3}, 1), pad = makeTensor({}, 2);
  int64_t m1 = (E - 1 + M0 - 1) / M0, n1 = (EN - 3 + N0 - 1) / N0;
  Tensor expected = zerosLike({m1, n1, M0, N0});
  for (int64_t i = 0; i < m1 * M0; ++i)
    for (int64_t j = 0; j < n1 * N0; ++j)
      expected.at({i / M0, j / N0, i % M0, j % N0}) =
          i < E - 1 && j < EN - 3 ? a.at({i, j}) : pad.values[0];
  check("relayout.mlir", "pack_padded", {a, pad, zerosLike(expected.shape)},
        expected);
}

TEST_F(OpReferenceTest, ReduceRows) {
  Tensor a = makeTensor({E, EN}, 1), init = makeTensor({E}, 2);
  Tensor expected = init;
  for (int64_t i = 0; i < E; ++i)
    for (int64_t j = 0; j < EN; ++j)
      expected.at({i}) += a.at({i, j});
  check("structured.mlir", "reduce_rows", {a, init}, expected);
}

TEST_F(OpReferenceTest, Transpose) {
  Tensor a = makeTensor({E, EN}, 1);
  Tensor expected = zerosLike({EN, E});
  for (int64_t i = 0; i < E; ++i)
    for (int64_t j = 0; j < EN; ++j)
      expected.at({j, i}) = a.at({i, j});
  check("structured.mlir", "transpose", {a, zerosLike({EN, E})}, expected);
}

TEST_F(OpReferenceTest, Broadcast) {
  Tensor a = makeTensor({E}, 1);
  Tensor expected = zerosLike({E, EN});
  for (int64_t i = 0; i < E; ++i)
    for (int64_t j = 0; j < EN; ++j)
      expected.at({i, j}) = a.at({i});
  check("structured.mlir", "broadcast", {a, zerosLike({E, EN})}, expected);
}

} // namespace
