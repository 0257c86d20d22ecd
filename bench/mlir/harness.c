/* harness.c — drives the MLIR sparsifier's kernels (bench/mlir/*.mlir,
 * built by bench/mlir/build.sh) side by side with the hand-written CSR loop.
 *
 * Usage: mlir_harness MATRIX...  (specifications: bench/bench_common.h;
 *        every matrix must have the sizes the kernels were built for,
 *        MLIR_NROWS x MLIR_NCOLS, given with -D at compile time)
 * Environment: BENCH_REPS (15), BENCH_MIN_TIME (0.05 s), BENCH_STREAM_GBS.
 *
 * Calling convention: each kernel is built with llvm.emit_c_interface, so
 * `_mlir_ciface_F(ret, a1, a2, ...)` takes every tensor argument as a
 * pointer to a memref descriptor {allocated, aligned, offset, sizes[],
 * strides[]} and writes the result descriptor to *ret. The kernels turn the
 * CSR buffers into a sparse tensor with sparse_tensor.assemble (no copy).
 *
 * Output: one RESULT line per variant (as spmv_handwritten) plus
 *   RATIO bench=spmv matrix=... impl=mlir_... vs=handwritten_... speedup=...
 * where speedup = median time of `vs` / median time of `impl` (> 1: impl is
 * faster).
 */
#include "../bench_common.h"
#include "../spmv_kernels.h"

#ifndef MLIR_NROWS
#error "build with -DMLIR_NROWS=... -DMLIR_NCOLS=... (bench/mlir/build.sh)"
#endif

typedef struct memref1 {
  void *allocated, *aligned;
  int64_t offset, size, stride;
} memref1;

static memref1 mr1(void *p, int64_t n) {
  memref1 m = {p, p, 0, n, 1};
  return m;
}

#define DECL_SPMV(F)                                                         \
  void _mlir_ciface_##F(memref1 *ret, memref1 *pos, memref1 *crd,           \
                        memref1 *val, memref1 *x, memref1 *y);
DECL_SPMV(spmv32_vl0)
DECL_SPMV(spmv64_vl0)
DECL_SPMV(spmv32_vl8)
DECL_SPMV(spmv64_vl8)

typedef void (*spmv_mlir_fn)(memref1 *, memref1 *, memref1 *, memref1 *,
                             memref1 *, memref1 *);

typedef struct ctx {
  bench_csr *A;
  const double *x;
  double *y;
  spmv_mlir_fn mlir; /* NULL: hand-written */
  int width;         /* 4 or 8 */
  memref1 pos, crd, val, xm, ym;
} ctx;

static void run(void *p) {
  ctx *c = (ctx *)p;
  if (!c->mlir) {
    if (c->width == 8)
      spmv_csr64(c->A->nrows, c->A->rp, c->A->ci, c->A->val, c->x, c->y);
    else
      spmv_csr32(c->A->nrows, c->A->rp32, c->A->ci32, c->A->val, c->x, c->y);
  } else {
    memref1 ret;
    c->mlir(&ret, &c->pos, &c->crd, &c->val, &c->xm, &c->ym);
    if (ret.aligned != (void *)c->y) { /* must be updated in place */
      fprintf(stderr, "mlir_harness: kernel did not write y in place\n");
      exit(1);
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: mlir_harness MATRIX...\n");
    return 2;
  }
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  double min_time = bench_env_double("BENCH_MIN_TIME", 0.05);
  double stream = bench_env_double("BENCH_STREAM_GBS", 0.0);
  enum { NV = 6 };
  const char *names[NV] = {"handwritten_csr64", "handwritten_csr32",
                           "mlir_vl0_csr64",    "mlir_vl0_csr32",
                           "mlir_vl8_csr64",    "mlir_vl8_csr32"};
  spmv_mlir_fn fns[NV] = {NULL,
                          NULL,
                          _mlir_ciface_spmv64_vl0,
                          _mlir_ciface_spmv32_vl0,
                          _mlir_ciface_spmv64_vl8,
                          _mlir_ciface_spmv32_vl8};
  const int widths[NV] = {8, 4, 8, 4, 8, 4};
  int status = 0;
  for (int a = 1; a < argc; a++) {
    bench_csr *A = bench_matrix(argv[a]);
    if (A->nrows != MLIR_NROWS || A->ncols != MLIR_NCOLS) {
      fprintf(stderr,
              "mlir_harness: %s is %lldx%lld, kernels built for %lldx%lld\n",
              A->name, (long long)A->nrows, (long long)A->ncols,
              (long long)MLIR_NROWS, (long long)MLIR_NCOLS);
      return 2;
    }
    if (!bench_csr_make32(A)) return 2;
    double *x = (double *)bench_xmalloc((size_t)A->ncols * 8);
    bench_fill_x(x, A->ncols);
    ctx c[NV];
    bench_fn fn[NV];
    void *cx[NV];
    for (int v = 0; v < NV; v++) {
      c[v].A = A;
      c[v].x = x;
      c[v].y = (double *)bench_xmalloc((size_t)A->nrows * 8);
      memset(c[v].y, 0, (size_t)A->nrows * 8);
      c[v].mlir = fns[v];
      c[v].width = widths[v];
      c[v].pos = widths[v] == 8 ? mr1(A->rp, A->nrows + 1)
                                : mr1(A->rp32, A->nrows + 1);
      c[v].crd = widths[v] == 8 ? mr1(A->ci, A->nnz) : mr1(A->ci32, A->nnz);
      c[v].val = mr1(A->val, A->nnz);
      c[v].xm = mr1(x, A->ncols);
      c[v].ym = mr1(c[v].y, A->nrows);
      fn[v] = run;
      cx[v] = &c[v];
      run(&c[v]); /* one call from y = 0: the result to verify */
    }
    double cks[NV];
    for (int v = 0; v < NV; v++) {
      double d = bench_max_rel_diff(c[v].y, c[0].y, A->nrows);
      cks[v] = bench_checksum(c[v].y, A->nrows);
      if (d > 1e-12) {
        fprintf(stderr, "mlir_harness: %s on %s differs from %s by %g\n",
                names[v], A->name, names[0], d);
        status = 1;
      }
    }
    double *s = (double *)bench_xmalloc((size_t)(NV * reps) * sizeof(double));
    bench_interleaved(NV, fn, cx, reps, min_time, s);
    double med[NV];
    for (int v = 0; v < NV; v++) {
      double best = bench_min(s + v * reps, reps);
      med[v] = bench_median(s + v * reps, reps);
      double bytes = bench_spmv_bytes(A, widths[v], widths[v]);
      printf("RESULT bench=spmv impl=%s matrix=%s nrows=%lld ncols=%lld "
             "nnz=%lld median_s=%.6g best_s=%.6g model_bytes=%.0f "
             "median_gbs=%.3f roofline=%.3f checksum=%.17g\n",
             names[v], A->name, (long long)A->nrows, (long long)A->ncols,
             (long long)A->nnz, med[v], best, bytes, bytes / med[v] * 1e-9,
             stream > 0 ? bytes / med[v] * 1e-9 / stream : 0.0, cks[v]);
    }
    for (int v = 2; v < NV; v++)
      printf("RATIO bench=spmv matrix=%s impl=%s vs=%s speedup=%.3f\n",
             A->name, names[v], names[v % 2], med[v % 2] / med[v]);
    fflush(stdout);
    for (int v = 0; v < NV; v++) free(c[v].y);
    free(s);
    free(x);
    bench_csr_free(A);
  }
  return status;
}
