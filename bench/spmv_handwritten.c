/* spmv_handwritten.c — hand-written CSR SpMV, y = A*x, the reference every
 * generated and baseline kernel is compared with.
 *
 * Usage: spmv_handwritten MATRIX...   (specifications: bench_common.h)
 * Environment:
 *   BENCH_REPS        samples per variant (default 15)
 *   BENCH_MIN_TIME    seconds per sample, >= 1 call (default 0.05)
 *   BENCH_STREAM_GBS  STREAM triad GB/s; when set, each line also gives the
 *                     fraction of the roofline (model bytes / time / stream)
 *
 * Variants, timed interleaved in one process:
 *   handwritten_csr64  64-bit positions and coordinates (MLIR's default)
 *   handwritten_csr32  32-bit positions and coordinates (posWidth=crdWidth=32)
 * Output per variant and matrix:
 *   RESULT bench=spmv impl=... matrix=... nrows=... ncols=... nnz=...
 *          median_s=... best_s=... model_bytes=... median_gbs=...
 *          roofline=... checksum=...
 */
#include "bench_common.h"
#include "spmv_kernels.h"

typedef struct ctx {
  bench_csr *A;
  const double *x;
  double *y;
} ctx;

static void run64(void *p) {
  ctx *c = (ctx *)p;
  spmv_csr64(c->A->nrows, c->A->rp, c->A->ci, c->A->val, c->x, c->y);
}
static void run32(void *p) {
  ctx *c = (ctx *)p;
  spmv_csr32(c->A->nrows, c->A->rp32, c->A->ci32, c->A->val, c->x, c->y);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: spmv_handwritten MATRIX...\n");
    return 2;
  }
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  double min_time = bench_env_double("BENCH_MIN_TIME", 0.05);
  double stream = bench_env_double("BENCH_STREAM_GBS", 0.0);
  for (int a = 1; a < argc; a++) {
    bench_csr *A = bench_matrix(argv[a]);
    if (!bench_csr_make32(A)) {
      fprintf(stderr, "spmv_handwritten: %s too large for 32-bit\n", A->name);
      return 2;
    }
    double *x = (double *)bench_xmalloc((size_t)A->ncols * 8);
    double *y64 = (double *)bench_xmalloc((size_t)A->nrows * 8);
    double *y32 = (double *)bench_xmalloc((size_t)A->nrows * 8);
    bench_fill_x(x, A->ncols);
    ctx c64 = {A, x, y64}, c32 = {A, x, y32};
    bench_fn fn[2] = {run64, run32};
    void *cx[2] = {&c64, &c32};
    double *s = (double *)bench_xmalloc((size_t)(2 * reps) * sizeof(double));
    bench_interleaved(2, fn, cx, reps, min_time, s);
    double diff = bench_max_rel_diff(y32, y64, A->nrows);
    if (diff != 0.0) {
      fprintf(stderr, "spmv_handwritten: csr32 and csr64 differ (%g)\n", diff);
      return 1;
    }
    const char *names[2] = {"handwritten_csr64", "handwritten_csr32"};
    const int width[2] = {8, 4};
    for (int v = 0; v < 2; v++) {
      double best = bench_min(s + v * reps, reps);
      double med = bench_median(s + v * reps, reps);
      double bytes = bench_spmv_bytes(A, width[v], width[v]);
      printf("RESULT bench=spmv impl=%s matrix=%s nrows=%lld ncols=%lld "
             "nnz=%lld median_s=%.6g best_s=%.6g model_bytes=%.0f "
             "median_gbs=%.3f roofline=%.3f checksum=%.17g\n",
             names[v], A->name, (long long)A->nrows, (long long)A->ncols,
             (long long)A->nnz, med, best, bytes, bytes / med * 1e-9,
             stream > 0 ? bytes / med * 1e-9 / stream : 0.0,
             bench_checksum(v ? y32 : y64, A->nrows));
    }
    fflush(stdout);
    free(s); free(x); free(y64); free(y32);
    bench_csr_free(A);
  }
  return 0;
}
