/* bsr_harness.c — MLIR's sparsifier on bench/vec_bsr.c's kernels: SpMV
 * over a real matrix stored as BSR(2, 2), (3, 3) or (4, 4)
 * (bench/mlir/bsr.mlir, built by bench/bsr_run.sh for vl=0 and vl=8).
 *
 * Usage: bsr_harness KERNEL MATRIX VL   (KERNEL: bsr22, bsr33, bsr44;
 * MATRIX: bench_common.h; VL 0 or 8). Prints the RESULT line of
 * vec_bsr.c with impl=mlir_vlVL: the median over BENCH_REPS samples of
 * VEC_INNER calls each (thread CPU time: bench_cpu_now, as vec_bsr.c and
 * vec_harness.c read it; after one warm-up sample), and
 * the same checksum (y holds VEC_INNER products). The matrix is padded
 * with empty rows and columns to MLIR_NP, a multiple of 12, the static
 * shape the kernels were built for. */
#include "../bench_common.h"

#include "memref.h"

#define DECL(K, V) \
  void _mlir_ciface_##K##_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr1 *, mr1 *);
DECL(bsr22, 0) DECL(bsr22, 8) DECL(bsr33, 0) DECL(bsr33, 8)
DECL(bsr44, 0) DECL(bsr44, 8)

#ifndef MLIR_NP
#error "MLIR_NP: the padded size the kernels were built for"
#endif

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: bsr_harness KERNEL MATRIX VL\n");
    return 2;
  }
  const char *k = argv[1];
  int vl8 = atoi(argv[3]) == 8;
  int64_t r = !strcmp(k, "bsr22") ? 2 : !strcmp(k, "bsr33") ? 3
              : !strcmp(k, "bsr44") ? 4 : 0;
  if (!r) return 2;
  void (*fn)(mr1 *, mr1 *, mr1 *, mr1 *, mr1 *, mr1 *) =
      r == 2 ? (vl8 ? _mlir_ciface_bsr22_vl8 : _mlir_ciface_bsr22_vl0)
      : r == 3 ? (vl8 ? _mlir_ciface_bsr33_vl8 : _mlir_ciface_bsr33_vl0)
               : (vl8 ? _mlir_ciface_bsr44_vl8 : _mlir_ciface_bsr44_vl0);
  bench_csr *M = bench_matrix(argv[2]);
  int64_t np = MLIR_NP, nb = np / r;
  if (M->nrows > np || M->ncols > np) return 2;
  /* BSR(r, r): per block row the block columns with an entry, sorted,
   * each block's r * r values row by row (zeros stored inside) */
  int64_t *pos = bench_xmalloc(sizeof(int64_t) * (size_t)(nb + 1));
  int64_t *crd = bench_xmalloc(sizeof(int64_t) * (size_t)(M->nnz ? M->nnz : 1));
  int64_t nblk = 0;
  for (int64_t b = 0; b < nb; b++) {
    pos[b] = nblk;
    int64_t first = nblk;
    for (int64_t i = b * r; i < b * r + r && i < M->nrows; i++)
      for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++) crd[nblk++] = M->ci[p] / r;
    qsort(crd + first, (size_t)(nblk - first), sizeof *crd, cmp_i64);
    int64_t u = first;
    for (int64_t q = first; q < nblk; q++)
      if (q == first || crd[q] != crd[u - 1]) crd[u++] = crd[q];
    nblk = u;
  }
  pos[nb] = nblk;
  double *val = calloc((size_t)(nblk ? nblk : 1) * (size_t)(r * r), sizeof(double));
  if (!val) return 2;
  for (int64_t i = 0; i < M->nrows; i++) {
    int64_t b = i / r;
    for (int64_t p = M->rp[i]; p < M->rp[i + 1]; p++) {
      int64_t cb = M->ci[p] / r, q = pos[b];
      while (crd[q] != cb) q++;
      val[q * r * r + (i % r) * r + M->ci[p] % r] = M->val[p];
    }
  }
  double *x = calloc((size_t)np, sizeof(double));
  double *y = calloc((size_t)np, sizeof(double));
  if (!x || !y) return 2;
  bench_fill_x(x, M->ncols);
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  int inner = (int)bench_env_long("VEC_INNER", 40);
  double *t = bench_xmalloc(sizeof(double) * (size_t)reps);
  mr1 P = m1(pos, nb + 1), C = m1(crd, nblk), V = m1(val, nblk * r * r);
  mr1 X = m1(x, np), Y = m1(y, np), out;
  for (int s = -1; s < reps; s++) {
    for (int64_t i = 0; i < np; i++) y[i] = 0.0;
    double t0 = bench_cpu_now();
    for (int c = 0; c < inner; c++) fn(&out, &P, &C, &V, &X, &Y);
    if (s >= 0) t[s] = (bench_cpu_now() - t0) / inner;
  }
  double cs = 0;
  for (int64_t i = 0; i < M->nrows; i++) cs += y[i] * (double)(i % 7 + 1);
  printf("RESULT kernel=%s matrix=%s impl=mlir_vl%d us_per_rep=%.2f checksum=%.10g\n",
         k, M->name, vl8 ? 8 : 0, bench_median(t, reps) * 1e6, cs);
  free(pos);
  free(crd);
  free(val);
  free(x);
  free(y);
  free(t);
  bench_csr_free(M);
  return 0;
}
