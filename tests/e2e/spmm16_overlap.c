// SpMM with 16 dense columns through pointer parameters that may overlap:
// the inner `k` loop is kept rolled so the C compiler vectorizes it behind
// its own run-time overlap test. Called once with distinct arrays and once
// with the output overlapping the dense operand (each update then reads
// values written by earlier updates, in the dense program's order), and
// compiled at -O3 so the vectorized path and its overlap test are the ones
// run.
// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: loop k: kept rolled
// EXPECT-ABSENT: C[i * 16 + k] += A[i * n + j] * X[j * 16 + k];
// OUT-CFLAGS: -O3
#include <stdio.h>
#include <stdlib.h>

#define NR 37
#define NC 29

static void spmm16(long m, long n, const double *A, const double *X,
                   double *C) {
#pragma sparse encoding(A[m][n] : CSR)
  for (long i = 0; i < m; i++) {
    for (long k = 0; k < 16; k++) C[i * 16 + k] = 0.0;
    for (long j = 0; j < n; j++)
      for (long k = 0; k < 16; k++)
        C[i * 16 + k] += A[i * n + j] * X[j * 16 + k];
  }
}

static double sum(const double *v, long len) {
  double s = 0;
  for (long t = 0; t < len; t++) s += v[t] * (double)(t % 7 + 1);
  return s;
}

int main(void) {
  double *A = calloc(NR * NC, sizeof(double));
  /* X (NC x 16) and C (NR x 16) in one buffer, for the overlapping call */
  double *buf = calloc((NR + NC) * 16 + 8, sizeof(double));
  double *X = malloc(NC * 16 * sizeof(double));
  double *C = malloc(NR * 16 * sizeof(double));
  if (!A || !buf || !X || !C) return 1;
  for (long i = 0; i < NR; i++)
    for (long j = 0; j < NC; j++)
      if ((i * 7 + j * 3) % 5 == 0) A[i * NC + j] = (double)((i + 2 * j) % 9) - 4.0;
  for (long t = 0; t < NC * 16; t++) X[t] = (double)(t % 13) * 0.25 - 1.5;

  spmm16(NR, NC, A, X, C); /* distinct arrays */
  for (long i = 0; i < NR; i++)
    printf("%ld %.17g %.17g\n", i, C[i * 16], C[i * 16 + 15]);
  printf("distinct %.17g\n", sum(C, NR * 16));

  /* overlapping: C starts 8 doubles into X's rows, so row i of C is half
   * of X's row i and half of row i + 1 */
  for (long t = 0; t < (NR + NC) * 16 + 8; t++)
    buf[t] = (double)(t % 11) * 0.5 - 2.0;
  spmm16(NR, NC, A, buf, buf + 8);
  printf("overlap %.17g\n", sum(buf, (NR + NC) * 16 + 8));
  /* C is X shifted by a whole row: reads of earlier rows see new values */
  for (long t = 0; t < (NR + NC) * 16 + 8; t++)
    buf[t] = (double)(t % 5) - 1.0;
  spmm16(NR, NC, A, buf, buf + 16);
  printf("shifted %.17g\n", sum(buf, (NR + NC) * 16 + 8));
  free(A);
  free(buf);
  free(X);
  free(C);
  return 0;
}
