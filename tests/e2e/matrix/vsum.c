// Sum of a sparse vector and a scaled vector into a dense one (a fill
// loop, then the union of the stored entries).
// EXPECT-ABSENT: z[i] = a[i] + 0.5 * b[i];
#include "mx_common.h"
static void kernel(int n, double a[n], double b[n], double z[n]) {
#pragma sparse encoding(a : @FORMAT@, b : @FORMAT2@)
  for (int i = 0; i < n; i++)
    z[i] = a[i] + 0.5 * b[i];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0] * mx_shape[t][1];
    double a[1][n], b[1][n], z[n];
    mx_fill(1, n, a);
    mx_fill(1, n, b);
    kernel(n, a[0], b[0], z);
    mx_print("z", n, z);
  }
  return 0;
}
