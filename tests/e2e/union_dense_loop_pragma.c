// Unions with a dense side under a loop pragma (the arrays are dense
// outside the nest). A nest where no loop can skip stays as written: it
// visits every position anyway, and the dense array reads faster than a
// merged walk of an assembly made at entry (or kept across an enclosing
// loop; docs/performance.md, "Unions with a dense side"), so sparsecc
// warns with that reason. Where another loop skips (`k` over A's entries
// in `C[i][j] += A[i][k] * (B[k][j] + X[k][j])`), the dense loop over j
// below it walks B's row with a merge cursor instead of a search per j.
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: 'y[i] += A[i][j] + x[j]' has an effect there; the nest visits every position, and its dense arrays read faster than a merged walk of their assembly
// EXPECT-ABSENT: C[i][j] += A[i][k] * (B[k][j] + X[k][j]);
// EXPECT-REPORT: loop k: positions of A
// EXPECT-REPORT: loop j: dense, every j visited ('C[i][j] += A[i][k] * (B[k][j] + X[k][j])' has an effect where B is absent); B walked by a merge cursor
#include <stdio.h>

#define N 12
#define K 9
#define M 14

static unsigned long long lcg_state = 2024;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

static double A[N][K], B[K][M], X[K][M], C[N][M], x[K], y[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) A[i][k] = lcg() > 2.5 ? lcg() : 0.0;
  for (int k = 0; k < K; k++)
    for (int j = 0; j < M; j++) {
      B[k][j] = k != 3 && lcg() > 3.0 ? lcg() : 0.0;
      X[k][j] = lcg();
    }
  for (int k = 0; k < K; k++) x[k] = lcg();

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < K; j++)
      y[i] += A[i][j] + x[j];
  for (int i = 0; i < N; i++) printf("%.10g\n", y[i]);

#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < M; j++)
        C[i][j] += A[i][k] * (B[k][j] + X[k][j]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');
  return 0;
}
