// SDDMM C += S .* (A B) with S CSR: the j loop walks row i of S and the
// k loop stays dense inside it (every statement is a += of a product with S).
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: C[i][j] += S[i][j] * A[i][k] * B[k][j];
#include <stdio.h>

#define N 21
#define M 17
#define K 4

static unsigned long long lcg_state = 4242;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

int main(void) {
  static double S[N][M], A[N][K], B[K][M], C[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double r = lcg();
      S[i][j] = r > 3.0 ? r : 0.0;
      C[i][j] = 0.25;
    }
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) A[i][k] = lcg();
  for (int k = 0; k < K; k++)
    for (int j = 0; j < M; j++) B[k][j] = lcg();

#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        C[i][j] += S[i][j] * A[i][k] * B[k][j];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g\n", C[i][j]);
  return 0;
}
