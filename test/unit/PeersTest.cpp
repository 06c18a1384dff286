//===- PeersTest.cpp - libLoomPeers at the edges of its input -------------===//
//
// The functions that loom-lower-library-calls calls, called directly with
// operands no payload of loom run passes them (canonicalization removes an
// op of an empty operand, and the sizes are static): what oneDNN or
// OpenBLAS cannot do must stop with a message, never trap or unwind into
// the caller.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

using Matrix = StridedMemRefType<float, 2>;
using Image = StridedMemRefType<float, 4>;

extern "C" {
void _mlir_ciface_loom_onednn_matmul_f32(Matrix *a, Matrix *b, Matrix *c);
void _mlir_ciface_loom_openblas_matmul_f32(Matrix *a, Matrix *b, Matrix *c);
void _mlir_ciface_loom_onednn_conv_2d_nhwc_hwcf_f32(Image *input, Image *filter,
                                                    Image *output, int64_t sh,
                                                    int64_t sw, int64_t dh,
                                                    int64_t dw);
void _mlir_ciface_loom_openblas_conv_2d_nhwc_hwcf_f32(Image *input,
                                                      Image *filter,
                                                      Image *output, int64_t sh,
                                                      int64_t sw, int64_t dh,
                                                      int64_t dw);
void _mlir_ciface_loom_onednn_softmax_f32(UnrankedMemRefType<float> *in,
                                          UnrankedMemRefType<float> *out,
                                          int64_t dimension);
}

namespace {

/// A contiguous memref over `data` with the given sizes.
template <int Rank>
StridedMemRefType<float, Rank> getMemRef(std::vector<float> &data,
                                         std::array<int64_t, Rank> sizes) {
  StridedMemRefType<float, Rank> memref;
  memref.basePtr = memref.data = data.data();
  memref.offset = 0;
  int64_t stride = 1;
  for (int dim = Rank - 1; dim >= 0; --dim) {
    memref.sizes[dim] = sizes[dim];
    memref.strides[dim] = stride;
    stride *= sizes[dim];
  }
  return memref;
}

// A convolution of no input channels adds nothing: the output is left as
// it is. (oneDNN creates no primitive for it: the function used to trap.)
TEST(PeersTest, ConvolutionOfNoChannelsLeavesTheOutput) {
  for (auto conv : {_mlir_ciface_loom_onednn_conv_2d_nhwc_hwcf_f32,
                    _mlir_ciface_loom_openblas_conv_2d_nhwc_hwcf_f32}) {
    std::vector<float> in(1), filter(1), out(36, 2.0f);
    Image input = getMemRef<4>(in, {1, 5, 5, 0});
    Image weights = getMemRef<4>(filter, {3, 3, 0, 4});
    Image output = getMemRef<4>(out, {1, 3, 3, 4});
    conv(&input, &weights, &output, 1, 1, 1, 1);
    EXPECT_EQ(out, std::vector<float>(36, 2.0f));
  }
}

// A matmul of K = 0 too (the libraries reject its leading dimensions of 0).
TEST(PeersTest, MatmulOfNoReductionLeavesTheOutput) {
  for (auto matmul : {_mlir_ciface_loom_onednn_matmul_f32,
                      _mlir_ciface_loom_openblas_matmul_f32}) {
    std::vector<float> a(1), b(1), c(20, 3.0f);
    Matrix lhs = getMemRef<2>(a, {4, 0});
    Matrix rhs = getMemRef<2>(b, {0, 5});
    Matrix out = getMemRef<2>(c, {4, 5});
    matmul(&lhs, &rhs, &out);
    EXPECT_EQ(c, std::vector<float>(20, 3.0f));
  }
}

// What oneDNN rejects (dnnl::error) stops the process with the function's
// name and oneDNN's message, as a crash of the kernel (SIGABRT), not a trap.
TEST(PeersTest, OneDNNErrorStopsWithItsMessage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<float> data(16);
  Matrix in = getMemRef<2>(data, {-1, 4});
  UnrankedMemRefType<float> unranked{2, &in};
  EXPECT_DEATH(_mlir_ciface_loom_onednn_softmax_f32(&unranked, &unranked, 1),
               "loom_onednn_softmax_f32: oneDNN: could not construct a "
               "memory descriptor.*\\(status [0-9]+\\)");
}

// The softmax's dimension reaches oneDNN: over dimension 0 of a 2 x 3
// matrix each column sums to 1 (rows 0 and 1 equal: halves), over dimension
// 1 each row does. A dimension the operands do not have stops the process.
TEST(PeersTest, SoftmaxOverTheGivenDimension) {
  std::vector<float> in = {1, 2, 3, 1, 2, 3}, out(6);
  Matrix input = getMemRef<2>(in, {2, 3}), output = getMemRef<2>(out, {2, 3});
  UnrankedMemRefType<float> src{2, &input}, dst{2, &output};
  _mlir_ciface_loom_onednn_softmax_f32(&src, &dst, 0);
  for (float value : out)
    EXPECT_FLOAT_EQ(value, 0.5f);
  _mlir_ciface_loom_onednn_softmax_f32(&src, &dst, 1);
  float sum = std::exp(1.0f) + std::exp(2.0f) + std::exp(3.0f);
  for (int row = 0; row < 2; ++row)
    for (int col = 0; col < 3; ++col)
      EXPECT_FLOAT_EQ(out[row * 3 + col], std::exp(col + 1.0f) / sum);
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(_mlir_ciface_loom_onednn_softmax_f32(&src, &dst, 2),
               "loom_onednn_softmax_f32: expects operands of one rank and a "
               "dimension of it");
}

} // namespace
