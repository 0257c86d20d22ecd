/* spmv_pragma.c — SpMV as legacy dense C plus one sparsecc pragma.
 *
 * The input sparsecc is judged on: A is an ordinary dense row-major block
 * (`double *A` used as A[i*ncols + j]) and y = A*x is the textbook dense
 * double loop. The pragma on A's declaration stores A in CSR for its whole
 * lifetime (the dense block is never allocated); the fill loop becomes
 * buffered inserts and the timed loop nest becomes a CSR kernel.
 *
 *   sparsecc bench/spmv_pragma.c -o spmv_pragma_sparse.c -- -Ibench
 *   cc -O3 -march=native -Ibench spmv_pragma_sparse.c $(sparsecc --libs) -lm
 *
 * Compiled as it is (no sparsecc), it is the dense reference: correct but
 * O(n^2) in time and memory, so it refuses matrices whose dense block would
 * exceed BENCH_DENSE_LIMIT_MB (default 2048).
 *
 * Build options (give them to sparsecc and to the C compiler alike):
 *   -DSPMV_NO_DENSE_GUARD    drop the dense-size guard (the sparse build)
 *   -DSPMV_IMPL='"name"'     prefix of the impl= labels of the RESULT lines
 *                            (default "dense_reference"; bench/run.sh
 *                            passes "sparsecc"): NAME_csr64, NAME_csr32
 *   -DSPMV_MLIR              also time MLIR's sparsifier (vl=0 and vl=8, the
 *                            same index width) in the same rounds: link the
 *                            objects bench/mlir/build.sh made for the
 *                            matrix (its sizes are static there) and give
 *                            that one matrix; RATIO lines vs=mlir_vl0_csrW
 *
 * Both encodings are in the program (64-bit CSR and posWidth = crdWidth =
 * 32), each in its own function: the pragma must not sit under #ifdef,
 * since sparsecc reads every pragma of the file. SPMV_WIDTHS (environment:
 * "64", "32" or "64,32", the default) selects which run.
 *
 * Usage: spmv_pragma MATRIX...  (specifications: bench_common.h)
 * Environment: BENCH_REPS (15), BENCH_MIN_TIME (0.05 s), BENCH_STREAM_GBS.
 *
 * In each round the pragma kernel and the hand-written CSR loop of the same
 * index width run back to back, so the printed RATIO (hand-written median /
 * pragma median; > 1 means the generated kernel is faster) is measured side
 * by side. The pragma kernel's first result is checked against the
 * hand-written one.
 */
#include "bench_common.h"
#include "spmv_kernels.h"

#include <string.h>

#ifndef SPMV_IMPL
#define SPMV_IMPL "dense_reference"
#endif

/* The bookkeeping of one timed comparison (pragma kernel vs hand-written,
 * interleaved round by round). */
typedef struct spmv_timing {
  const bench_csr *C;
  int reps, width, status;
  long inner;
  double min_time, stream;
  double *t_p, *t_h;
  double *t_m[2]; /* SPMV_MLIR: MLIR vl=0, vl=8 */
} spmv_timing;

#ifdef SPMV_MLIR
/* MLIR's kernels (bench/mlir/spmv.mlir, calling convention in
 * bench/mlir/harness.c): y += A*x on memref descriptors. */
typedef struct memref1 {
  void *allocated, *aligned;
  int64_t offset, size, stride;
} memref1;
typedef void (*spmv_mlir_fn)(memref1 *, memref1 *, memref1 *, memref1 *,
                             memref1 *, memref1 *);
void _mlir_ciface_spmv32_vl0(memref1 *, memref1 *, memref1 *, memref1 *,
                             memref1 *, memref1 *);
void _mlir_ciface_spmv64_vl0(memref1 *, memref1 *, memref1 *, memref1 *,
                             memref1 *, memref1 *);
void _mlir_ciface_spmv32_vl8(memref1 *, memref1 *, memref1 *, memref1 *,
                             memref1 *, memref1 *);
void _mlir_ciface_spmv64_vl8(memref1 *, memref1 *, memref1 *, memref1 *,
                             memref1 *, memref1 *);

static memref1 mr1(const void *p, int64_t n) {
  memref1 m = {(void *)p, (void *)p, 0, n, 1};
  return m;
}

/* Times MLIR vl=0 and vl=8 (calls each) in round r; at r = -2 checks their
 * result from y = 0 against yref. */
static void mlir_round(spmv_timing *T, int r, long calls, const double *x,
                       const double *yref) {
  const bench_csr *C = T->C;
  int w64 = T->width == 64;
  spmv_mlir_fn f[2] = {w64 ? _mlir_ciface_spmv64_vl0 : _mlir_ciface_spmv32_vl0,
                       w64 ? _mlir_ciface_spmv64_vl8 : _mlir_ciface_spmv32_vl8};
  double *y = bench_xmalloc((size_t)C->nrows * sizeof(double));
  memref1 pos = w64 ? mr1(C->rp, C->nrows + 1) : mr1(C->rp32, C->nrows + 1);
  memref1 crd = w64 ? mr1(C->ci, C->nnz) : mr1(C->ci32, C->nnz);
  memref1 val = mr1(C->val, C->nnz), xm = mr1(x, C->ncols),
          ym = mr1(y, C->nrows), ret;
  for (int v = 0; v < 2; v++) {
    memset(y, 0, (size_t)C->nrows * sizeof(double));
    double t0 = bench_now();
    for (long c = 0; c < calls; c++) f[v](&ret, &pos, &crd, &val, &xm, &ym);
    double t = (bench_now() - t0) / (double)calls;
    if (r == -2 && bench_max_rel_diff(y, yref, C->nrows) > 1e-12) {
      fprintf(stderr, "spmv_pragma: %s: MLIR vl=%d differs\n", C->name,
              v * 8);
      T->status = 1;
    }
    if (r >= 0) T->t_m[v][r] = t;
  }
  free(y);
}
#else
static void mlir_round(spmv_timing *T, int r, long calls, const double *x,
                       const double *yref) {
  (void)T, (void)r, (void)calls, (void)x, (void)yref;
}
#endif

static void timing_init(spmv_timing *T, const bench_csr *C, int width,
                        int reps, double min_time, double stream) {
  memset(T, 0, sizeof *T);
  T->C = C;
  T->width = width;
  T->reps = reps;
  T->min_time = min_time;
  T->stream = stream;
  T->t_p = bench_xmalloc((size_t)reps * sizeof(double));
  T->t_h = bench_xmalloc((size_t)reps * sizeof(double));
  for (int v = 0; v < 2; v++)
    T->t_m[v] = bench_xmalloc((size_t)reps * sizeof(double));
}

/* Calls per sample in round r (r = -2: check, r = -1: calibrate). */
static long timing_calls(const spmv_timing *T, int r) {
  return r < 0 ? 1 : T->inner;
}

static void timing_round(spmv_timing *T, int r, double tp, double th,
                         const double *y, const double *yref) {
  if (r == -2) {
    double d = bench_max_rel_diff(y, yref, T->C->nrows);
    if (d > 1e-12) {
      fprintf(stderr, "spmv_pragma: %s: csr%d result differs from the "
              "hand-written loop by %g\n", T->C->name, T->width, d);
      T->status = 1;
    }
  } else if (r == -1) {
    double t = tp > th ? tp : th;
    T->inner = t < T->min_time ? (long)(T->min_time / (t + 1e-9)) + 1 : 1;
  } else {
    T->t_p[r] = tp;
    T->t_h[r] = th;
  }
}

static int timing_report(spmv_timing *T, const double *y) {
  const bench_csr *C = T->C;
  int reps = T->reps, w = T->width / 8;
  double med_p = bench_median(T->t_p, reps), med_h = bench_median(T->t_h, reps);
  double bytes = bench_spmv_bytes(C, w, w);
  printf("RESULT bench=spmv impl=%s_csr%d matrix=%s nrows=%lld ncols=%lld "
         "nnz=%lld median_s=%.6g best_s=%.6g model_bytes=%.0f "
         "median_gbs=%.3f roofline=%.3f checksum=%.17g\n",
         SPMV_IMPL, T->width, C->name, (long long)C->nrows,
         (long long)C->ncols, (long long)C->nnz, med_p,
         bench_min(T->t_p, reps), bytes, bytes / med_p * 1e-9,
         T->stream > 0 ? bytes / med_p * 1e-9 / T->stream : 0.0,
         bench_checksum(y, C->nrows));
  printf("RATIO bench=spmv matrix=%s impl=%s_csr%d vs=handwritten_csr%d "
         "speedup=%.3f\n", C->name, SPMV_IMPL, T->width, T->width,
         med_h / med_p);
#ifdef SPMV_MLIR
  for (int v = 0; v < 2; v++) {
    double med_m = bench_median(T->t_m[v], reps);
    printf("RESULT bench=spmv impl=mlir_vl%d_csr%d matrix=%s nrows=%lld "
           "ncols=%lld nnz=%lld median_s=%.6g best_s=%.6g model_bytes=%.0f "
           "median_gbs=%.3f roofline=%.3f\n", v * 8, T->width, C->name,
           (long long)C->nrows, (long long)C->ncols, (long long)C->nnz,
           med_m, bench_min(T->t_m[v], reps), bytes, bytes / med_m * 1e-9,
           T->stream > 0 ? bytes / med_m * 1e-9 / T->stream : 0.0);
    printf("RATIO bench=spmv matrix=%s impl=%s_csr%d vs=mlir_vl%d_csr%d "
           "speedup=%.3f\n", C->name, SPMV_IMPL, T->width, v * 8, T->width,
           med_m / med_p);
  }
#endif
  fflush(stdout);
  free(T->t_p);
  free(T->t_h);
  free(T->t_m[0]);
  free(T->t_m[1]);
  return T->status;
}

static int dense_too_big(const bench_csr *C) {
#ifndef SPMV_NO_DENSE_GUARD
  double mb = (double)C->nrows * (double)C->ncols * 8.0 / 1048576.0;
  if (mb > bench_env_double("BENCH_DENSE_LIMIT_MB", 2048.0)) {
    printf("SKIP bench=spmv impl=%s matrix=%s reason=dense block of %.0f MB "
           "exceeds BENCH_DENSE_LIMIT_MB (compile through sparsecc)\n",
           SPMV_IMPL, C->name, mb);
    return 1;
  }
#else
  (void)C;
#endif
  return 0;
}

/* 64-bit CSR: A as a dense block, stored as CSR under sparsecc. */
static int spmv_csr64_pragma(const bench_csr *C, const double *x, double *y,
                             double *yref, int reps, double min_time,
                             double stream) {
  long m = (long)C->nrows, n = (long)C->ncols;
#pragma sparse encoding(A[m][n] : CSR)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL) {
    fprintf(stderr, "spmv_pragma: cannot allocate A\n");
    return 2;
  }
  /* Fill A from the matrix's entries (inserts under sparsecc). */
  for (long i = 0; i < m; i++)
    for (int64_t k = C->rp[i]; k < C->rp[i + 1]; k++)
      A[i * n + C->ci[k]] = C->val[k];

  spmv_timing T;
  timing_init(&T, C, 64, reps, min_time, stream);
  for (int r = -2; r < reps; r++) {
    long calls = timing_calls(&T, r);
    double t0 = bench_now();
    for (long c = 0; c < calls; c++) {
      /* ---- the kernel: dense y = A*x ---- */
      for (long i = 0; i < m; i++) {
        double s = 0.0;
        for (long j = 0; j < n; j++)
          s += A[i * n + j] * x[j];
        y[i] = s;
      }
      /* ----------------------------------- */
    }
    double tp = (bench_now() - t0) / (double)calls;
    t0 = bench_now();
    for (long c = 0; c < calls; c++)
      spmv_csr64(C->nrows, C->rp, C->ci, C->val, x, yref);
    double th = (bench_now() - t0) / (double)calls;
    mlir_round(&T, r, calls, x, yref);
    timing_round(&T, r, tp, th, y, yref);
  }
  free(A);
  return timing_report(&T, y);
}

/* 32-bit positions and coordinates: the same kernel, another encoding. */
static int spmv_csr32_pragma(const bench_csr *C, const double *x, double *y,
                             double *yref, int reps, double min_time,
                             double stream) {
  long m = (long)C->nrows, n = (long)C->ncols;
#pragma sparse encoding(A[m][n] : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
  if (A == NULL) {
    fprintf(stderr, "spmv_pragma: cannot allocate A\n");
    return 2;
  }
  for (long i = 0; i < m; i++)
    for (int64_t k = C->rp[i]; k < C->rp[i + 1]; k++)
      A[i * n + C->ci[k]] = C->val[k];

  spmv_timing T;
  timing_init(&T, C, 32, reps, min_time, stream);
  for (int r = -2; r < reps; r++) {
    long calls = timing_calls(&T, r);
    double t0 = bench_now();
    for (long c = 0; c < calls; c++) {
      /* ---- the kernel: dense y = A*x ---- */
      for (long i = 0; i < m; i++) {
        double s = 0.0;
        for (long j = 0; j < n; j++)
          s += A[i * n + j] * x[j];
        y[i] = s;
      }
      /* ----------------------------------- */
    }
    double tp = (bench_now() - t0) / (double)calls;
    t0 = bench_now();
    for (long c = 0; c < calls; c++)
      spmv_csr32(C->nrows, C->rp32, C->ci32, C->val, x, yref);
    double th = (bench_now() - t0) / (double)calls;
    mlir_round(&T, r, calls, x, yref);
    timing_round(&T, r, tp, th, y, yref);
  }
  free(A);
  return timing_report(&T, y);
}

static int spmv_one(const char *spec, const char *widths, int reps,
                    double min_time, double stream) {
  bench_csr *C = bench_matrix(spec); /* the same matrix, for the reference */
  if (!bench_csr_make32(C)) return 2;
  int status = 0;
  if (dense_too_big(C)) {
    bench_csr_free(C);
    return 0;
  }
  double *x = bench_xmalloc((size_t)C->ncols * sizeof(double));
  double *y = bench_xmalloc((size_t)C->nrows * sizeof(double));
  double *yref = bench_xmalloc((size_t)C->nrows * sizeof(double));
  bench_fill_x(x, C->ncols);
  if (strstr(widths, "64")) {
    int s = spmv_csr64_pragma(C, x, y, yref, reps, min_time, stream);
    if (s > status) status = s;
  }
  if (strstr(widths, "32")) {
    int s = spmv_csr32_pragma(C, x, y, yref, reps, min_time, stream);
    if (s > status) status = s;
  }
  free(x);
  free(y);
  free(yref);
  bench_csr_free(C);
  return status;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: spmv_pragma MATRIX...\n");
    return 2;
  }
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  double min_time = bench_env_double("BENCH_MIN_TIME", 0.05);
  double stream = bench_env_double("BENCH_STREAM_GBS", 0.0);
  const char *widths = getenv("SPMV_WIDTHS");
  if (widths == NULL || !*widths) widths = "64,32";
  int status = 0;
  for (int a = 1; a < argc; a++) {
    int s = spmv_one(argv[a], widths, reps, min_time, stream);
    if (s > status) status = s;
  }
  return status;
}
