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
 *   -DSPMV_INDEX32           the 32-bit encoding (posWidth = crdWidth = 32)
 *   -DSPMV_IMPL='"name"'     the impl= label of the RESULT lines (default
 *                            "dense_reference"; bench/run.sh passes
 *                            sparsecc_csr64 / sparsecc_csr32)
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

#ifndef SPMV_IMPL
#define SPMV_IMPL "dense_reference"
#endif

static int spmv_one(const char *spec, int reps, double min_time,
                    double stream) {
  bench_csr *C = bench_matrix(spec); /* the same matrix, for the reference */
  if (!bench_csr_make32(C)) return 2;
  long m = (long)C->nrows, n = (long)C->ncols;
  double limit_mb = bench_env_double("BENCH_DENSE_LIMIT_MB", 2048.0);
#ifndef SPMV_NO_DENSE_GUARD
  if ((double)m * (double)n * 8.0 / 1048576.0 > limit_mb) {
    printf("SKIP bench=spmv impl=%s matrix=%s reason=dense block of %.0f MB "
           "exceeds BENCH_DENSE_LIMIT_MB (compile through sparsecc)\n",
           SPMV_IMPL, C->name, (double)m * (double)n * 8.0 / 1048576.0);
    bench_csr_free(C);
    return 0;
  }
#endif

#ifdef SPMV_INDEX32
#pragma sparse encoding(A[m][n] : {map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32})
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
#else
#pragma sparse encoding(A[m][n] : CSR)
  double *A = calloc((size_t)m * (size_t)n, sizeof(double));
#endif
  if (A == NULL) {
    fprintf(stderr, "spmv_pragma: cannot allocate A\n");
    return 2;
  }
  /* Fill A from the matrix's entries (inserts under sparsecc). */
  for (long i = 0; i < m; i++)
    for (int64_t k = C->rp[i]; k < C->rp[i + 1]; k++)
      A[i * n + C->ci[k]] = C->val[k];

  double *x = malloc((size_t)n * sizeof(double));
  double *y = malloc((size_t)m * sizeof(double));
  double *yref = malloc((size_t)m * sizeof(double));
  double *t_p = malloc((size_t)reps * sizeof(double));
  double *t_h = malloc((size_t)reps * sizeof(double));
  if (!x || !y || !yref || !t_p || !t_h) return 2;
  bench_fill_x(x, n);

  long inner = 0;
  int status = 0;
  for (int r = -2; r < reps; r++) { /* r = -2: check, r = -1: calibrate */
    long calls = r < 0 ? 1 : inner;
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
    for (long c = 0; c < calls; c++) {
#ifdef SPMV_INDEX32
      spmv_csr32(C->nrows, C->rp32, C->ci32, C->val, x, yref);
#else
      spmv_csr64(C->nrows, C->rp, C->ci, C->val, x, yref);
#endif
    }
    double th = (bench_now() - t0) / (double)calls;
    if (r == -2) {
      double d = bench_max_rel_diff(y, yref, m);
      if (d > 1e-12) {
        fprintf(stderr, "spmv_pragma: %s: result differs from the "
                "hand-written loop by %g\n", C->name, d);
        status = 1;
      }
    } else if (r == -1) {
      double t = tp > th ? tp : th;
      inner = t < min_time ? (long)(min_time / (t + 1e-9)) + 1 : 1;
    } else {
      t_p[r] = tp;
      t_h[r] = th;
    }
  }
  double cks = bench_checksum(y, m);
  double med_p = bench_median(t_p, reps), med_h = bench_median(t_h, reps);
#ifdef SPMV_INDEX32
  const int w = 4;
  const char *ref = "handwritten_csr32";
#else
  const int w = 8;
  const char *ref = "handwritten_csr64";
#endif
  double bytes = bench_spmv_bytes(C, w, w);
  printf("RESULT bench=spmv impl=%s matrix=%s nrows=%ld ncols=%ld nnz=%lld "
         "median_s=%.6g best_s=%.6g model_bytes=%.0f median_gbs=%.3f "
         "roofline=%.3f checksum=%.17g\n",
         SPMV_IMPL, C->name, m, n, (long long)C->nnz, med_p,
         bench_min(t_p, reps), bytes, bytes / med_p * 1e-9,
         stream > 0 ? bytes / med_p * 1e-9 / stream : 0.0, cks);
  printf("RATIO bench=spmv matrix=%s impl=%s vs=%s speedup=%.3f\n", C->name,
         SPMV_IMPL, ref, med_h / med_p);
  fflush(stdout);
  free(A);
  free(x); free(y); free(yref); free(t_p); free(t_h);
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
  int status = 0;
  for (int a = 1; a < argc; a++) {
    int s = spmv_one(argv[a], reps, min_time, stream);
    if (s > status) status = s;
  }
  return status;
}
