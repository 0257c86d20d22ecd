// SDDMM S = A .* (U V), dense result.
// EXPECT-ABSENT: S[i][j] += A[i][j] * U[i][k] * V[k][j];
#include "mx_common.h"
#define K 3
static void kernel(int n, int m, double A[n][m], double U[n][K],
                   double V[K][m], double S[n][m]) {
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < K; k++)
        S[i][j] += A[i][j] * U[i][k] * V[k][j];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], U[n][K], V[K][m], S[n][m];
    mx_fill(n, m, A);
    mx_dense(n * K, &U[0][0]);
    mx_dense(K * m, &V[0][0]);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) S[i][j] = 0.0;
    kernel(n, m, A, U, V, S);
    mx_print("S", n * m, &S[0][0]);
  }
  return 0;
}
