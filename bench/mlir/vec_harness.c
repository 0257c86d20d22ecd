/* vec_harness.c — MLIR's sparsifier on the vectorization benchmarks of
 * bench/vec_kernels.c (same sizes, same data: that file is included with
 * VEC_NO_MAIN), kernels from bench/mlir/vec_kernels.mlir built with vl=0
 * and vl=8 (bench/mlir/vec_build.sh). The sparse operand is assembled once
 * (CSR or sparse vector, 64-bit positions and coordinates, zeros dropped)
 * and passed to sparse_tensor.assemble without a copy; outputs are dense
 * and updated in place.
 *
 * Usage: vec_harness KERNEL VL   (spmm, sddmm, denselvl, dl_dot,
 * dl_dot_big, dl_short, dl_short_dot, spmv_short, spmv_long, bsr_spmv; VL
 * 0 or 8; bsr_spmv assembles W as BSR(4, 4), every stored block whole). Prints the RESULT line of vec_kernels.c with
 * impl=mlir_vlVL; the time per repetition is the median over BENCH_REPS
 * rounds of VEC_INNER calls (thread CPU time) divided by VEC_INNER;
 * VEC_DENSITY as in vec_kernels.c. */
#define VEC_NO_MAIN
#include "../vec_kernels.c"

#include "memref.h"

#define DECL(V)                                                              \
  void _mlir_ciface_spmm_vl##V(mr2 *, mr1 *, mr1 *, mr1 *, mr2 *, mr2 *);    \
  void _mlir_ciface_sddmm_vl##V(mr2 *, mr1 *, mr1 *, mr1 *, mr2 *, mr2 *,    \
                                mr2 *);                                      \
  void _mlir_ciface_denselvl_vl##V(mr2 *, mr1 *, mr1 *, mr1 *, mr2 *, mr2 *);\
  void _mlir_ciface_spmv_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr1 *, mr1 *);     \
  void _mlir_ciface_bsrspmv_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr1 *, mr1 *);  \
  void _mlir_ciface_dldot_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr2 *, mr1 *,     \
                                mr1 *);                                      \
  void _mlir_ciface_dldotbig_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr2 *, mr1 *,  \
                                   mr1 *);                                   \
  void _mlir_ciface_dlshortdot_vl##V(mr1 *, mr1 *, mr1 *, mr1 *, mr2 *,       \
                                     mr1 *, mr1 *);                          \
  void _mlir_ciface_dlshort_vl##V(mr2 *, mr1 *, mr1 *, mr1 *, mr2 *, mr2 *);
DECL(0)
DECL(8)

static int64_t *pos_, *crd_;
static double *val_;
static mr1 P, Cr, Vl;

/* CSR of the rows x cols row-major dense array a (zeros dropped). */
static void csr(const double *a, int64_t rows, int64_t cols) {
  int64_t nnz = 0;
  for (int64_t t = 0; t < rows * cols; t++) nnz += a[t] != 0.0;
  pos_ = bench_xmalloc(sizeof(int64_t) * (size_t)(rows + 1));
  crd_ = bench_xmalloc(sizeof(int64_t) * (size_t)(nnz ? nnz : 1));
  val_ = bench_xmalloc(sizeof(double) * (size_t)(nnz ? nnz : 1));
  int64_t n = 0;
  for (int64_t i = 0; i < rows; i++) {
    pos_[i] = n;
    for (int64_t j = 0; j < cols; j++)
      if (a[i * cols + j] != 0.0) crd_[n] = j, val_[n++] = a[i * cols + j];
  }
  pos_[rows] = n;
  P = m1(pos_, rows + 1), Cr = m1(crd_, n), Vl = m1(val_, n);
}

/* BSR(4, 4) of the NB x NB array W: the blocks with a non-zero, sorted by
 * block column in each block row, 16 values each (row-major). */
static void bsr4(void) {
  const int64_t nb = NB / 4;
  pos_ = bench_xmalloc(sizeof(int64_t) * (size_t)(nb + 1));
  crd_ = bench_xmalloc(sizeof(int64_t) * (size_t)(nb * nb));
  val_ = bench_xmalloc(sizeof(double) * (size_t)(nb * nb * 16));
  int64_t n = 0;
  for (int64_t bi = 0; bi < nb; bi++) {
    pos_[bi] = n;
    for (int64_t bj = 0; bj < nb; bj++) {
      int any = 0;
      for (int u = 0; u < 16; u++) any |= W[bi * 4 + u / 4][bj * 4 + u % 4] != 0.0;
      if (!any) continue;
      for (int u = 0; u < 16; u++) val_[n * 16 + u] = W[bi * 4 + u / 4][bj * 4 + u % 4];
      crd_[n++] = bj;
    }
  }
  pos_[nb] = n;
  P = m1(pos_, nb + 1), Cr = m1(crd_, n), Vl = m1(val_, n * 16);
}

/* A sparse vector: positions {0, nnz}. */
static void svec(const double *a, int64_t n) {
  csr(a, 1, n);
  P = m1(pos_, 2);
}

static int vl8;

static void call(const char *k) {
  if (!strcmp(k, "spmm")) {
    mr2 r, b = m2(B, NR, NC), c = m2(C, NR, NC);
    (vl8 ? _mlir_ciface_spmm_vl8 : _mlir_ciface_spmm_vl0)(&r, &P, &Cr, &Vl, &b, &c);
  } else if (!strcmp(k, "sddmm")) {
    mr2 r, u = m2(U, NR, KD), v = m2(Vt, NR, KD), d = m2(D, NR, NR);
    (vl8 ? _mlir_ciface_sddmm_vl8 : _mlir_ciface_sddmm_vl0)(&r, &P, &Cr, &Vl, &u, &v, &d);
  } else if (!strcmp(k, "denselvl")) {
    mr2 r, z = m2(Z, NR, LD), yy = m2(Y, NR, LD);
    (vl8 ? _mlir_ciface_denselvl_vl8 : _mlir_ciface_denselvl_vl0)(&r, &P, &Cr, &Vl, &z, &yy);
  } else if (!strcmp(k, "dl_dot")) {
    mr1 r, w = m1(&Z[0][0], LD), o = m1(r1, NR);
    mr2 z = m2(Z, NR, LD);
    (vl8 ? _mlir_ciface_dldot_vl8 : _mlir_ciface_dldot_vl0)(&r, &P, &Cr, &Vl, &z, &w, &o);
  } else if (!strcmp(k, "dl_dot_big")) {
    mr1 r, w = m1(wb, LB), o = m1(r1, NR);
    mr2 z = m2(Zb, NR, LB);
    (vl8 ? _mlir_ciface_dldotbig_vl8 : _mlir_ciface_dldotbig_vl0)(&r, &P, &Cr, &Vl, &z, &w, &o);
  } else if (!strcmp(k, "dl_short_dot")) {
    mr1 r, w = m1(ws, LS), o = m1(r1, NR);
    mr2 z = m2(Zs, NR, LS);
    (vl8 ? _mlir_ciface_dlshortdot_vl8 : _mlir_ciface_dlshortdot_vl0)(&r, &P, &Cr, &Vl, &z, &w, &o);
  } else if (!strcmp(k, "dl_short")) {
    mr2 r, z = m2(Zs, NR, LS), yy = m2(Ys, NR, LS);
    (vl8 ? _mlir_ciface_dlshort_vl8 : _mlir_ciface_dlshort_vl0)(&r, &P, &Cr, &Vl, &z, &yy);
  } else if (!strcmp(k, "bsr_spmv")) {
    mr1 r, xx = m1(xb, NB), yy = m1(yb, NB);
    (vl8 ? _mlir_ciface_bsrspmv_vl8 : _mlir_ciface_bsrspmv_vl0)(&r, &P, &Cr, &Vl, &xx, &yy);
  } else {
    mr1 r, xx = m1(x, NV), yy = m1(y, NV);
    (vl8 ? _mlir_ciface_spmv_vl8 : _mlir_ciface_spmv_vl0)(&r, &P, &Cr, &Vl, &xx, &yy);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: vec_harness KERNEL VL\n");
    return 2;
  }
  const char *k = argv[1];
  vl8 = atoi(argv[2]) == 8;
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  int inner = (int)bench_env_long("VEC_INNER", 40);
  const double *out = &C[0][0];
  size_t nout = (size_t)NR * NC;
  int spmv_density = 4;
  if (!strcmp(k, "sddmm")) out = &D[0][0], nout = (size_t)NR * NR;
  else if (!strcmp(k, "denselvl")) out = &Y[0][0], nout = (size_t)NR * LD;
  else if (!strcmp(k, "dl_dot") || !strcmp(k, "dl_dot_big")) out = r1, nout = NR;
  else if (!strcmp(k, "dl_short_dot")) out = r1, nout = NR, inner *= 10;
  else if (!strcmp(k, "dl_short")) out = &Ys[0][0], nout = (size_t)NR * LS, inner *= 10;
  else if (!strcmp(k, "spmv_short")) out = y, nout = NV, inner *= 25;
  else if (!strcmp(k, "spmv_long"))
    out = y, nout = NV, spmv_density = 50, inner *= 5;
  else if (!strcmp(k, "bsr_spmv")) out = yb, nout = NB, inner *= 10;
  else if (strcmp(k, "spmm")) return 2;
  fill(bench_env_double("VEC_DENSITY", 0.02), spmv_density);
  if (!strcmp(k, "spmm")) csr(&A[0][0], NR, NR);
  else if (!strcmp(k, "sddmm")) csr(&S[0][0], NR, NR);
  else if (!strcmp(k, "denselvl") || !strncmp(k, "dl_", 3)) svec(xs, NR);
  else if (!strcmp(k, "bsr_spmv")) bsr4();
  else csr(&M[0][0], NV, NV);
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
