// Sparse outputs in DCSR: SpAdd by ordered append (empty rows are not
// stored) and a sampled dense-dense product (SDDMM) C += S .* (U V^T)
// through a Gustavson row workspace.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: C[i][j] = A[i][j] + S[i][j];
// EXPECT-ABSENT: C[i][j] += S[i][j] * U[i][k] * V[j][k];
#include <stdio.h>

static unsigned long long lcg_state = 99;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define N 19
#define M 23
#define R 4

int main(void) {
#pragma sparse encoding(A : DCSR, S : DCSR)
  static double A[N][M], S[N][M];
#pragma sparse encoding(C : DCSR)
  static double C[N][M];
  double U[N][R], V[M][R];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = sparse_value(0.2);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) S[i][j] = sparse_value(0.2);
  for (int j = 0; j < M; j++) A[5][j] = 0.0;
  for (int j = 0; j < M; j++) S[5][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int r = 0; r < R; r++) U[i][r] = lcg();
  for (int j = 0; j < M; j++)
    for (int r = 0; r < R; r++) V[j][r] = lcg();

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = A[i][j] + S[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) C[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < R; k++)
        C[i][j] += S[i][j] * U[i][k] * V[j][k];
  double sum = 0;
  int nnz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');
      sum += C[i][j] * (i + 2) * (j + 1);
      if (C[i][j] != 0) nnz++;
    }
  printf("nnz %d checksum %.12g\n", nnz, sum);
  return 0;
}
