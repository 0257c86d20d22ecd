/* kernels_pragma.c — SpMM, SDDMM, SpAdd and SpGEMM as legacy dense C plus
 * sparsecc pragmas, timed against MLIR's sparsifier, GraphBLAS and the
 * hand-written CSR loops (bench/kernels_others.c) in one process.
 *
 * The matrices are ordinary dense row-major blocks (`double *A` used as
 * A[i*n + j]); a pragma on each declaration stores it in CSR for its whole
 * life (the dense block is never allocated), the fill loops become buffered
 * inserts and the timed loop nests become CSR kernels. Sparse results (R, C)
 * are CSR too: sparsecc builds them through its runtime on every call.
 *
 * bench/kernels_run.sh runs this file through sparsecc and links the output
 * with bench/kernels_others.c (and MLIR's objects, GraphBLAS). Compiled as
 * it is, it is the dense reference (O(n^2) memory: small matrices only).
 *
 * Usage: kernels BENCH MATRIX   BENCH: spmm16 spmm64 sddmm spadd spgemm
 * (kernels_others.h); MATRIX: bench_common.h. Environment: BENCH_REPS
 * (15), BENCH_MIN_TIME (0.05 s).
 *
 * Each round times the pragma kernel (a sample repeats it `calls` times)
 * and then one sample of every baseline; the pragma kernel's last result is
 * checked against the hand-written one after the rounds. The round and
 * repetition loops are `while` loops: sparsecc takes a `for` nest around a
 * kernel as part of the kernel's loop nest (and then, for a zeroing loop
 * followed by a sparse-output kernel, leaves both as element lookups and
 * inserts). */
#include "bench_common.h"
#include "kernels_others.h"

#ifndef KB_IMPL
#define KB_IMPL "sparsecc" /* the impl= label (kernels_run.sh: per build) */
#endif

/* Calls per sample so that a sample lasts min_time. */
static long calibrate(double t, double min_time) {
  return t < min_time ? (long)(min_time / (t + 1e-9)) + 1 : 1;
}

/* Largest difference between C's stored values and the reference entries
 * (relative to max |ref|), and the sum of |ref| (compared with the sum of
 * |C| over every element: an extra entry in C changes it). */
static double ref_scale(const bench_csr *R, double *abs_sum) {
  double scale = 0;
  *abs_sum = 0;
  for (int64_t p = 0; p < R->nnz; p++) {
    if (fabs(R->val[p]) > scale) scale = fabs(R->val[p]);
    *abs_sum += fabs(R->val[p]);
  }
  return scale > 0 ? scale : 1;
}

static double sums_diff(double got, double want) {
  return fabs(got - want) / (want > 0 ? want : 1);
}

static int finish(kb *o, const char *bench, const char *matrix, double d,
                  double *t, double check) {
  int status = 0;
  if (!(d <= 1e-12)) {
    fprintf(stderr, "kernels: %s sparsecc on %s differs from the hand-written "
            "loop (%g)\n", bench, matrix, d);
    status = 1;
  }
  if (kb_report(o, KB_IMPL, t, check)) status = 1;
  return status;
}

/* ---- SpMM: C = A*X, K dense columns ------------------------------------ */

/* K is a constant in each kernel, as in legacy code with `#define NCOLS
 * 64` (and as MLIR's kernels have it: their shapes are static). */
static int run_spmm(const bench_csr *M, long K, int reps, double min_time) {
  long m = (long)M->nrows, n = (long)M->ncols;
  double *X = bench_xmalloc((size_t)(n * K) * sizeof(double));
  double *Cd = bench_xmalloc((size_t)(m * K) * sizeof(double));
  bench_fill_x(X, n * K);
  kb *o = kb_new(K == 16 ? "spmm16" : "spmm64", M, NULL, X, NULL, reps, min_time);
  if (!o) {
    free(X);
    free(Cd);
    return 2;
  }
#pragma sparse encoding(A[m][n] : CSR)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];

  double *t = bench_xmalloc((size_t)reps * sizeof(double));
  long calls = 1;
  int r = -2;
  while (r < reps) {
    long c = 0;
    double t0 = bench_now();
    if (K == 16) {
      while (c < calls) {
        /* ---- the kernel: dense C = A*X, 16 columns ---- */
        for (long i = 0; i < m; i++) {
          for (long k = 0; k < 16; k++) Cd[i * 16 + k] = 0.0;
          for (long j = 0; j < n; j++)
            for (long k = 0; k < 16; k++)
              Cd[i * 16 + k] += A[i * n + j] * X[j * 16 + k];
        }
        /* ----------------------------------------------- */
        c++;
      }
    } else {
      while (c < calls) {
        /* ---- the kernel: dense C = A*X, 64 columns ---- */
        for (long i = 0; i < m; i++) {
          for (long k = 0; k < 64; k++) Cd[i * 64 + k] = 0.0;
          for (long j = 0; j < n; j++)
            for (long k = 0; k < 64; k++)
              Cd[i * 64 + k] += A[i * n + j] * X[j * 64 + k];
        }
        /* ----------------------------------------------- */
        c++;
      }
    }
    double tp = (bench_now() - t0) / (double)calls;
    if (r == -1) calls = calibrate(tp, min_time);
    if (r >= 0) t[r] = tp;
    if (r >= -1) kb_round(o, r);
    r++;
  }
  double d = bench_max_rel_diff(Cd, kb_ref_dense(o), m * K);
  int status = finish(o, K == 16 ? "spmm16" : "spmm64", M->name, d, t,
                      bench_checksum(Cd, m * K));
  free(A);
  free(t);
  kb_free(o);
  free(X);
  free(Cd);
  return status;
}

/* ---- SDDMM: R = A .* (U V^T) on A's pattern, k = 32 --------------------- */

static int run_sddmm(const bench_csr *M, int reps, double min_time) {
  long m = (long)M->nrows, n = (long)M->ncols, kd = 32;
  double *U = bench_xmalloc((size_t)(m * kd) * sizeof(double));
  double *V = bench_xmalloc((size_t)(n * kd) * sizeof(double));
  bench_fill_x(U, m * kd);
  bench_fill_x(V, n * kd);
  for (long q = 0; q < n * kd; q++) V[q] = 2.0 - V[q];
  kb *o = kb_new("sddmm", M, NULL, U, V, reps, min_time);
  if (!o) {
    free(U);
    free(V);
    return 2;
  }
#pragma sparse encoding(A[m][n] : CSR, R[m][n] : CSR)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double)),
         *R = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL || R == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];

  double *t = bench_xmalloc((size_t)reps * sizeof(double));
  long calls = 1;
  int r = -2;
  while (r < reps) {
    long c = 0;
    double t0 = bench_now();
    while (c < calls) {
      /* ---- the kernel: R(i,j) = sum_k A(i,j) U(i,k) V(j,k) ---- */
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++) R[i * n + j] = 0.0;
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++)
          for (long k = 0; k < 32; k++)
            R[i * n + j] += A[i * n + j] * U[i * 32 + k] * V[j * 32 + k];
      /* --------------------------------------------------------- */
      c++;
    }
    double tp = (bench_now() - t0) / (double)calls;
    if (r == -1) calls = calibrate(tp, min_time);
    if (r >= 0) t[r] = tp;
    if (r >= -1) kb_round(o, r);
    r++;
  }
  double abs_sum = 0;
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++) abs_sum += fabs(R[i * n + j]);
  double d = 0, ref_abs;
  const bench_csr *Ref = kb_ref_csr(o);
  double scale = ref_scale(Ref, &ref_abs);
  for (long i = 0; i < m; i++)
    for (int64_t p = Ref->rp[i]; p < Ref->rp[i + 1]; p++) {
      double e = fabs(R[i * n + Ref->ci[p]] - Ref->val[p]) / scale;
      if (e > d) d = e;
    }
  if (sums_diff(abs_sum, ref_abs) > d) d = sums_diff(abs_sum, ref_abs);
  int status = finish(o, "sddmm", M->name, d, t, abs_sum);
  free(A);
  free(R);
  free(t);
  kb_free(o);
  free(U);
  free(V);
  return status;
}

/* ---- SpAdd: C = A + B ---------------------------------------------------- */

static int run_spadd(const bench_csr *M, int reps, double min_time) {
  long m = (long)M->nrows, n = (long)M->ncols;
  bench_csr *N = kb_second(M);
  kb *o = kb_new("spadd", M, N, NULL, NULL, reps, min_time);
  if (!o) {
    bench_csr_free(N);
    return 2;
  }
#pragma sparse encoding(A[m][n] : CSR, B[m][n] : CSR, C[m][n] : CSR)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double)),
         *B = calloc((size_t)m * (size_t)n, sizeof(double)),
         *C = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL || B == NULL || C == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];
  for (long i = 0; i < m; i++)
    for (int64_t p = N->rp[i]; p < N->rp[i + 1]; p++)
      B[i * n + N->ci[p]] = N->val[p];

  double *t = bench_xmalloc((size_t)reps * sizeof(double));
  long calls = 1;
  int r = -2;
  while (r < reps) {
    long c = 0;
    double t0 = bench_now();
    while (c < calls) {
      /* ---- the kernel: C = A + B ---- */
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++)
          C[i * n + j] = A[i * n + j] + B[i * n + j];
      /* ------------------------------- */
      c++;
    }
    double tp = (bench_now() - t0) / (double)calls;
    if (r == -1) calls = calibrate(tp, min_time);
    if (r >= 0) t[r] = tp;
    if (r >= -1) kb_round(o, r);
    r++;
  }
  double abs_sum = 0;
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++) abs_sum += fabs(C[i * n + j]);
  double d = 0, ref_abs;
  const bench_csr *Ref = kb_ref_csr(o);
  double scale = ref_scale(Ref, &ref_abs);
  for (long i = 0; i < m; i++)
    for (int64_t p = Ref->rp[i]; p < Ref->rp[i + 1]; p++) {
      double e = fabs(C[i * n + Ref->ci[p]] - Ref->val[p]) / scale;
      if (e > d) d = e;
    }
  if (sums_diff(abs_sum, ref_abs) > d) d = sums_diff(abs_sum, ref_abs);
  int status = finish(o, "spadd", M->name, d, t, abs_sum);
  free(A);
  free(B);
  free(C);
  free(t);
  kb_free(o);
  bench_csr_free(N);
  return status;
}

/* ---- SpGEMM: C = A*A ----------------------------------------------------- */

static int run_spgemm(const bench_csr *M, int reps, double min_time) {
  long m = (long)M->nrows, n = (long)M->ncols;
  kb *o = kb_new("spgemm", M, NULL, NULL, NULL, reps, min_time);
  if (!o) return 2;
#pragma sparse encoding(A[m][n] : CSR, C[m][n] : CSR)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double)),
         *C = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL || C == NULL) return 2;
  for (long i = 0; i < m; i++)
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++)
      A[i * n + M->ci[p]] = M->val[p];

  double *t = bench_xmalloc((size_t)reps * sizeof(double));
  long calls = 1;
  int r = -2;
  while (r < reps) {
    long c = 0;
    double t0 = bench_now();
    while (c < calls) {
      /* ---- the kernel: C = A*A ---- */
      for (long i = 0; i < m; i++)
        for (long j = 0; j < n; j++) C[i * n + j] = 0.0;
      for (long i = 0; i < m; i++)
        for (long k = 0; k < n; k++)
          for (long j = 0; j < n; j++)
            C[i * n + j] += A[i * n + k] * A[k * n + j];
      /* ----------------------------- */
      c++;
    }
    double tp = (bench_now() - t0) / (double)calls;
    if (r == -1) calls = calibrate(tp, min_time);
    if (r >= 0) t[r] = tp;
    if (r >= -1) kb_round(o, r);
    r++;
  }
  double abs_sum = 0;
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++) abs_sum += fabs(C[i * n + j]);
  double d = 0, ref_abs;
  const bench_csr *Ref = kb_ref_csr(o);
  double scale = ref_scale(Ref, &ref_abs);
  for (long i = 0; i < m; i++)
    for (int64_t p = Ref->rp[i]; p < Ref->rp[i + 1]; p++) {
      double e = fabs(C[i * n + Ref->ci[p]] - Ref->val[p]) / scale;
      if (e > d) d = e;
    }
  if (sums_diff(abs_sum, ref_abs) > d) d = sums_diff(abs_sum, ref_abs);
  int status = finish(o, "spgemm", M->name, d, t, abs_sum);
  free(A);
  free(C);
  free(t);
  kb_free(o);
  return status;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: kernels BENCH MATRIX\n");
    return 2;
  }
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  double min_time = bench_env_double("BENCH_MIN_TIME", 0.05);
  bench_csr *M = bench_matrix(argv[2]);
  int status;
  if (!strcmp(argv[1], "spmm16")) status = run_spmm(M, 16, reps, min_time);
  else if (!strcmp(argv[1], "spmm64")) status = run_spmm(M, 64, reps, min_time);
  else if (!strcmp(argv[1], "sddmm")) status = run_sddmm(M, reps, min_time);
  else if (!strcmp(argv[1], "spadd")) status = run_spadd(M, reps, min_time);
  else if (!strcmp(argv[1], "spgemm")) status = run_spgemm(M, reps, min_time);
  else {
    fprintf(stderr, "kernels: unknown benchmark '%s'\n", argv[1]);
    status = 2;
  }
  bench_csr_free(M);
  return status;
}
