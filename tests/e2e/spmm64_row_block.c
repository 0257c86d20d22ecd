// SpMM with 17-64 dense columns in the scalar output: on rows of 6
// entries or more each row's updated elements are accumulated in a local
// block (one rolled loop per 8 columns) and stored once, behind the
// run-time check per row that the block overlaps nothing the nest reads;
// shorter rows that pass the check take their entries in pairs, one pass
// over C's row per pair, and an odd row's last entry alone (one branch per
// row). Rows hold 0 to 8 entries, so every side of the choice runs.
// Called on distinct arrays, on one buffer holding X and then C apart
// (blocks and pairs taken), on an output overlapping the dense operand
// and on one shifted by a row (rows that fail the check run the loops as
// they are: each update reads values written by earlier ones), with 20
// columns (two passes of 8 and a rest of 4), with two 32-column
// statements (a float row updated by `-=` beside a double row: two
// blocks), and 64 columns of declared arrays (no check). Compiled at -O3
// so the blocked code and its checks are the ones run.
// EXPECT-SPARSIFIED: 4
// EXPECT-SCALAR-REPORT: block across the entries of j (64 values, 8 a step) on rows of 6 entries or more, shorter rows two entries a pass; run-time check
// EXPECT-SCALAR-REPORT: block across the entries of j (20 values, 8 a step) on rows of 6 entries or more, shorter rows two entries a pass; run-time check
// EXPECT-SCALAR-REPORT: block across the entries of j (32 values, 8 a step) on rows of 6 entries or more, shorter rows two entries a pass; run-time check
// EXPECT-SCALAR-REPORT: block across the entries of j (64 values, 8 a step) on rows of 6 entries or more, shorter rows two entries a pass
// EXPECT-ABSENT: C[i * 64 + k] += A[i * n + j] * X[j * 64 + k];
// EXPECT-ABSENT: C[i * 20 + k] += A[i * n + j] * X[j * 20 + k];
// EXPECT-ABSENT: F[i * 32 + k] -= A[i * n + j] * Y[j * 32 + k];
// EXPECT-ABSENT: G[i][k] += A9[i][j] * B9[j][k];
// OUT-CFLAGS: -O3
#include <stdio.h>
#include <stdlib.h>

#define NR 40
#define NC 30
#define BUF ((NR + NC) * 64 + 8)

static void spmm64(long m, long n, const double *A, const double *X,
                   double *C) {
#pragma sparse encoding(A[m][n] : CSR)
  for (long i = 0; i < m; i++) {
    for (long k = 0; k < 64; k++) C[i * 64 + k] = 0.25;
    for (long j = 0; j < n; j++)
      for (long k = 0; k < 64; k++)
        C[i * 64 + k] += A[i * n + j] * X[j * 64 + k];
  }
}

static void spmm20(long m, long n, const double *A, const double *X,
                   double *C) {
#pragma sparse encoding(A[m][n] : CSR)
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < 20; k++)
        C[i * 20 + k] += A[i * n + j] * X[j * 20 + k];
}

/* two statements, two blocks of 32: a float row updated by `-=`, a double
 * row */
static void spmm32_two(long m, long n, const double *A, const float *Y,
                       float *F, const double *X, double *D) {
#pragma sparse encoding(A[m][n] : CSR)
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < 32; k++) {
        F[i * 32 + k] -= A[i * n + j] * Y[j * 32 + k];
        D[i * 32 + k] += A[i * n + j] * X[j * 32 + k] * 0.5;
      }
}

static double A9[NR][NC], B9[NC][64], G[NR][64];

static double sum(const double *v, long len) {
  double s = 0;
  for (long t = 0; t < len; t++) s += v[t] * (double)(t % 7 + 1);
  return s;
}

static double sumf(const float *v, long len) {
  double s = 0;
  for (long t = 0; t < len; t++) s += (double)v[t] * (double)(t % 5 + 1);
  return s;
}

static void fill_buf(double *buf, long mod, double scale, double off) {
  for (long t = 0; t < BUF; t++) buf[t] = (double)(t % mod) * scale + off;
}

int main(void) {
  double *A = calloc(NR * NC, sizeof(double));
  double *buf = calloc(BUF, sizeof(double));
  double *X = malloc(NC * 64 * sizeof(double));
  double *C = malloc(NR * 64 * sizeof(double));
  float *Y = malloc(NC * 32 * sizeof(float));
  float *F = malloc(NR * 32 * sizeof(float));
  if (!A || !buf || !X || !C || !Y || !F) return 1;
  /* row i holds i % 9 entries: rows of 0, 1, 2, ... 8 */
  for (long i = 0; i < NR; i++)
    for (long t = 0; t < i % 9; t++)
      A[i * NC + (i * 5 + t * 3) % NC] = (double)((i + 2 * t) % 9) - 4.5;
  for (long t = 0; t < NC * 64; t++) X[t] = (double)(t % 13) * 0.25 - 1.5;
  for (long t = 0; t < NC * 32; t++) Y[t] = (float)(t % 11) * 0.125f - 0.5f;

  spmm64(NR, NC, A, X, C); /* distinct arrays */
  for (long i = 0; i < NR; i++)
    printf("%ld %.17g %.17g\n", i, C[i * 64], C[i * 64 + 63]);
  printf("distinct %.17g\n", sum(C, NR * 64));

  /* one buffer: X's rows first, C after them (apart: blocked) */
  fill_buf(buf, 11, 0.5, -2.0);
  spmm64(NR, NC, A, buf, buf + NC * 64);
  printf("apart %.17g\n", sum(buf, BUF));

  /* overlapping: C starts 4 doubles into X's rows */
  fill_buf(buf, 11, 0.5, -2.0);
  spmm64(NR, NC, A, buf, buf + 4);
  printf("overlap %.17g\n", sum(buf, BUF));

  /* C is X shifted by a whole row: later rows read updated ones */
  fill_buf(buf, 5, 1.0, -1.0);
  spmm64(NR, NC, A, buf, buf + 64);
  printf("shifted %.17g\n", sum(buf, BUF));

  /* 20 columns: distinct, then overlapping */
  for (long t = 0; t < NR * 20; t++) C[t] = (double)(t % 3) - 1.0;
  spmm20(NR, NC, A, X, C);
  printf("twenty %.17g\n", sum(C, NR * 20));
  fill_buf(buf, 9, 0.25, 0.0);
  spmm20(NR, NC, A, buf, buf + 100);
  printf("twenty overlap %.17g\n", sum(buf, BUF));

  /* two blocks */
  for (long t = 0; t < NR * 32; t++) {
    F[t] = (float)(t % 3) * 0.5f;
    C[t] = (double)(t % 4) - 1.5;
  }
  spmm32_two(NR, NC, A, Y, F, X, C);
  printf("two %.9g %.17g\n", sumf(F, NR * 32), sum(C, NR * 32));
  /* the double row overlapping X: those rows run the loops as they are */
  fill_buf(buf, 7, 0.5, -1.0);
  spmm32_two(NR, NC, A, Y, F, buf, buf + 8);
  printf("two overlap %.9g %.17g\n", sumf(F, NR * 32), sum(buf, BUF));

  /* declared arrays: distinct objects, no check */
  for (long i = 0; i < NR; i++)
    for (long t = 0; t < (i + 4) % 9; t++)
      A9[i][(i * 7 + t * 3) % NC] = (double)(i - t) * 0.5;
  for (long j = 0; j < NC; j++)
    for (long k = 0; k < 64; k++) B9[j][k] = (double)((j * 9 + k) % 7) - 3.0;
#pragma sparse encoding(A9 : CSR)
  for (long i = 0; i < NR; i++)
    for (long j = 0; j < NC; j++)
      for (long k = 0; k < 64; k++)
        G[i][k] += A9[i][j] * B9[j][k];
  printf("declared %.17g\n", sum(&G[0][0], NR * 64));

  free(A);
  free(buf);
  free(X);
  free(C);
  free(Y);
  free(F);
  return 0;
}
