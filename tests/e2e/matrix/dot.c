// Dot product of two sparse vectors (intersection).
// EXPECT-ABSENT: s += a[i] * b[i];
#include "mx_common.h"
static double kernel(int n, double a[n], double b[n]) {
  double s = 0.0;
#pragma sparse encoding(a : @FORMAT@, b : @FORMAT2@)
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0] * mx_shape[t][1];
    double a[1][n], b[1][n];
    mx_fill(1, n, a);
    mx_fill(1, n, b);
    printf("dot: %.17g\n", kernel(n, a[0], b[0]));
  }
  return 0;
}
