// Global weighted sum s = sum_ij A_ij * (i + 2j + 1).
// EXPECT-ABSENT: s += A[i][j] * (i + 2 * j + 1);
#include "mx_common.h"
static double kernel(int n, int m, double A[n][m]) {
  double s = 0.0;
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += A[i][j] * (i + 2 * j + 1);
  return s;
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m];
    mx_fill(n, m, A);
    printf("s: %.17g\n", kernel(n, m, A));
  }
  return 0;
}
