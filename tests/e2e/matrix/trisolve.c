// Lower-triangular solve L x = b (forward substitution, strict part
// sparse, diagonal dense): a carried dependence, loops kept in order.
// EXPECT-ABSENT: x[i] -= A[i][j] * x[j];
#include "mx_common.h"
static void kernel(int n, double A[n][n], const double d[n],
                   double x[n]) {
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      x[i] -= A[i][j] * x[j];
    x[i] /= d[i];
  }
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    (void)m;
    double A[n][n], d[n], x[n];
    mx_fill(n, n, A);
    for (int i = 0; i < n; i++) d[i] = (i % 2) ? 2.0 : 0.5;
    mx_dense(n, x);
    kernel(n, A, d, x);
    mx_print("x", n, x);
  }
  return 0;
}
