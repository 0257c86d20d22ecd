// SpMV y = A x.
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
#include "mx_common.h"

static void kernel(int n, int m, double A[n][m], const double x[m],
                   double y[n]) {
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  }
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], x[m], y[n];
    mx_fill(n, m, A);
    mx_dense(m, x);
    kernel(n, m, A, x, y);
    mx_print("y", n, y);
  }
  return 0;
}
