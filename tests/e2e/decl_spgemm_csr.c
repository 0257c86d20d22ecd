// SpGEMM C += A * B with A, B, C stored as CSR tensors (declarations with
// pragmas): a Gustavson row workspace; the first product after C is
// zeroed, the second accumulates into C's existing entries (rows the
// product skips keep theirs).
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: C[i][j] += A[i][k] * B[k][j];
#include <stdio.h>

static unsigned long long lcg_state = 4242;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define N 21
#define K 17
#define M 25

int main(void) {
#pragma sparse encoding(A : CSR)
  static double A[N][K];
#pragma sparse encoding(B : CSR)
  static double B[K][M];
#pragma sparse encoding(C : CSR)
  static double C[N][M];
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) A[i][k] = sparse_value(0.2);
  for (int k = 0; k < K; k++)
    for (int j = 0; j < M; j++) B[k][j] = sparse_value(0.15);
  for (int k = 0; k < K; k++) A[3][k] = 0.0;   /* an empty row of C */
  for (int k = 0; k < K; k++) A[N - 1][k] = 0.0;

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) C[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < M; j++)
        C[i][j] += A[i][k] * B[k][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');

  C[3][5] = 7.0;        /* kept: row 3 of A is empty */
  C[N - 1][0] = -1.0;   /* the last row too */
  C[0][1] = 0.5;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < M; j++)
        C[i][j] += A[i][k] * B[k][j];
  double sum = 0;
  int nnz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');
      sum += C[i][j] * (i + 1) * (j + 1);
      nnz += C[i][j] != 0;
    }
  printf("nnz %d checksum %.12g\n", nnz, sum);
  return 0;
}
