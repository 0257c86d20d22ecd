// 3-D reductions: slice sums s_i = sum_jk T_ijk and a weighted total.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: s[i] += T[i][j][k];
// EXPECT-ABSENT: w += T[i][j][k] * (i + j + k + 1);
#include "mx_common.h"
static double kernel(int n, int m, int p, double T[n][m][p], double s[n]) {
#pragma sparse encoding(T : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        s[i] += T[i][j][k];
  double w = 0.0;
#pragma sparse encoding(T : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        w += T[i][j][k] * (i + j + k + 1);
  return w;
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1], p = 4 - t % 3;
    double T[n][m][p], s[n];
    mx_fill(n * m, p, (double (*)[p])&T[0][0][0]);
    for (int i = 0; i < n; i++) s[i] = 0.0;
    double w = kernel(n, m, p, T, s);
    mx_print("s", n, s);
    printf("w: %.17g\n", w);
  }
  return 0;
}
