/* vec_kernels.c — the vectorization benchmarks as legacy dense C plus one
 * sparsecc pragma per kernel (SpMM with 64 columns, SDDMM with k = 32, a
 * loop over a dense level under a sparse vector, SpMV with short and long
 * rows). bench/vec_run.sh rewrites this file with --simd=none (scalar) and
 * with the vector backends and runs the builds side by side.
 *
 * Each pragma sits on a repetition loop (SPEC §4: annotate the loop that
 * repeats the work), so the kernel assembles its operand once per call and
 * then runs `reps` repetitions. Per repetition time = (median time of a call
 * with R repetitions - median time of a call with 0) / R; both calls are
 * interleaved in the same rounds. Times are the thread's CPU time.
 *
 * Usage: vec_kernels KERNEL   (spmm, sddmm, denselvl, dl_dot, dl_dot_big,
 * dl_short, dl_short_dot, spmm8, bsr_spmv, spmv_short, spmv_long, rowmax,
 * clamp_dot)
 * Prints: RESULT kernel=K impl=IMPL us_per_rep=X checksum=C
 * Build: -DVEC_IMPL='"name"' labels the RESULT line. Environment:
 * BENCH_REPS (15), VEC_INNER (40), VEC_DENSITY (0.02: the share of the
 * 1024 x 1024 pattern of spmm, sddmm and spmm8 that is stored). */
#include "bench_common.h"

/* Thread CPU time: on a shared machine, time spent descheduled is not the
 * kernel's (cache and memory contention still are). */
#ifndef VEC_IMPL
#define VEC_IMPL "dense_reference"
#endif

#define NR 1024   /* rows (and columns) of the sparse operands */
#define NC 64     /* SpMM: columns of B and C */
#define KD 32     /* SDDMM: inner dimension */
#define LD 256    /* dense-level loop: row length */
#define NV 2048   /* SpMV: size */

static double A[NR][NR], B[NR][NC], C[NR][NC];
static double S[NR][NR], U[NR][KD], Vt[NR][KD], D[NR][NR];
static double xs[NR], Z[NR][LD], Y[NR][LD];
static double M[NV][NV], x[NV], y[NV];

/* Loops over dense levels beyond the streaming update above (docs/
 * performance.md, "Vectorization"): a dot product over a dense level (a
 * reduction: the C compiler does not vectorize it without -ffast-math) in
 * cache (rows of 256, 256 KB read) and out of cache (rows of 2048, 16 MB);
 * short rows (12: one vector and a masked tail) for the update and the
 * dot; the dense inner level of CSR x dense with 8 columns; and SpMV over
 * BSR(4, 4) blocks (dense levels inside the blocks). */
#define LB 2048   /* out-of-cache rows */
#define LS 12     /* short rows */
#define NB 1024   /* BSR matrix size */
static double Zb[NR][LB], wb[LB], Zs[NR][LS], Ys[NR][LS], ws[LS], r1[NR];
static double B8[NR][8], C8[NR][8], W[NB][NB], xb[NB], yb[NB];

static void spmm(int reps) {
#pragma sparse encoding(A : CSR)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int j = 0; j < NR; j++)
        for (int k = 0; k < NC; k++)
          C[i][k] += A[i][j] * B[j][k];
}

static void sddmm(int reps) {
#pragma sparse encoding(S : CSR)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int j = 0; j < NR; j++)
        for (int k = 0; k < KD; k++)
          D[i][j] += S[i][j] * U[i][k] * Vt[j][k];
}

static void denselvl(int reps) {
#pragma sparse encoding(xs : SparseVector)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int k = 0; k < LD; k++)
        Y[i][k] += xs[i] * Z[i][k];
}

static void dl_dot(int reps) {
#pragma sparse encoding(xs : SparseVector)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int k = 0; k < LD; k++)
        r1[i] += xs[i] * Z[i][k] * Z[0][k];
}

static void dl_dot_big(int reps) {
#pragma sparse encoding(xs : SparseVector)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int k = 0; k < LB; k++)
        r1[i] += xs[i] * Zb[i][k] * wb[k];
}

static void dl_short(int reps) {
#pragma sparse encoding(xs : SparseVector)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int k = 0; k < LS; k++)
        Ys[i][k] += xs[i] * Zs[i][k];
}

static void dl_short_dot(int reps) {
#pragma sparse encoding(xs : SparseVector)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int k = 0; k < LS; k++)
        r1[i] += xs[i] * Zs[i][k] * ws[k];
}

static void spmm8(int reps) {
#pragma sparse encoding(A : CSR)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int j = 0; j < NR; j++)
        for (int k = 0; k < 8; k++)
          C8[i][k] += A[i][j] * B8[j][k];
}

static void bsr_spmv(int reps) {
#pragma sparse encoding(W : BSR(4, 4))
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NB; i++)
      for (int j = 0; j < NB; j++)
        yb[i] += W[i][j] * xb[j];
}

/* Comparisons and selections: a row maximum written as a comparison over
 * the SpMV matrix with long rows, and a clamped dot product over a dense
 * level (a selection inside a reduction). */
static double rmx[NV];
static void rowmax(int reps) {
#pragma sparse encoding(M : CSR)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NV; i++)
      for (int j = 0; j < NV; j++)
        if (M[i][j] > rmx[i]) rmx[i] = M[i][j];
}

static void clamp_dot(int reps) {
#pragma sparse encoding(xs : SparseVector)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NR; i++)
      for (int k = 0; k < LD; k++)
        r1[i] += xs[i] * (Z[i][k] > 0.5 ? 0.5 : Z[i][k]);
}

static void spmv(int reps) {
#pragma sparse encoding(M : CSR)
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < NV; i++)
      for (int j = 0; j < NV; j++)
        y[i] += M[i][j] * x[j];
}

static void fill(double density, int spmv_density) {
  uint64_t s = 42;
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NR; j++) {
      A[i][j] = bench_rand_value(&s) - 0.5 < density ? bench_rand_value(&s) : 0.0;
      S[i][j] = A[i][j];
    }
  for (int i = 0; i < NR; i++) {
    xs[i] = bench_rand_value(&s) - 0.5 < 0.25 ? bench_rand_value(&s) : 0.0;
    for (int k = 0; k < NC; k++) B[i][k] = bench_rand_value(&s);
    for (int k = 0; k < KD; k++) U[i][k] = bench_rand_value(&s), Vt[i][k] = bench_rand_value(&s);
    for (int k = 0; k < LD; k++) Z[i][k] = bench_rand_value(&s);
  }
  for (int i = 0; i < NR; i++) {
    for (int k = 0; k < LB; k++) Zb[i][k] = bench_rand_value(&s);
    for (int k = 0; k < LS; k++) Zs[i][k] = bench_rand_value(&s);
    for (int k = 0; k < 8; k++) B8[i][k] = bench_rand_value(&s);
  }
  for (int k = 0; k < LB; k++) wb[k] = bench_rand_value(&s);
  for (int k = 0; k < LS; k++) ws[k] = bench_rand_value(&s);
  /* BSR: 4 x 4 blocks, ~3 % of the blocks present, dense inside */
  for (int bi = 0; bi < NB / 4; bi++)
    for (int bj = 0; bj < NB / 4; bj++)
      if (bench_rand_value(&s) - 0.5 < 0.03)
        for (int u = 0; u < 16; u++)
          W[bi * 4 + u / 4][bj * 4 + u % 4] = 1.0 + bench_rand_value(&s);
  for (int j = 0; j < NB; j++) xb[j] = bench_rand_value(&s);
  for (int i = 0; i < NV; i++) {
    x[i] = bench_rand_value(&s);
    for (int j = 0; j < NV; j++)
      M[i][j] = (bench_rand_value(&s) - 0.5) * 1000.0 < spmv_density ? 1.0 + bench_rand_value(&s) : 0.0;
  }
}

static double checksum(const double *v, size_t n) {
  double c = 0;
  for (size_t i = 0; i < n; i++) c += v[i] * (double)(i % 7 + 1);
  return c;
}

#ifndef VEC_NO_MAIN /* bench/mlir/vec_harness.c reuses the data above */
int main(int argc, char **argv) {
  const char *k = argc > 1 ? argv[1] : "spmm";
  int reps = (int)bench_env_long("BENCH_REPS", 15);
  int inner = (int)bench_env_long("VEC_INNER", 40);
  void (*fn)(int) = spmm;
  const double *out = &C[0][0];
  size_t nout = (size_t)NR * NC;
  int spmv_density = 4; /* per mille: ~8 entries per row */
  if (!strcmp(k, "sddmm")) fn = sddmm, out = &D[0][0], nout = (size_t)NR * NR;
  else if (!strcmp(k, "denselvl")) fn = denselvl, out = &Y[0][0], nout = (size_t)NR * LD;
  else if (!strcmp(k, "dl_dot")) fn = dl_dot, out = r1, nout = NR;
  else if (!strcmp(k, "dl_dot_big")) fn = dl_dot_big, out = r1, nout = NR;
  else if (!strcmp(k, "dl_short"))
    fn = dl_short, out = &Ys[0][0], nout = (size_t)NR * LS, inner *= 10;
  else if (!strcmp(k, "dl_short_dot"))
    fn = dl_short_dot, out = r1, nout = NR, inner *= 10;
  else if (!strcmp(k, "spmm8"))
    fn = spmm8, out = &C8[0][0], nout = (size_t)NR * 8, inner *= 10;
  else if (!strcmp(k, "bsr_spmv")) fn = bsr_spmv, out = yb, nout = NB, inner *= 10;
  else if (!strcmp(k, "spmv_short")) /* a few µs: more repetitions */
    fn = spmv, out = y, nout = NV, inner *= 25;
  else if (!strcmp(k, "spmv_long"))
    fn = spmv, out = y, nout = NV, spmv_density = 50, inner *= 5;
  else if (!strcmp(k, "rowmax"))
    fn = rowmax, out = rmx, nout = NV, spmv_density = 50, inner *= 5;
  else if (!strcmp(k, "clamp_dot")) fn = clamp_dot, out = r1, nout = NR;
  else if (strcmp(k, "spmm")) return 2;
  fill(bench_env_double("VEC_DENSITY", 0.02), spmv_density);
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
  return 0;
}
#endif
