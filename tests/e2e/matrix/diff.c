// Difference C = A - B (union with negation), dense result.
// EXPECT-ABSENT: C[i][j] = A[i][j] - B[i][j];
#include "mx_common.h"
static void kernel(int n, int m, double A[n][m], double B[n][m],
                   double C[n][m]) {
#pragma sparse encoding(A : @FORMAT@, B : @FORMAT2@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i][j] = A[i][j] - B[i][j];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], B[n][m], C[n][m];
    mx_fill(n, m, A);
    mx_fill(n, m, B);
    kernel(n, m, A, B, C);
    mx_print("C", n * m, &C[0][0]);
  }
  return 0;
}
