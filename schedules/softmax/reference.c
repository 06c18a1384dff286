// The C reference for the softmax schedule (docs/performance.md): softmax
// over the rows of an n x n f32 matrix, three passes per row (max, exp and
// sum, scale), compiled by compare.py with -O3 -ffast-math and glibc's
// vector math library (libmvec), so that the exp loop vectorizes.
//
//   reference N [SECONDS]   prints the median time per call in ms
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void softmax(const float *in, float *out, int n) {
  for (int i = 0; i < n; ++i) {
    const float *row = in + (size_t)i * n;
    float *dst = out + (size_t)i * n;
    float max = row[0];
    for (int j = 1; j < n; ++j)
      max = row[j] > max ? row[j] : max;
    float sum = 0.0f;
    for (int j = 0; j < n; ++j) {
      dst[j] = expf(row[j] - max);
      sum += dst[j];
    }
    float scale = 1.0f / sum;
    for (int j = 0; j < n; ++j)
      dst[j] *= scale;
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  double budget = argc > 2 ? atof(argv[2]) : 1.0;
  float *in = malloc(sizeof(float) * n * n), *out = malloc(sizeof(float) * n * n);
  unsigned state = 1;
  for (size_t i = 0; i < (size_t)n * n; ++i) {
    state = state * 1664525u + 1013904223u;
    in[i] = (float)(state >> 8) / (float)(1 << 24) * 2.0f - 1.0f;
  }
  softmax(in, out, n); // Warm up.
  double samples[10000];
  int count = 0;
  double start = now();
  while ((now() - start < budget || count < 10) && count < 10000) {
    double t = now();
    softmax(in, out, n);
    samples[count++] = now() - t;
  }
  qsort(samples, count, sizeof(double), compare);
  printf("softmax %dx%d: median %.3f ms over %d calls (checksum %g)\n", n, n,
         1e3 * samples[count / 2], count, (double)out[n + 1]);
  return 0;
}
