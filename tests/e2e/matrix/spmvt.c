// Transposed SpMV z = A^T y, rows outermost.
// EXPECT-ABSENT: z[j] += A[i][j] * y[i];
#include "mx_common.h"
static void kernel(int n, int m, double A[n][m], const double y[n],
                   double z[m]) {
  for (int j = 0; j < m; j++) z[j] = 0.0;
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      z[j] += A[i][j] * y[i];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m], y[n], z[m];
    mx_fill(n, m, A);
    mx_dense(n, y);
    kernel(n, m, A, y, z);
    mx_print("z", m, z);
  }
  return 0;
}
