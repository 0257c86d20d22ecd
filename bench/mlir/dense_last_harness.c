/* dense_last_harness.c — MLIR's sparsifier on the kernels of
 * bench/vec_dense_last.c (same sizes, same data: that file is included
 * with VEC_NO_MAIN), built from bench/mlir/dense_last.mlir with vl=0 and
 * vl=8 (bench/vec_dense_last_run.sh). The sparse operand is assembled once
 * (the stored rows or fibres whole, 64-bit positions and coordinates) and
 * passed to sparse_tensor.assemble without a copy; outputs are dense and
 * updated in place.
 *
 * Usage: dense_last_harness KERNEL VL (dl_spmv, dl_rowsum, dl_spmv_short,
 * dl_spmm, dl_ttv; VL 0 or 8). Prints the RESULT line of vec_dense_last.c
 * with impl=mlir_vlVL; the time per repetition is the median over
 * BENCH_REPS rounds of VEC_INNER calls (thread CPU time) divided by
 * VEC_INNER. */
#define VEC_NO_MAIN
#include "../vec_dense_last.c"

#include "memref.h"

#define DECL(V)                                                              \
  void _mlir_ciface_spmv_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr1 *, mr1 *);     \
  void _mlir_ciface_rowsum_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr1 *);          \
  void _mlir_ciface_spmvshort_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr1 *, mr1 *);\
  void _mlir_ciface_spmm_vl##V(mr2 *, mr2 *, mr1 *, mr1 *, mr1 *, mr2 *);     \
  void _mlir_ciface_ttv_vl##V(mr2 *, mr1 *, mr1 *, mr1 *, mr1 *, mr2 *);
DECL(0)
DECL(8)

static int64_t *pos_, *crd_;
static double *val_;
static mr1 P, Cr, Vl;

/* groups x rows x len row-major a, each group's rows with a non-zero
 * kept whole: positions per group (groups + 1), row coordinates, values
 * (`(i : compressed, j : dense)` with one group; `(i : dense, j :
 * compressed, k : dense)` with a group per i). */
static void rows(const double *a, int64_t groups, int64_t nrows, int64_t len) {
  pos_ = bench_xmalloc(sizeof(int64_t) * (size_t)(groups + 1));
  crd_ = bench_xmalloc(sizeof(int64_t) * (size_t)(groups * nrows));
  val_ = bench_xmalloc(sizeof(double) * (size_t)(groups * nrows * len));
  int64_t n = 0;
  for (int64_t g = 0; g < groups; g++) {
    pos_[g] = n;
    for (int64_t i = 0; i < nrows; i++) {
      const double *row = a + (g * nrows + i) * len;
      int any = 0;
      for (int64_t j = 0; j < len; j++) any |= row[j] != 0.0;
      if (!any) continue;
      memcpy(val_ + n * len, row, sizeof(double) * (size_t)len);
      crd_[n++] = i;
    }
  }
  pos_[groups] = n;
  P = m1(pos_, groups + 1), Cr = m1(crd_, n), Vl = m1(val_, n * len);
}

static int vl8;

static void call(const char *k) {
  if (!strcmp(k, "dl_spmv")) {
    mr1 r, xx = m1(x, LR), yy = m1(y, NR);
    (vl8 ? _mlir_ciface_spmv_vl8 : _mlir_ciface_spmv_vl0)(&r, &P, &Cr, &Vl, &xx, &yy);
  } else if (!strcmp(k, "dl_rowsum")) {
    mr1 r, yy = m1(y, NR);
    (vl8 ? _mlir_ciface_rowsum_vl8 : _mlir_ciface_rowsum_vl0)(&r, &P, &Cr, &Vl, &yy);
  } else if (!strcmp(k, "dl_spmv_short")) {
    mr1 r, xx = m1(xs, LS), yy = m1(y, NR);
    (vl8 ? _mlir_ciface_spmvshort_vl8 : _mlir_ciface_spmvshort_vl0)(&r, &P, &Cr, &Vl, &xx, &yy);
  } else if (!strcmp(k, "dl_spmm")) {
    mr2 r, d = m2(D, MI, MJ), c = m2(C, MI, MK);
    (vl8 ? _mlir_ciface_spmm_vl8 : _mlir_ciface_spmm_vl0)(&r, &d, &P, &Cr, &Vl, &c);
  } else {
    mr2 r, yy = m2(Y, TN, TN);
    mr1 vv = m1(v, TN);
    (vl8 ? _mlir_ciface_ttv_vl8 : _mlir_ciface_ttv_vl0)(&r, &P, &Cr, &Vl, &vv, &yy);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: dense_last_harness KERNEL VL\n");
    return 2;
  }
  const char *k = argv[1];
  vl8 = atoi(argv[2]) == 8;
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  int inner = (int)bench_env_long("VEC_INNER", 40);
  void (*fn)(int);
  const double *out;
  size_t nout;
  if (!pick(k, &fn, &out, &nout, &inner)) return 2;
  fill();
  if (!strcmp(k, "dl_spmv") || !strcmp(k, "dl_rowsum")) rows(&A[0][0], 1, NR, LR);
  else if (!strcmp(k, "dl_spmv_short")) rows(&As[0][0], 1, NR, LS);
  else if (!strcmp(k, "dl_spmm")) rows(&B[0][0], 1, MJ, MK);
  else rows(&T[0][0][0], TN, TN, TN);
  call(k); /* correctness checksum: one repetition from zeroed outputs */
  double cs = checksum(out, nout);
  double *t = bench_xmalloc(sizeof(double) * (size_t)reps);
  for (int r = 0; r < reps; r++) {
    double a = bench_cpu_now();
    for (int i = 0; i < inner; i++) call(k);
    t[r] = (bench_cpu_now() - a) / inner;
  }
  printf("RESULT kernel=%s impl=mlir_vl%d us_per_rep=%.2f checksum=%.10g\n", k,
         vl8 ? 8 : 0, bench_median(t, reps) * 1e6, cs);
  free(t), free(pos_), free(crd_), free(val_);
  return 0;
}
