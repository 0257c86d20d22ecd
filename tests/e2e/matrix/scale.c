// Scaling C = 2.5 A into a dense result (a fill, then the stored entries).
// EXPECT-ABSENT: C[i][j] = 2.5 * A[i][j];
#include "mx_common.h"
static void kernel(int n, int m, double A[n][m], double C[n][m]) {
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i][j] = 2.5 * A[i][j];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], C[n][m];
    mx_fill(n, m, A);
    mx_dense(n * m, &C[0][0]);
    kernel(n, m, A, C);
    mx_print("C", n * m, &C[0][0]);
  }
  return 0;
}
