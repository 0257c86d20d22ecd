// MTTKRP M_ir = sum_jk T_ijk B_jr C_kr.
// EXPECT-ABSENT: M[i][r] += T[i][j][k] * B[j][r] * C[k][r];
#include "mx_common.h"
#define R 2
static void kernel(int n, int m, int p, double T[n][m][p], double B[m][R],
                   double C[p][R], double M[n][R]) {
#pragma sparse encoding(T : @FORMAT@)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        for (int r = 0; r < R; r++)
          M[i][r] += T[i][j][k] * B[j][r] * C[k][r];
}

int main(void) {
  for (int t = 0; t < MX_NSHAPES; t++) {
    int n = mx_shape[t][0], m = mx_shape[t][1], p = t % 3 + 2;
    double T[n][m][p], B[m][R], C[p][R], M[n][R];
    mx_fill(n * m, p, (double (*)[p])&T[0][0][0]);
    mx_dense(m * R, &B[0][0]);
    mx_dense(p * R, &C[0][0]);
    mx_dense(n * R, &M[0][0]);
    kernel(n, m, p, T, B, C, M);
    mx_print("M", n * R, &M[0][0]);
  }
  return 0;
}
