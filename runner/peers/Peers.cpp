//===- Peers.cpp - Library calls into oneDNN and OpenBLAS -----------------===//
//
// libLoomPeers: the functions that `loom-lower-library-calls` calls for
// linalg.generic ops a schedule marked with a `library_call` (see
// schedules/lib/onednn.mlir and openblas.mlir), so that loom run times the
// libraries on exactly the payload, inputs and timing loop it times a
// schedule on. The JIT loads this library when a kernel calls into it.
//
// Each function takes the op's operands as memref descriptors (the C
// interface of func.func with llvm.emit_c_interface) and has the generic's
// semantics: the output is accumulated into (C += A * B).
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cblas.h>
#include <dnnl.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

using Matrix = StridedMemRefType<float, 2>;
using Batch = StridedMemRefType<float, 3>;
using Image = StridedMemRefType<float, 4>;

[[noreturn]] void fail(const char *function, const char *what) {
  std::fprintf(stderr, "%s: %s\n", function, what);
  std::abort();
}

/// Runs the body of a peer function. oneDNN's C++ API reports what it
/// cannot do (a primitive it has no implementation for, arguments it
/// rejects) by throwing dnnl::error; this library is built with exceptions
/// for it, but an exception must not unwind into the JIT-compiled kernel
/// that called the function (it has no unwind tables): it stops here with
/// oneDNN's message, as a crash of the kernel that loom run reports.
template <typename Body> void guard(const char *function, Body &&body) {
  try {
    body(function);
  } catch (const dnnl::error &error) {
    std::string what = std::string("oneDNN: ") + error.what() + " (status " +
                       std::to_string(static_cast<int>(error.status)) + ")";
    fail(function, what.c_str());
  } catch (const std::exception &error) {
    fail(function, error.what());
  }
}

/// How sgemm reads a matrix operand: as it is ('N', the leading dimension
/// its rows' stride) when contiguous along its rows, or transposed ('T',
/// the leading dimension its columns' stride) when contiguous along its
/// columns: the view of a transposed operand that loom-lower-library-calls
/// passes for a matmul with `indexing_maps` (linalg.matmul of B (n, k)).
struct Layout {
  char trans;
  int64_t ld;
};
Layout getLayout(int64_t rows, int64_t cols, int64_t rowStride,
                 int64_t colStride, const char *function) {
  if (colStride == 1 || cols == 1)
    return {'N', std::max<int64_t>(rowStride, std::max<int64_t>(cols, 1))};
  if (rowStride == 1 || rows == 1)
    return {'T', std::max<int64_t>(colStride, std::max<int64_t>(rows, 1))};
  fail(function, "operands must be contiguous along their rows or columns");
}

/// A row-major sgemm C += op(A) * op(B) on raw pointers with leading
/// dimensions, op(X) X or its transpose as each Layout says.
enum class Library { OneDNN, OpenBLAS };

void sgemm(Library library, int64_t m, int64_t n, int64_t k, const float *a,
           Layout la, const float *b, Layout lb, float *c, int64_t ldc) {
  if (library == Library::OneDNN) {
    if (dnnl_sgemm(la.trans, lb.trans, m, n, k, 1.0f, a, la.ld, b, lb.ld, 1.0f,
                   c, ldc) != dnnl_success)
      fail("dnnl_sgemm", "failed");
    return;
  }
  auto trans = [](Layout l) {
    return l.trans == 'T' ? CblasTrans : CblasNoTrans;
  };
  cblas_sgemm(CblasRowMajor, trans(la), trans(lb), m, n, k, 1.0f, a, la.ld, b,
              lb.ld, 1.0f, c, ldc);
}

template <typename T>
void requireRowMajor(const T &memref, const char *function) {
  constexpr int rank = sizeof(memref.sizes) / sizeof(memref.sizes[0]);
  if (memref.strides[rank - 1] != 1)
    fail(function, "operands must be contiguous along their last dimension");
}

void matmul(Library library, Matrix *a, Matrix *b, Matrix *c,
            const char *function) {
  requireRowMajor(*c, function);
  int64_t m = c->sizes[0], n = c->sizes[1], k = a->sizes[1];
  if (a->sizes[0] != m || b->sizes[0] != k || b->sizes[1] != n)
    fail(function, "operand shapes do not form a matmul");
  // Nothing to add (and leading dimensions of 0 the libraries reject).
  if (m == 0 || n == 0 || k == 0)
    return;
  Layout la = getLayout(m, k, a->strides[0], a->strides[1], function);
  Layout lb = getLayout(k, n, b->strides[0], b->strides[1], function);
  sgemm(library, m, n, k, a->data + a->offset, la, b->data + b->offset, lb,
        c->data + c->offset, c->strides[0]);
}

void batchMatmul(Library library, Batch *a, Batch *b, Batch *c,
                 const char *function) {
  requireRowMajor(*c, function);
  int64_t batch = c->sizes[0], m = c->sizes[1], n = c->sizes[2],
          k = a->sizes[2];
  if (a->sizes[0] != batch || b->sizes[0] != batch || a->sizes[1] != m ||
      b->sizes[1] != k || b->sizes[2] != n)
    fail(function, "operand shapes do not form a batch_matmul");
  if (batch == 0 || m == 0 || n == 0 || k == 0)
    return;
  Layout la = getLayout(m, k, a->strides[1], a->strides[2], function);
  Layout lb = getLayout(k, n, b->strides[1], b->strides[2], function);
  for (int64_t i = 0; i < batch; ++i)
    sgemm(library, m, n, k, a->data + a->offset + i * a->strides[0], la,
          b->data + b->offset + i * b->strides[0], lb,
          c->data + c->offset + i * c->strides[0], c->strides[1]);
}

/// The sizes, strides and dilations of a conv_2d_nhwc_hwcf whose operands
/// are `input`, `filter` and `output` (loom-lower-library-calls passes the
/// strides and dilations after the operands); fails unless they agree.
struct ConvShape {
  int64_t n, h, w, c, kh, kw, f, oh, ow, sh, sw, dh, dw;
  /// No product to add: no image, input channel, filter tap or output
  /// channel (oneDNN creates no primitive for an empty one).
  bool isEmpty() const {
    return n == 0 || c == 0 || kh == 0 || kw == 0 || f == 0;
  }
};
ConvShape getConvShape(const Image &input, const Image &filter,
                       const Image &output, int64_t sh, int64_t sw, int64_t dh,
                       int64_t dw, const char *function) {
  ConvShape shape{input.sizes[0],
                  input.sizes[1],
                  input.sizes[2],
                  input.sizes[3],
                  filter.sizes[0],
                  filter.sizes[1],
                  output.sizes[3],
                  output.sizes[1],
                  output.sizes[2],
                  sh,
                  sw,
                  dh,
                  dw};
  if (sh < 1 || sw < 1 || dh < 1 || dw < 1)
    fail(function, "strides and dilations must be at least 1");
  // The last output row reads input row (oh - 1) * sh + (kh - 1) * dh.
  if (output.sizes[0] != shape.n || filter.sizes[2] != shape.c ||
      filter.sizes[3] != shape.f || shape.oh < 1 || shape.ow < 1 ||
      (shape.oh - 1) * sh + (shape.kh - 1) * dh >= shape.h ||
      (shape.ow - 1) * sw + (shape.kw - 1) * dw >= shape.w)
    fail(function, "the operands' sizes do not match a convolution with "
                   "these strides and dilations");
  return shape;
}

template <int Rank>
bool isContiguous(const StridedMemRefType<float, Rank> &memref) {
  int64_t stride = 1;
  for (int dim = Rank - 1; dim >= 0; --dim) {
    if (memref.strides[dim] != stride)
      return false;
    stride *= memref.sizes[dim];
  }
  return true;
}

/// conv_2d_nhwc_hwcf as im2col + sgemm (for OpenBLAS, which has no
/// convolution): for each image, the [OH * OW, KH * KW * C] patch matrix
/// times the filter as a [KH * KW * C, F] matrix, accumulated into the
/// [OH * OW, F] output.
void openBLASConv2DNhwcHwcf(Image *input, Image *filter, Image *output,
                            const ConvShape &shape, const char *function) {
  auto [n, h, w, c, kh, kw, f, oh, ow, strideH, strideW, dilationH, dilationW] =
      shape;
  // Filter and output as matrices need their rows contiguous.
  if (!isContiguous(*filter) || !isContiguous(*output))
    fail(function, "filter and output must be contiguous");
  thread_local std::vector<float> patches;
  int64_t depth = kh * kw * c;
  patches.resize(oh * ow * depth);
  for (int64_t image = 0; image < n; ++image) {
    const float *in = input->data + input->offset + image * input->strides[0];
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x) {
        float *row = patches.data() + (y * ow + x) * depth;
        for (int64_t dy = 0; dy < kh; ++dy)
          for (int64_t dx = 0; dx < kw; ++dx)
            for (int64_t ch = 0; ch < c; ++ch)
              *row++ = in[(y * strideH + dy * dilationH) * input->strides[1] +
                          (x * strideW + dx * dilationW) * input->strides[2] +
                          ch * input->strides[3]];
      }
    sgemm(Library::OpenBLAS, oh * ow, f, depth, patches.data(), {'N', depth},
          filter->data + filter->offset, {'N', f},
          output->data + output->offset + image * output->strides[0], f);
  }
}

/// The thread count of the current run (loom_peers_set_threads). oneDNN's
/// primitives split their work among the threads there are when they are
/// created, so every primitive cache is keyed by it too: `loom bench` runs
/// its benchmarks in one process, and a primitive created for a 1-thread
/// benchmark ran the 2-thread benchmark of the same shape on one thread.
int peerThreads = 1;

/// conv_2d_nhwc_hwcf through oneDNN's own convolution primitive: NHWC
/// activations, the weights reordered on every call from HWCF (oneDNN's
/// "hwio") into the blocked layout the primitive picks, the result
/// accumulated into the output (a sum post-op). The primitive is created
/// once per shape, strides, dilations and thread count.
void oneDNNConv2DNhwcHwcf(Image *input, Image *filter, Image *output,
                          const ConvShape &shape, const char *function) {
  using namespace dnnl;
  auto [n, h, w, c, kh, kw, f, oh, ow, strideH, strideW, dilationH, dilationW] =
      shape;
  if (!isContiguous(*input) || !isContiguous(*filter) || !isContiguous(*output))
    fail(function, "operands must be contiguous");

  struct Convolution {
    engine cpu{engine::kind::cpu, 0};
    stream queue{cpu};
    convolution_forward::primitive_desc descriptor;
    convolution_forward primitive;
    memory::desc userWeights;
    memory blockedWeights;
    reorder toBlocked;
  };
  static std::map<std::array<int64_t, 12>, std::unique_ptr<Convolution>> cache;
  std::unique_ptr<Convolution> &conv =
      cache[{n, h, w, c, kh, kw, f, strideH, strideW, dilationH, dilationW,
             peerThreads}];
  using dt = memory::data_type;
  using tag = memory::format_tag;
  if (!conv) {
    conv = std::make_unique<Convolution>();
    // Input rows and columns past the last output's taps are not read:
    // oneDNN takes them as a negative right padding, down to 1 - stride;
    // where more are left over (a dilated convolution), the input is
    // described as the part that is read, in the full input's strides.
    int64_t usedH = (oh - 1) * strideH + (kh - 1) * dilationH + 1;
    int64_t usedW = (ow - 1) * strideW + (kw - 1) * dilationW + 1;
    memory::desc src = memory::desc({n, c, h, w}, dt::f32, tag::nhwc);
    if (h - usedH >= strideH || w - usedW >= strideW)
      src = memory::desc({n, c, usedH, usedW}, dt::f32,
                         memory::dims{h * w * c, 1, w * c, c});
    else
      usedH = h, usedW = w;
    memory::desc dst({n, f, oh, ow}, dt::f32, tag::nhwc);
    memory::desc anyWeights({f, c, kh, kw}, dt::f32, tag::any);
    conv->userWeights = memory::desc({f, c, kh, kw}, dt::f32, tag::hwio);
    post_ops accumulate;
    accumulate.append_sum(1.0f);
    primitive_attr attributes;
    attributes.set_post_ops(accumulate);
    // oneDNN counts dilations from 0 (the taps' gap), linalg from 1.
    memory::dims strides{strideH, strideW};
    memory::dims dilates{dilationH - 1, dilationW - 1};
    memory::dims padLeft{0, 0};
    memory::dims padRight{(oh - 1) * strideH + (kh - 1) * dilationH + 1 - usedH,
                          (ow - 1) * strideW + (kw - 1) * dilationW + 1 -
                              usedW};
    convolution_forward::desc desc(
        prop_kind::forward_inference, algorithm::convolution_direct, src,
        anyWeights, dst, strides, dilates, padLeft, padRight);
    conv->descriptor =
        convolution_forward::primitive_desc(desc, attributes, conv->cpu);
    conv->primitive = convolution_forward(conv->descriptor);
    conv->blockedWeights = memory(conv->descriptor.weights_desc(), conv->cpu);
    conv->toBlocked =
        reorder(memory(conv->userWeights, conv->cpu), conv->blockedWeights);
  }
  memory src(conv->descriptor.src_desc(), conv->cpu,
             input->data + input->offset);
  memory dst(conv->descriptor.dst_desc(), conv->cpu,
             output->data + output->offset);
  memory weights(conv->userWeights, conv->cpu, filter->data + filter->offset);
  conv->toBlocked.execute(conv->queue, weights, conv->blockedWeights);
  conv->primitive.execute(conv->queue,
                          {{DNNL_ARG_SRC, src},
                           {DNNL_ARG_WEIGHTS, conv->blockedWeights},
                           {DNNL_ARG_DST, dst}});
  conv->queue.wait();
}

/// conv_2d_nhwc_hwcf with `library` (strides and dilations after the
/// operands, as loom-lower-library-calls passes them); an empty one adds
/// nothing.
void conv2DNhwcHwcf(Library library, Image *input, Image *filter, Image *output,
                    int64_t sh, int64_t sw, int64_t dh, int64_t dw,
                    const char *function) {
  ConvShape shape =
      getConvShape(*input, *filter, *output, sh, sw, dh, dw, function);
  if (shape.isEmpty())
    return;
  if (library == Library::OneDNN)
    oneDNNConv2DNhwcHwcf(input, filter, output, shape, function);
  else
    openBLASConv2DNhwcHwcf(input, filter, output, shape, function);
}

/// oneDNN primitives of a shape, created once: the engine, its stream, the
/// primitive.
template <typename Primitive> struct CachedPrimitive {
  dnnl::engine cpu{dnnl::engine::kind::cpu, 0};
  dnnl::stream queue{cpu};
  Primitive primitive;
};

/// The oneDNN descriptor of an f32 memref of any rank, with its strides.
dnnl::memory::desc getDesc(const DynamicMemRefType<float> &memref) {
  dnnl::memory::dims sizes(memref.sizes, memref.sizes + memref.rank);
  dnnl::memory::dims strides(memref.strides, memref.strides + memref.rank);
  return dnnl::memory::desc(sizes, dnnl::memory::data_type::f32, strides);
}

/// out = softmax(in) along `dimension`, with oneDNN's softmax primitive
/// (forward inference) on memrefs of any rank and strides.
void oneDNNSoftmax(const DynamicMemRefType<float> &in,
                   const DynamicMemRefType<float> &out, int64_t dimension,
                   const char *function) {
  using namespace dnnl;
  if (in.rank != out.rank || dimension < 0 || dimension >= in.rank)
    fail(function, "expects operands of one rank and a dimension of it");
  // The sizes and strides of both operands, the dimension and the threads.
  std::vector<int64_t> key(in.sizes, in.sizes + in.rank);
  key.insert(key.end(), in.strides, in.strides + in.rank);
  key.insert(key.end(), out.strides, out.strides + out.rank);
  key.push_back(dimension);
  key.push_back(peerThreads);
  static std::map<std::vector<int64_t>,
                  std::unique_ptr<CachedPrimitive<softmax_v2_forward>>>
      cache;
  auto &softmax = cache[key];
  memory::desc source = getDesc(in), destination = getDesc(out);
  if (!softmax) {
    softmax = std::make_unique<CachedPrimitive<softmax_v2_forward>>();
    softmax_v2_forward::desc desc(prop_kind::forward_inference,
                                  algorithm::softmax_accurate, source,
                                  destination, static_cast<int>(dimension));
    softmax->primitive = softmax_v2_forward(
        softmax_v2_forward::primitive_desc(desc, softmax->cpu));
  }
  memory src(source, softmax->cpu, in.data + in.offset);
  memory dst(destination, softmax->cpu, out.data + out.offset);
  softmax->primitive.execute(softmax->queue,
                             {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}});
  softmax->queue.wait();
}

/// out = max((a + b) * c, 0) in one pass: oneDNN's binary add primitive
/// with a binary multiply and a ReLU as post-ops, the way a oneDNN user
/// fuses this chain.
void oneDNNAddMulRelu(Matrix *a, Matrix *b, Matrix *c, Matrix *out,
                      const char *function) {
  using namespace dnnl;
  for (Matrix *matrix : {a, b, c, out})
    if (!isContiguous(*matrix))
      fail(function, "operands must be contiguous");
  static std::map<std::array<int64_t, 3>,
                  std::unique_ptr<CachedPrimitive<binary>>>
      cache;
  auto &chain = cache[{a->sizes[0], a->sizes[1], peerThreads}];
  memory::desc data = getDesc(DynamicMemRefType<float>(*a));
  if (!chain) {
    chain = std::make_unique<CachedPrimitive<binary>>();
    post_ops ops;
    ops.append_binary(algorithm::binary_mul, data);
    ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
    primitive_attr attributes;
    attributes.set_post_ops(ops);
    binary::desc desc(algorithm::binary_add, data, data, data);
    chain->primitive =
        binary(binary::primitive_desc(desc, attributes, chain->cpu));
  }
  auto wrap = [&](Matrix *matrix) {
    return memory(data, chain->cpu, matrix->data + matrix->offset);
  };
  chain->primitive.execute(
      chain->queue,
      {{DNNL_ARG_SRC_0, wrap(a)},
       {DNNL_ARG_SRC_1, wrap(b)},
       {DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1, wrap(c)},
       {DNNL_ARG_DST, wrap(out)}});
  chain->queue.wait();
}

} // namespace

extern "C" {

/// Called by loom run before the kernel runs: the peers use `threads`
/// threads (oneDNN through its OpenMP runtime, OpenBLAS through its own).
void loom_peers_set_threads(int threads) {
  peerThreads = threads;
  openblas_set_num_threads(threads);
  // oneDNN runs on the OpenMP runtime it was built with (libgomp for the
  // Debian package), whose default is one thread per core.
  using SetThreads = void (*)(int);
  if (auto set = reinterpret_cast<SetThreads>(
          dlsym(RTLD_DEFAULT, "omp_set_num_threads")))
    set(threads);
}

void _mlir_ciface_loom_onednn_matmul_f32(Matrix *a, Matrix *b, Matrix *c) {
  guard("loom_onednn_matmul_f32", [&](const char *function) {
    matmul(Library::OneDNN, a, b, c, function);
  });
}
void _mlir_ciface_loom_openblas_matmul_f32(Matrix *a, Matrix *b, Matrix *c) {
  guard("loom_openblas_matmul_f32", [&](const char *function) {
    matmul(Library::OpenBLAS, a, b, c, function);
  });
}
void _mlir_ciface_loom_onednn_batch_matmul_f32(Batch *a, Batch *b, Batch *c) {
  guard("loom_onednn_batch_matmul_f32", [&](const char *function) {
    batchMatmul(Library::OneDNN, a, b, c, function);
  });
}
void _mlir_ciface_loom_openblas_batch_matmul_f32(Batch *a, Batch *b, Batch *c) {
  guard("loom_openblas_batch_matmul_f32", [&](const char *function) {
    batchMatmul(Library::OpenBLAS, a, b, c, function);
  });
}
void _mlir_ciface_loom_onednn_conv_2d_nhwc_hwcf_f32(
    Image *input, Image *filter, Image *output, int64_t strideH,
    int64_t strideW, int64_t dilationH, int64_t dilationW) {
  guard("loom_onednn_conv_2d_nhwc_hwcf_f32", [&](const char *function) {
    conv2DNhwcHwcf(Library::OneDNN, input, filter, output, strideH, strideW,
                   dilationH, dilationW, function);
  });
}
void _mlir_ciface_loom_openblas_conv_2d_nhwc_hwcf_f32(
    Image *input, Image *filter, Image *output, int64_t strideH,
    int64_t strideW, int64_t dilationH, int64_t dilationW) {
  guard("loom_openblas_conv_2d_nhwc_hwcf_f32", [&](const char *function) {
    conv2DNhwcHwcf(Library::OpenBLAS, input, filter, output, strideH, strideW,
                   dilationH, dilationW, function);
  });
}

void _mlir_ciface_loom_onednn_softmax_f32(UnrankedMemRefType<float> *in,
                                          UnrankedMemRefType<float> *out,
                                          int64_t dimension) {
  guard("loom_onednn_softmax_f32", [&](const char *function) {
    oneDNNSoftmax(DynamicMemRefType<float>(*in), DynamicMemRefType<float>(*out),
                  dimension, function);
  });
}
void _mlir_ciface_loom_onednn_add_mul_relu_f32(Matrix *a, Matrix *b, Matrix *c,
                                               Matrix *out) {
  guard("loom_onednn_add_mul_relu_f32", [&](const char *function) {
    oneDNNAddMulRelu(a, b, c, out, function);
  });
}

} // extern "C"
