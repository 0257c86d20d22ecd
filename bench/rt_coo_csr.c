/* rt_coo_csr.c — benchmark: unsorted COO with duplicates -> CSR (summed).
 * libsparsecc_rt's sc_tensor_from_coo and, when built with
 * -DRT_HAVE_GRAPHBLAS, SuiteSparse:GraphBLAS's GrB_Matrix_build (PLUS_FP64,
 * one thread), interleaved round by round in this process. Only the
 * conversion is timed: the input arrays are prepared before. Input: a file
 * of bench/rt_gen.c ("coo"). Prints RESULT lines (median ms) and a check
 * value (sum of val * (col + 1) over the CSR), equal across contenders. */
#include "bench_common.h"
#include "sparsecc_rt.h"
#ifdef RT_HAVE_GRAPHBLAS
#include <GraphBLAS.h>
#endif

typedef struct coo_in {
  int64_t nnz, nrows, ncols;
  int64_t *rows, *cols, *rc; /* rc: interleaved (row, col) for sparsecc */
  double *vals;
  uint64_t *urows, *ucols; /* GrB_Index copies */
  double check;
} coo_in;

static void read_coo(coo_in *c, const char *path) {
  FILE *f = fopen(path, "rb");
  int64_t hdr[3];
  if (!f || fread(hdr, 8, 3, f) != 3) {
    fprintf(stderr, "rt_coo_csr: cannot read %s\n", path);
    exit(2);
  }
  c->nnz = hdr[0];
  c->nrows = hdr[1];
  c->ncols = hdr[2];
  size_t n = (size_t)c->nnz;
  c->rows = bench_xmalloc(n * 8);
  c->cols = bench_xmalloc(n * 8);
  c->vals = bench_xmalloc(n * 8);
  if (fread(c->rows, 8, n, f) != n || fread(c->cols, 8, n, f) != n ||
      fread(c->vals, 8, n, f) != n) {
    fprintf(stderr, "rt_coo_csr: short file %s\n", path);
    exit(2);
  }
  fclose(f);
  c->rc = bench_xmalloc(2 * n * 8);
  c->urows = bench_xmalloc(n * 8);
  c->ucols = bench_xmalloc(n * 8);
  for (size_t k = 0; k < n; k++) {
    c->rc[2 * k] = c->rows[k];
    c->rc[2 * k + 1] = c->cols[k];
    c->urows[k] = (uint64_t)c->rows[k];
    c->ucols[k] = (uint64_t)c->cols[k];
  }
}

/* One timed conversion per call: the previous result is freed first (as
 * scipy's timing loop releases its previous result); check values are
 * computed after timing. */
static sc_tensor *sc_last;
static void run_sc(void *ctx) {
  coo_in *c = ctx;
  sc_encoding csr;
  int64_t dims[2] = {c->nrows, c->ncols};
  sc_tensor_free(sc_last);
  sc_last = NULL;
  sc_encoding_named(&csr, "CSR", NULL, 0);
  if (sc_tensor_from_coo(&sc_last, &csr, SC_F64, dims, (size_t)c->nnz, c->rc,
                         c->vals, SC_DUP_SUM) != SC_OK) {
    fprintf(stderr, "rt_coo_csr: %s\n", sc_last_error());
    exit(1);
  }
}

static void sc_check(coo_in *c) {
  const uint64_t *crd = sc_tensor_coordinates(sc_last, 1);
  const double *v = sc_tensor_values(sc_last);
  size_t nz = sc_tensor_nnz(sc_last);
  double s = 0;
  for (size_t k = 0; k < nz; k++)
    s += v[k] * (double)(crd[k] + 1);
  c->check = s;
  sc_tensor_free(sc_last);
  sc_last = NULL;
}

#ifdef RT_HAVE_GRAPHBLAS
static double gb_check;
static GrB_Matrix gb_last;
static void run_gb(void *ctx) {
  coo_in *c = ctx;
  GrB_Matrix A;
  if (gb_last)
    GrB_Matrix_free(&gb_last);
  if (GrB_Matrix_new(&A, GrB_FP64, (GrB_Index)c->nrows,
                     (GrB_Index)c->ncols) != GrB_SUCCESS ||
      GrB_Matrix_build_FP64(A, c->urows, c->ucols, c->vals,
                            (GrB_Index)c->nnz, GrB_PLUS_FP64) != GrB_SUCCESS ||
      GrB_Matrix_wait(A, GrB_MATERIALIZE) != GrB_SUCCESS) {
    fprintf(stderr, "rt_coo_csr: GraphBLAS failed\n");
    exit(1);
  }
  gb_last = A;
}

static void gb_finish(void) {
  GrB_Index nv = 0;
  if (GrB_Matrix_nvals(&nv, gb_last) != GrB_SUCCESS) {
    fprintf(stderr, "rt_coo_csr: GraphBLAS failed\n");
    exit(1);
  }
  gb_check = (double)nv;
  GrB_Matrix_free(&gb_last);
}
#endif

int main(int argc, char **argv) {
  coo_in c;
  int reps = (int)bench_env_long("BENCH_REPS", 11);
  bench_fn fn[2];
  void *ctx[2];
  const char *name[2] = {"sparsecc", "graphblas"};
  int nv = 1;
  double *samples;
  if (argc != 2) {
    fprintf(stderr, "usage: rt_coo_csr COO_FILE\n");
    return 2;
  }
  memset(&c, 0, sizeof c);
  read_coo(&c, argv[1]);
  fn[0] = run_sc;
  ctx[0] = &c;
#ifdef RT_HAVE_GRAPHBLAS
  GrB_init(GrB_NONBLOCKING);
  GxB_set(GxB_NTHREADS, 1);
  fn[1] = run_gb;
  ctx[1] = &c;
  nv = 2;
#endif
  samples = bench_xmalloc((size_t)(nv * reps) * sizeof(double));
  /* min_time 0: one conversion per sample (each takes >= 10 ms). */
  bench_interleaved(nv, fn, ctx, reps, 0.0, samples);
  sc_check(&c);
#ifdef RT_HAVE_GRAPHBLAS
  gb_finish();
#endif
  for (int v = 0; v < nv; v++)
    printf("RESULT bench=coo_csr impl=%s nnz_in=%lld n=%lld median_ms=%.3f "
           "min_ms=%.3f\n",
           name[v], (long long)c.nnz, (long long)c.nrows,
           1e3 * bench_median(samples + v * reps, reps),
           1e3 * bench_min(samples + v * reps, reps));
  printf("CHECK bench=coo_csr impl=sparsecc value=%.17g\n", c.check);
#ifdef RT_HAVE_GRAPHBLAS
  printf("CHECK bench=coo_csr impl=graphblas_nvals value=%.0f\n", gb_check);
  GrB_finalize();
#endif
  free(samples);
  return 0;
}
