// Column sums c_j = sum_i |A_ij|, rows outermost.
// EXPECT-ABSENT: c[j] += fabs(A[i][j]);
#include "mx_common.h"
static void kernel(int n, int m, double A[n][m], double c[m]) {
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[j] += fabs(A[i][j]);
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], c[m];
    mx_fill(n, m, A);
    for (int j = 0; j < m; j++) c[j] = 0.0;
    kernel(n, m, A, c);
    mx_print("c", m, c);
  }
  return 0;
}
