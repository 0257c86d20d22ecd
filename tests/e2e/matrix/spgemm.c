// SpGEMM C = A B, both sparse, dense result.
// EXPECT-ABSENT: C[i][k] += A[i][j] * B[j][k];
#include "mx_common.h"
static void kernel(int n, int m, double A[n][m], double B[m][n],
                   double C[n][n]) {
#pragma sparse encoding(A : @FORMAT@, B : @FORMAT2@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < n; k++)
        C[i][k] += A[i][j] * B[j][k];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], B[m][n], C[n][n];
    mx_fill(n, m, A);
    mx_fill(m, n, B);
    for (int i = 0; i < n; i++)
      for (int k = 0; k < n; k++) C[i][k] = 0.0;
    kernel(n, m, A, B, C);
    mx_print("C", n * n, &C[0][0]);
  }
  return 0;
}
