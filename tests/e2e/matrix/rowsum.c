// Row sums r_i = sum_j A_ij.
// EXPECT-ABSENT: r[i] += A[i][j];
#include "mx_common.h"
static void kernel(int n, int m, double A[n][m], double r[n]) {
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      r[i] += A[i][j];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], r[n];
    mx_fill(n, m, A);
    mx_dense(n, r);
    kernel(n, m, A, r);
    mx_print("r", n, r);
  }
  return 0;
}
