/* vec_dense_last.c — loops over the dense last level of a sparse operand
 * (issue 6; docs/performance.md, "Dense last levels"), as legacy dense C
 * plus one sparsecc pragma per kernel: SpMV and a row sum over
 * `(i : compressed, j : dense)` with rows of 256 (dl_spmv, dl_rowsum) and
 * 12 (dl_spmv_short), SpMM with the sparse operand on the right
 * (`(j : compressed, k : dense)`, 64 columns: dl_spmm) and TTV over
 * `(i : dense, j : compressed, k : dense)` (fibres of 64: dl_ttv). A
 * quarter of the rows (fibres) is stored. bench/vec_dense_last_run.sh
 * rewrites this file with --simd=none (the scalar output) and with the
 * vector backends and runs the builds side by side, with MLIR's sparsifier
 * (bench/mlir/dense_last.mlir, dense_last_harness.c) on the same data.
 *
 * Each pragma sits on a repetition loop (SPEC §4), so the kernel assembles
 * its operand once per call and then runs `reps` repetitions. Per
 * repetition time = (median time of a call with R repetitions - median
 * time of a call with 0) / R, both calls interleaved in the same rounds;
 * thread CPU time.
 *
 * Usage: vec_dense_last KERNEL. Prints: RESULT kernel=K impl=IMPL
 * us_per_rep=X checksum=C. Environment: BENCH_REPS (15), VEC_INNER (40). */
#include "bench_common.h"

#ifndef VEC_IMPL
#define VEC_IMPL "dense_reference"
#endif

#define NR 4096 /* rows of the SpMV matrix */
#define LR 256  /* their length */
#define LS 12   /* short rows */
#define MI 256  /* SpMM: rows of C and D */
#define MJ 512  /* SpMM: rows of B, columns of D */
#ifndef MK
#define MK 64   /* SpMM: columns of B and C (vec_dense_last_run.sh: DL_MK) */
#endif
#ifndef DL_SPMM_STORED
#define DL_SPMM_STORED 0.25 /* SpMM: the share of B's rows stored
                               (vec_dense_last_run.sh: DL_SPMM_STORED) */
#endif
#define TN 64   /* TTV: every mode */

static double A[NR][LR], x[LR], y[NR], As[NR][LS], xs[LS];
static double D[MI][MJ], B[MJ][MK], C[MI][MK];
static double T[TN][TN][TN], v[TN], Y[TN][TN];

static void dl_spmv(int reps) {
#pragma sparse encoding(A : (i, j) -> (i : compressed, j : dense))
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int j = 0; j < LR; j++)
        y[i] += A[i][j] * x[j];
}

static void dl_rowsum(int reps) {
#pragma sparse encoding(A : (i, j) -> (i : compressed, j : dense))
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int j = 0; j < LR; j++)
        y[i] += A[i][j];
}

static void dl_spmv_short(int reps) {
#pragma sparse encoding(As : (i, j) -> (i : compressed, j : dense))
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int j = 0; j < LS; j++)
        y[i] += As[i][j] * xs[j];
}

static void dl_spmm(int reps) {
#pragma sparse encoding(B : (j, k) -> (j : compressed, k : dense))
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < MI; i++)
      for (int j = 0; j < MJ; j++)
        for (int k = 0; k < MK; k++)
          C[i][k] += D[i][j] * B[j][k];
}

static void dl_ttv(int reps) {
#pragma sparse encoding(T : (i, j, k) -> (i : dense, j : compressed, k : dense))
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < TN; i++)
      for (int j = 0; j < TN; j++)
        for (int k = 0; k < TN; k++)
          Y[i][j] += T[i][j][k] * v[k];
}

/* A quarter of the rows of A, As and B (DL_SPMM_STORED) and of the fibres
 * of T stored. */
static void fill(void) {
  uint64_t s = 42;
  for (int i = 0; i < NR; i++) {
    int on = bench_rand_value(&s) < 0.75;
    for (int j = 0; j < LR; j++) A[i][j] = on ? bench_rand_value(&s) : 0.0;
    for (int j = 0; j < LS; j++) As[i][j] = on ? bench_rand_value(&s) : 0.0;
  }
  for (int j = 0; j < LR; j++) x[j] = bench_rand_value(&s);
  for (int j = 0; j < LS; j++) xs[j] = bench_rand_value(&s);
  for (int j = 0; j < MJ; j++) {
    int on = bench_rand_value(&s) < 0.5 + DL_SPMM_STORED;
    for (int k = 0; k < MK; k++) B[j][k] = on ? bench_rand_value(&s) : 0.0;
  }
  for (int i = 0; i < MI; i++)
    for (int j = 0; j < MJ; j++) D[i][j] = bench_rand_value(&s);
  for (int i = 0; i < TN; i++)
    for (int j = 0; j < TN; j++) {
      int on = bench_rand_value(&s) < 0.75;
      for (int k = 0; k < TN; k++) T[i][j][k] = on ? bench_rand_value(&s) : 0.0;
    }
  for (int k = 0; k < TN; k++) v[k] = bench_rand_value(&s);
}

static double checksum(const double *o, size_t n) {
  double c = 0;
  for (size_t i = 0; i < n; i++) c += o[i] * (double)(i % 7 + 1);
  return c;
}

/* The kernel named k: its function, output and repetitions per sample. */
static int pick(const char *k, void (**fn)(int), const double **out,
                size_t *nout, int *inner) {
  *out = y, *nout = NR;
  /* inner: the repetitions far outweigh the assembly (a call with 0) */
  if (!strcmp(k, "dl_spmv")) *fn = dl_spmv, *inner *= 50;
  else if (!strcmp(k, "dl_rowsum")) *fn = dl_rowsum, *inner *= 50;
  else if (!strcmp(k, "dl_spmv_short")) *fn = dl_spmv_short, *inner *= 100;
  else if (!strcmp(k, "dl_spmm")) *fn = dl_spmm, *out = &C[0][0], *nout = (size_t)MI * MK;
  else if (!strcmp(k, "dl_ttv")) *fn = dl_ttv, *out = &Y[0][0], *nout = (size_t)TN * TN, *inner *= 50;
  else return 0;
  return 1;
}

#ifndef VEC_NO_MAIN /* bench/mlir/dense_last_harness.c reuses the data */
int main(int argc, char **argv) {
  const char *k = argc > 1 ? argv[1] : "dl_spmv";
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  int inner = (int)bench_env_long("VEC_INNER", 40);
  void (*fn)(int);
  const double *out;
  size_t nout;
  if (!pick(k, &fn, &out, &nout, &inner)) return 2;
  fill();
  fn(1); /* correctness checksum: one repetition from zeroed outputs */
  double cs = checksum(out, nout);
  double *t0 = bench_xmalloc(sizeof(double) * (size_t)reps);
  double *t1 = bench_xmalloc(sizeof(double) * (size_t)reps);
  for (int r = 0; r < reps; r++) {
    double a = bench_cpu_now();
    fn(0);
    double b = bench_cpu_now();
    fn(inner);
    double c = bench_cpu_now();
    t0[r] = b - a;
    t1[r] = c - b;
  }
  double per = (bench_median(t1, reps) - bench_median(t0, reps)) / inner;
  printf("RESULT kernel=%s impl=%s us_per_rep=%.2f checksum=%.10g\n", k,
         VEC_IMPL, per * 1e6, cs);
  free(t0), free(t1);
  return 0;
}
#endif
