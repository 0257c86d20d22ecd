/* vec_bsr.c — SpMV over a matrix stored as BSR(2, 2), BSR(3, 3) and
 * BSR(4, 4) (and CSR for reference), as legacy dense C: a flat dense block
 * `double *A` used as A[i*n + j] with a pragma on its declaration (the
 * dense block is never allocated), filled from the matrix, then the
 * repeated product y[i] += A[i*n + j] * x[j]. bench/vec_run.sh rewrites
 * this file with --simd=none (the scalar output) and with the vector
 * backends and runs the builds side by side on a finite-element matrix.
 *
 * Usage: vec_bsr KERNEL MATRIX   (KERNEL: bsr22, bsr33, bsr44, csr;
 * MATRIX: bench_common.h). Prints: RESULT kernel=K matrix=M impl=IMPL
 * us_per_rep=X checksum=C (median thread CPU time of BENCH_REPS samples of
 * VEC_INNER products each, after one warm-up sample). */
#include "bench_common.h"

#ifndef VEC_IMPL
#define VEC_IMPL "dense_reference"
#endif

/* One function per encoding (pragma parameters are integers; the bodies
 * are written out, since a macro naming A would keep its dense storage).
 * Each fills A, then takes reps samples of `inner` products (after one
 * warm-up sample) into t. The sample loops are `while` loops: a `for`
 * around the kernel would become part of its nest. */
static int bsr22(const bench_csr *M, const double *x, double *y, int reps,
                 int inner, double *t) {
  long m = (long)M->nrows, n = (long)M->ncols;
#pragma sparse encoding(A[m][n] : BSR(2, 2))
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];
  int r = -1;
  while (r < reps) {
    for (long i = 0; i < m; i++) y[i] = 0.0;
    double t0 = bench_cpu_now();
    int c = 0;
    while (c < inner) {
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++)
          y[i] += A[i * n + j] * x[j];
      c++;
    }
    if (r >= 0) t[r] = (bench_cpu_now() - t0) / inner;
    r++;
  }
  free(A);
  return 0;
}

static int bsr33(const bench_csr *M, const double *x, double *y, int reps,
                 int inner, double *t) {
  long m = (long)M->nrows, n = (long)M->ncols;
#pragma sparse encoding(A[m][n] : BSR(3, 3))
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];
  int r = -1;
  while (r < reps) {
    for (long i = 0; i < m; i++) y[i] = 0.0;
    double t0 = bench_cpu_now();
    int c = 0;
    while (c < inner) {
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++)
          y[i] += A[i * n + j] * x[j];
      c++;
    }
    if (r >= 0) t[r] = (bench_cpu_now() - t0) / inner;
    r++;
  }
  free(A);
  return 0;
}

static int bsr44(const bench_csr *M, const double *x, double *y, int reps,
                 int inner, double *t) {
  long m = (long)M->nrows, n = (long)M->ncols;
#pragma sparse encoding(A[m][n] : BSR(4, 4))
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];
  int r = -1;
  while (r < reps) {
    for (long i = 0; i < m; i++) y[i] = 0.0;
    double t0 = bench_cpu_now();
    int c = 0;
    while (c < inner) {
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++)
          y[i] += A[i * n + j] * x[j];
      c++;
    }
    if (r >= 0) t[r] = (bench_cpu_now() - t0) / inner;
    r++;
  }
  free(A);
  return 0;
}

static int csr(const bench_csr *M, const double *x, double *y, int reps,
               int inner, double *t) {
  long m = (long)M->nrows, n = (long)M->ncols;
#pragma sparse encoding(A[m][n] : CSR)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];
  int r = -1;
  while (r < reps) {
    for (long i = 0; i < m; i++) y[i] = 0.0;
    double t0 = bench_cpu_now();
    int c = 0;
    while (c < inner) {
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++)
          y[i] += A[i * n + j] * x[j];
      c++;
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
  bench_csr *M = bench_matrix(argv[2]);
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  int inner = (int)bench_env_long("VEC_INNER", 40);
  int (*fn)(const bench_csr *, const double *, double *, int, int, double *) =
      !strcmp(k, "bsr22") ? bsr22 : !strcmp(k, "bsr33") ? bsr33
      : !strcmp(k, "bsr44") ? bsr44 : !strcmp(k, "csr") ? csr : NULL;
  if (!fn) return 2;
  double *x = bench_xmalloc(sizeof(double) * (size_t)M->ncols);
  double *y = bench_xmalloc(sizeof(double) * (size_t)M->nrows);
  double *t = bench_xmalloc(sizeof(double) * (size_t)reps);
  bench_fill_x(x, M->ncols);
  if (fn(M, x, y, reps, inner, t)) return 2;
  /* y holds `inner` products of the last sample */
  double cs = 0;
  for (int64_t i = 0; i < M->nrows; i++) cs += y[i] * (double)(i % 7 + 1);
  printf("RESULT kernel=%s matrix=%s impl=%s us_per_rep=%.2f checksum=%.10g\n",
         k, M->name, VEC_IMPL, bench_median(t, reps) * 1e6, cs);
  free(x);
  free(y);
  free(t);
  bench_csr_free(M);
  return 0;
}
