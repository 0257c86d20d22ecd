// SpMM with 8-16 dense columns in the scalar output: each row's updated
// elements are accumulated in a local block across the row's entries and
// stored once, behind a run-time check per row that the block overlaps
// nothing the nest reads (pointer parameters). Called on distinct arrays,
// on one buffer holding X and then C apart (the block is taken), on an
// output overlapping the dense operand (the check sends the row to the
// loops as they are: each update reads values written by earlier ones),
// with 12 columns (a block of 8 and a rest of 4), 9 columns of a declared
// 2-D array (no check needed), `-=` into float rows beside a double sum
// (two blocks), and X read backwards (a negative coefficient: four
// corners). Compiled at -O3 so the blocked code and its checks are the
// ones run.
// EXPECT-SPARSIFIED: 4
// EXPECT-SCALAR-REPORT: accumulated in a local block across the entries of j (12 values, 8 a step); run-time check
// EXPECT-SCALAR-REPORT: accumulated in a local block across the entries of j (9 values, 8 a step)
// EXPECT-SCALAR-REPORT: accumulated in a local block across the entries of j (16 values, 8 a step)
// EXPECT-ABSENT: C[i * 12 + k] += A[i * n + j] * X[j * 12 + k];
// EXPECT-ABSENT: G[i][k] += A9[i][j] * B9[j][k];
// EXPECT-ABSENT: F[i * 16 + k] -= A[i * n + j] * Y[j * 16 + k];
// EXPECT-ABSENT: C[i * 12 + k] += A[i * n + j] * X[(n - 1 - j) * 12 + k];
// OUT-CFLAGS: -O3
#include <stdio.h>
#include <stdlib.h>

#define NR 37
#define NC 29

static void spmm12(long m, long n, const double *A, const double *X,
                   double *C) {
#pragma sparse encoding(A[m][n] : CSR)
  for (long i = 0; i < m; i++) {
    for (long k = 0; k < 12; k++) C[i * 12 + k] = 0.5;
    for (long j = 0; j < n; j++)
      for (long k = 0; k < 12; k++)
        C[i * 12 + k] += A[i * n + j] * X[j * 12 + k];
  }
}

/* two statements, two blocks: a float row updated by `-=`, a double row */
static void spmm16_two(long m, long n, const double *A, const float *Y,
                       float *F, const double *X, double *D) {
#pragma sparse encoding(A[m][n] : CSR)
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < 16; k++) {
        F[i * 16 + k] -= A[i * n + j] * Y[j * 16 + k];
        D[i * 16 + k] += A[i * n + j] * X[j * 16 + k] * 0.25;
      }
}

/* X's rows read from the last one down */
static void spmm12_rev(long m, long n, const double *A, const double *X,
                       double *C) {
#pragma sparse encoding(A[m][n] : CSR)
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < 12; k++)
        C[i * 12 + k] += A[i * n + j] * X[(n - 1 - j) * 12 + k];
}

static double A9[NR][NC], B9[NC][9], G[NR][9];

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

int main(void) {
  double *A = calloc(NR * NC, sizeof(double));
  double *buf = calloc((NR + NC) * 16 + 8, sizeof(double));
  double *X = malloc(NC * 16 * sizeof(double));
  double *C = malloc(NR * 16 * sizeof(double));
  float *Y = malloc(NC * 16 * sizeof(float));
  float *F = malloc(NR * 16 * sizeof(float));
  if (!A || !buf || !X || !C || !Y || !F) return 1;
  for (long i = 0; i < NR; i++)
    for (long j = 0; j < NC; j++)
      if ((i * 7 + j * 3) % 5 == 0) A[i * NC + j] = (double)((i + 2 * j) % 9) - 4.0;
  for (long t = 0; t < NC * 16; t++) {
    X[t] = (double)(t % 13) * 0.25 - 1.5;
    Y[t] = (float)(t % 11) * 0.125f - 0.5f;
  }

  spmm12(NR, NC, A, X, C); /* distinct arrays */
  for (long i = 0; i < NR; i++)
    printf("%ld %.17g %.17g\n", i, C[i * 12], C[i * 12 + 11]);
  printf("distinct %.17g\n", sum(C, NR * 12));

  /* one buffer: X's rows first, C after them (apart: blocked) */
  for (long t = 0; t < (NR + NC) * 16 + 8; t++)
    buf[t] = (double)(t % 11) * 0.5 - 2.0;
  spmm12(NR, NC, A, buf, buf + NC * 12);
  printf("apart %.17g\n", sum(buf, (NR + NC) * 16 + 8));

  /* overlapping: C starts 4 doubles into X's rows */
  for (long t = 0; t < (NR + NC) * 16 + 8; t++)
    buf[t] = (double)(t % 11) * 0.5 - 2.0;
  spmm12(NR, NC, A, buf, buf + 4);
  printf("overlap %.17g\n", sum(buf, (NR + NC) * 16 + 8));

  /* C is X shifted by a whole row: later rows read updated ones */
  for (long t = 0; t < (NR + NC) * 16 + 8; t++)
    buf[t] = (double)(t % 5) - 1.0;
  spmm12(NR, NC, A, buf, buf + 12);
  printf("shifted %.17g\n", sum(buf, (NR + NC) * 16 + 8));

  /* two blocks */
  for (long t = 0; t < NR * 16; t++) {
    F[t] = (float)(t % 3) * 0.5f;
    C[t] = (double)(t % 4) - 1.5;
  }
  spmm16_two(NR, NC, A, Y, F, X, C);
  printf("two %.9g %.17g\n", sumf(F, NR * 16), sum(C, NR * 16));
  /* the double row overlapping X: that row's nest runs unblocked */
  for (long t = 0; t < (NR + NC) * 16 + 8; t++)
    buf[t] = (double)(t % 7) * 0.5 - 1.0;
  spmm16_two(NR, NC, A, Y, F, buf, buf + 8);
  printf("two overlap %.9g %.17g\n", sumf(F, NR * 16),
         sum(buf, (NR + NC) * 16 + 8));

  /* read backwards, distinct and overlapping */
  for (long t = 0; t < NR * 12; t++) C[t] = 1.0;
  spmm12_rev(NR, NC, A, X, C);
  printf("rev %.17g\n", sum(C, NR * 12));
  for (long t = 0; t < (NR + NC) * 16 + 8; t++)
    buf[t] = (double)(t % 9) * 0.25;
  spmm12_rev(NR, NC, A, buf, buf + 100);
  printf("rev overlap %.17g\n", sum(buf, (NR + NC) * 16 + 8));

  /* declared arrays: distinct objects, no check */
  for (long i = 0; i < NR; i++)
    for (long j = 0; j < NC; j++)
      if ((i + j) % 4 == 1) A9[i][j] = (double)(i - j) * 0.5;
  for (long j = 0; j < NC; j++)
    for (long k = 0; k < 9; k++) B9[j][k] = (double)((j * 9 + k) % 7) - 3.0;
#pragma sparse encoding(A9 : CSR)
  for (long i = 0; i < NR; i++)
    for (long j = 0; j < NC; j++)
      for (long k = 0; k < 9; k++)
        G[i][k] += A9[i][j] * B9[j][k];
  printf("declared %.17g\n", sum(&G[0][0], NR * 9));

  free(A);
  free(buf);
  free(X);
  free(C);
  free(Y);
  free(F);
  return 0;
}
