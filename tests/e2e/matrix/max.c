// Maximum over all entries, absent ones included (an idempotent reduction).
// EXPECT-ABSENT: mx = fmax(mx, A[i][j]);
#include "mx_common.h"
static double kernel(int n, int m, double A[n][m]) {
  double mx = -100.0;
#pragma sparse encoding(A : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      mx = fmax(mx, A[i][j]);
  return mx;
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1];
    double A[n][m];
    mx_fill(n, m, A);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) A[i][j] = -fabs(A[i][j]);
    if (t == 3) A[n - 1][m - 1] = 2.5;
    printf("max: %.17g\n", kernel(n, m, A));
  }
  return 0;
}
