/* vec_nv24.c — SpMV and its transpose over a matrix stored as NV24 (2:4:
 * at most two entries in each group of four columns), as legacy dense C:
 * a flat dense block `double *A` used as A[i*n + j] with a pragma on its
 * declaration (the dense block is never allocated), filled with a random
 * 2:4 pattern (two of every four columns, values in [0.5, 1.5)), then the
 * repeated products y[i] += A[i*n + j] * x[j] (nv24_spmv: gathers, a sum
 * per row) and z[j] += A[i*n + j] * x[i] (nv24_spmvt: scatters).
 * bench/vec_nv24_run.sh rewrites this file with --simd=none (the scalar
 * output) and with the vector backends and runs the builds side by side.
 *
 * Usage: vec_nv24 KERNEL N   (an N x N matrix). Prints: RESULT kernel=K
 * n=N impl=IMPL us_per_rep=X checksum=C (median thread CPU time of
 * BENCH_REPS samples of VEC_INNER products each, after one warm-up). */
#include "bench_common.h"

#ifndef VEC_IMPL
#define VEC_IMPL "dense_reference"
#endif

/* The two kernels share the fill; each takes reps samples of `inner`
 * products (after one warm-up sample) into t. The sample loops are
 * `while` loops: a `for` around the kernel would become part of its nest. */
static int nv24(int transposed, long n, const double *x, double *y,
                int reps, int inner, double *t) {
#pragma sparse encoding(A[n][n] : NV24)
  double *A = calloc((size_t)n * (size_t)n, sizeof(double));
  if (A == NULL) return 2;
  uint64_t st = 12345;
  for (long i = 0; i < n; i++)
    for (long g = 0; g + 3 < n; g += 4) {
      long a = (long)(bench_rand_next(&st) % 4), b = (a + 1 + (long)(bench_rand_next(&st) % 3)) % 4;
      A[i * n + g + a] = bench_rand_value(&st);
      A[i * n + g + b] = bench_rand_value(&st);
    }
  int r = -1;
  while (r < reps) {
    for (long i = 0; i < n; i++) y[i] = 0.0;
    double t0 = bench_cpu_now();
    int c = 0;
    if (!transposed) {
      while (c < inner) {
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            y[i] += A[i * n + j] * x[j];
        c++;
      }
    } else {
      while (c < inner) {
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            y[j] += A[i * n + j] * x[i];
        c++;
      }
    }
    if (r >= 0) t[r] = (bench_cpu_now() - t0) / inner;
    r++;
  }
  free(A);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  const char *k = argv[1];
  long n = atol(argv[2]);
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  int inner = (int)bench_env_long("VEC_INNER", 40);
  int tr = !strcmp(k, "nv24_spmvt");
  if ((!tr && strcmp(k, "nv24_spmv")) || n < 4) return 2;
  double *x = bench_xmalloc(sizeof(double) * (size_t)n);
  double *y = bench_xmalloc(sizeof(double) * (size_t)n);
  double *t = bench_xmalloc(sizeof(double) * (size_t)reps);
  bench_fill_x(x, n);
  if (nv24(tr, n, x, y, reps, inner, t)) return 2;
  /* y holds `inner` products of the last sample */
  double cs = 0;
  for (long i = 0; i < n; i++) cs += y[i] * (double)(i % 7 + 1);
  printf("RESULT kernel=%s n=%ld impl=%s us_per_rep=%.2f checksum=%.10g\n",
         k, n, VEC_IMPL, bench_median(t, reps) * 1e6, cs);
  free(x);
  free(y);
  free(t);
  return 0;
}
