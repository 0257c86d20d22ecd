// SpGEMM C += A * B into a CSR C with many columns, so that each row's
// touched columns are sorted rather than found by a marker scan: rows with
// no, one, a few (insertion sort), more than 32 (shell sort) touched
// columns arriving out of order, and a row dense enough for the scan.
// The printing loop reads one row of C (i fixed by the loop around it,
// which printf keeps out of the kernel): it walks that row's entries.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: C[i][j] += A[i][k] * B[k][j];
#include <stdio.h>

#define N 6
#define K 48
#define M 4096

#pragma sparse encoding(A : CSR)
static double A[N][K];
#pragma sparse encoding(B : CSR)
static double B[K][M];
#pragma sparse encoding(C : CSR)
static double C[N][M];

int main(void) {
  /* B row k: 12 columns spread over M, descending with k */
  for (int k = 0; k < K; k++)
    for (int t = 0; t < 12; t++) B[k][((M - 1 - k * 37 - t * 331) % M + M) % M] = k + t + 1;
  /* row 0 empty; row 1: one k; row 2: two k; row 3: four k (> 32
   * columns); row 4: all k (> M / 64 columns: the scan); row 5: one k
   * next to a zero of A */
  A[1][5] = 1;
  A[2][7] = 2;
  A[2][3] = -1;
  for (int k = 10; k < 14; k++) A[3][k] = k - 11;
  for (int k = 0; k < K; k++) A[4][k] = 1 + k % 3;
  A[5][20] = 1;
  A[5][21] = 0; /* an explicit zero in the dense original */

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) C[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < M; j++)
        C[i][j] += A[i][k] * B[k][j];

  for (int i = 0; i < N; i++) {
    int nnz = 0, first = -1, last = -1;
    double sum = 0;
    for (int j = 0; j < M; j++)
      if (C[i][j] != 0) {
        nnz++;
        if (first < 0) first = j;
        last = j;
        sum += C[i][j] * (j + 1);
      }
    printf("row %d: nnz %d first %d last %d sum %.17g\n", i, nnz, first, last,
           sum);
  }
  return 0;
}
