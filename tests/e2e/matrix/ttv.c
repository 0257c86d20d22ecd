// Tensor-times-vector Y_ij = sum_k T_ijk v_k.
// EXPECT-ABSENT: Y[i][j] += T[i][j][k] * v[k];
#include "mx_common.h"
static void kernel(int n, int m, int p, double T[n][m][p], const double v[p],
                   double Y[n][m]) {
#pragma sparse encoding(T : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        Y[i][j] += T[i][j][k] * v[k];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1], p = t % 3 + 1;
    double T[n][m][p], v[p], Y[n][m];
    mx_fill(n * m, p, (double (*)[p])&T[0][0][0]);
    mx_dense(p, v);
    mx_dense(n * m, &Y[0][0]);
    kernel(n, m, p, T, v, Y);
    mx_print("Y", n * m, &Y[0][0]);
  }
  return 0;
}
