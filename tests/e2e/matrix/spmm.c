// SpMM C = A X with three dense columns.
// EXPECT-ABSENT: C[i][k] += A[i][j] * X[j][k];
#include "mx_common.h"
#define K 3
static void kernel(int n, int m, double A[n][m], double X[m][K],
                   double C[n][K]) {
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += A[i][j] * X[j][k];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], X[m][K], C[n][K];
    mx_fill(n, m, A);
    mx_dense(m * K, &X[0][0]);
    mx_dense(n * K, &C[0][0]);
    kernel(n, m, A, X, C);
    mx_print("C", n * K, &C[0][0]);
  }
  return 0;
}
