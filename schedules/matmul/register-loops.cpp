// register-loops.cpp: how fast the register loop of an f32 matmul can run on
// this CPU, by the shape of its register tile, apart from everything else a
// matmul does (packing, cache tiles, C between K blocks).
//
//   clang++-22 -O3 -march=native -o /tmp/register-loops
//   schedules/matmul/register-loops.cpp taskset -c 1 /tmp/register-loops
//   [--rounds 2000] [--lda 512]
//
// (-DLOOM_LDA=1024 fixes the stride of A's rows when compiling, as a
// kernel of a static shape has it; --lda is then refused.)
//
// Each variant computes C (512 x 768) += A (512 x 256) * B (256 x 768), one
// K block, in register tiles of MR rows x NR columns: B packed in panels of
// NR columns ([N/NR][K][NR], as the matmul schedule packs it), A read in
// place (rows --lda floats apart, 512: 2 KiB, as in a 512 x 512 matmul) or
// packed ([M/MR][K][MR], as oneDNN packs it), the k loop as written or
// unrolled by four. Every round times a plain FMA loop (24 independent
// accumulators, the `loom peak` loop) and then each variant once, so the
// ratios are taken at the same clock: this machine's clock and its
// neighbours move by 10-20% between seconds (docs/performance.md). A
// variant's result is checked against a scalar matmul first.
//
// Needs AVX-512F and Clang (the compiler of Loom's kernels: LLVM; GCC spills
// the FMA loop's accumulators, which `asm volatile` pins). Exit codes: 0
// measured, 1 a variant computed a wrong result, 2 bad arguments.
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#ifndef __clang__
#error "register-loops measures LLVM's code: compile it with clang++"
#endif
#ifndef __AVX512F__
#error                                                                         \
    "register-loops needs AVX-512F (compile with -march=native on such a CPU)"
#endif

namespace {
constexpr int M = 512, N = 768, K = 256;
float *aInPlace, *aPacked, *b32, *b48, *c;
#ifdef LOOM_LDA
// A stride fixed when compiling (-DLOOM_LDA=1024): the rows of A are then
// constant offsets from one pointer, as in Loom's kernels, whose shapes are
// static; read at run time (--lda), the stride makes the compiler compute
// the rows' addresses in the k loop.
constexpr int lda = LOOM_LDA;
static_assert(lda >= K, "LOOM_LDA must be at least K (256)");
#else
int lda = 512;
#endif

float *bFor(int nr) { return nr == 32 ? b32 : b48; }

template <int MR, int NV, bool Packed, int Unroll>
__attribute__((noinline)) void registerTiles() {
  constexpr int NR = NV * 16;
  const float *bPacked = bFor(NR);
  for (int i = 0; i + MR <= M; i += MR)
    for (int j = 0; j + NR <= N; j += NR) {
      __m512 acc[MR][NV];
      for (int r = 0; r < MR; ++r)
        for (int v = 0; v < NV; ++v)
          acc[r][v] = _mm512_loadu_ps(c + (i + r) * N + j + v * 16);
      const float *b = bPacked + static_cast<size_t>(j / NR) * K * NR;
      const float *a = Packed ? aPacked + static_cast<size_t>(i / MR) * K * MR
                              : aInPlace + static_cast<size_t>(i) * lda;
      // (K is a multiple of Unroll. The compiler is asked not to unroll
      // the loop itself: GCC and Clang both read these pragmas.)
#pragma GCC unroll 1
      for (int kk = 0; kk < K; kk += Unroll) {
#pragma GCC unroll 8
        for (int k = kk; k < kk + Unroll; ++k) {
          __m512 row[NV];
          for (int v = 0; v < NV; ++v)
            row[v] = _mm512_load_ps(b + k * NR + v * 16);
          for (int r = 0; r < MR; ++r) {
            __m512 x = _mm512_set1_ps(Packed ? a[k * MR + r] : a[r * lda + k]);
            for (int v = 0; v < NV; ++v)
              acc[r][v] = _mm512_fmadd_ps(x, row[v], acc[r][v]);
          }
        }
      }
      for (int r = 0; r < MR; ++r)
        for (int v = 0; v < NV; ++v)
          _mm512_storeu_ps(c + (i + r) * N + j + v * 16, acc[r][v]);
    }
}

__attribute__((noinline)) void fmaLoop(long iterations) {
  __m512 acc[24];
  for (int i = 0; i < 24; ++i)
    acc[i] = _mm512_set1_ps(static_cast<float>(i));
  __m512 x = _mm512_set1_ps(1.0000001f), y = _mm512_set1_ps(0.999999f);
  for (long it = 0; it < iterations; ++it)
    for (int i = 0; i < 24; ++i) {
      acc[i] = _mm512_fmadd_ps(acc[i], x, y);
      asm volatile("" : "+v"(acc[i]));
    }
  alignas(64) float lanes[16];
  for (int i = 1; i < 24; ++i)
    acc[0] = _mm512_add_ps(acc[0], acc[i]);
  _mm512_store_ps(lanes, acc[0]);
  asm volatile("" : : "m"(lanes));
}

struct Variant {
  const char *name;
  void (*run)();
  int mr, nr;
  bool packed;
};

// Packs A into [M/MR][K][MR] and B into [N/NR][K][NR] from the same values.
void fill(int mr) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float value = static_cast<float>((i * 7 + k * 3) % 17) / 16 - 0.5f;
      aInPlace[static_cast<size_t>(i) * lda + k] = value;
      if (i / mr * mr + mr <= M)
        aPacked[static_cast<size_t>(i / mr) * K * mr + k * mr + i % mr] = value;
    }
}

float bValue(int k, int j) {
  return static_cast<float>((k * 5 + j) % 13) / 12 - 0.5f;
}

bool check(const Variant &v) {
  fill(v.mr);
  std::memset(c, 0, sizeof(float) * M * N);
  v.run();
  int rows = M / v.mr * v.mr, cols = N / v.nr * v.nr;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      double expected = 0;
      for (int k = 0; k < K; ++k)
        expected +=
            static_cast<double>(aInPlace[static_cast<size_t>(i) * lda + k]) *
            bValue(k, j);
      if (std::fabs(c[i * N + j] - expected) >
          1e-3 * (1 + std::fabs(expected))) {
        std::fprintf(stderr,
                     "register-loops: %s: C[%d][%d] = %g, expected %g\n",
                     v.name, i, j, c[i * N + j], expected);
        return false;
      }
    }
  return true;
}

double seconds(std::chrono::steady_clock::time_point from) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - from)
      .count();
}
} // namespace

int main(int argc, char **argv) {
  int rounds = 2000;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
      rounds = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--lda") && i + 1 < argc) {
#ifdef LOOM_LDA
      std::fprintf(stderr,
                   "register-loops: built with -DLOOM_LDA=%d, the stride "
                   "of A's rows is fixed: --lda is not taken\n",
                   lda);
      return 2;
#else
      lda = std::atoi(argv[++i]);
#endif
    } else {
      std::fprintf(stderr,
                   "usage: register-loops [--rounds N] [--lda FLOATS]\n");
      return 2;
    }
  }
  if (rounds < 1 || lda < K) {
    std::fprintf(
        stderr,
        "register-loops: --rounds must be at least 1 and --lda at least %d\n",
        K);
    return 2;
  }
  aInPlace =
      static_cast<float *>(std::aligned_alloc(4096, sizeof(float) * M * lda));
  aPacked =
      static_cast<float *>(std::aligned_alloc(4096, sizeof(float) * M * K));
  b32 = static_cast<float *>(std::aligned_alloc(4096, sizeof(float) * N * K));
  b48 = static_cast<float *>(std::aligned_alloc(4096, sizeof(float) * N * K));
  c = static_cast<float *>(std::aligned_alloc(4096, sizeof(float) * M * N));
  for (int nr : {32, 48})
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N / nr * nr; ++j)
        bFor(nr)[static_cast<size_t>(j / nr) * K * nr + k * nr + j % nr] =
            bValue(k, j);

  const Variant variants[] = {
      {"8 x 32, A in place", registerTiles<8, 2, false, 1>, 8, 32, false},
      {"8 x 32, A in place, k by 4", registerTiles<8, 2, false, 4>, 8, 32,
       false},
      {"8 x 32, A packed", registerTiles<8, 2, true, 1>, 8, 32, true},
      {"8 x 32, A packed, k by 4", registerTiles<8, 2, true, 4>, 8, 32, true},
      {"12 x 32, A in place", registerTiles<12, 2, false, 1>, 12, 32, false},
      {"8 x 48, A in place", registerTiles<8, 3, false, 1>, 8, 48, false},
      {"8 x 48, A packed, k by 4", registerTiles<8, 3, true, 4>, 8, 48, true},
  };
  const int count = sizeof(variants) / sizeof(variants[0]);
  for (const Variant &v : variants)
    if (!check(v))
      return 1;

  std::vector<std::vector<double>> ratios(count);
  std::vector<double> fmaRates;
  const long iterations = 2L * M * N * K / (24 * 32);
  for (int round = 0; round < rounds + 1; ++round) {
    auto start = std::chrono::steady_clock::now();
    fmaLoop(iterations);
    double fmaRate = iterations * 24.0 * 32 / seconds(start) / 1e9;
    for (int i = 0; i < count; ++i) {
      const Variant &v = variants[i];
      fill(v.mr);
      start = std::chrono::steady_clock::now();
      v.run();
      double rate = 2.0 * (M / v.mr * v.mr) * (N / v.nr * v.nr) * K /
                    seconds(start) / 1e9;
      if (round > 0) // the first round warms the caches and the clock
        ratios[i].push_back(rate / fmaRate);
    }
    if (round > 0)
      fmaRates.push_back(fmaRate);
  }
  auto quartiles = [](std::vector<double> &values, double &low, double &mid,
                      double &high) {
    std::sort(values.begin(), values.end());
    low = values[values.size() / 4];
    mid = values[values.size() / 2];
    high = values[3 * values.size() / 4];
  };
  double low, mid, high;
  quartiles(fmaRates, low, mid, high);
  std::printf("FMA loop: median %.1f GFLOP/s (quartiles %.1f-%.1f), %d rounds, "
              "A's rows %d "
              "floats apart\n",
              mid, low, high, rounds, lda);
  std::printf("%-28s %s\n", "register tile",
              "of the FMA loop: median (quartiles)");
  for (int i = 0; i < count; ++i) {
    quartiles(ratios[i], low, mid, high);
    std::printf("%-28s %.3f (%.3f-%.3f)\n", variants[i].name, mid, low, high);
  }
  std::printf("every variant checked against a scalar matmul\n");
  return 0;
}
