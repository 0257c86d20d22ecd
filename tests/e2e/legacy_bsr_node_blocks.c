// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (j = 0; j < NDOF; j++) f[i] += K[i][j] * u[j];
// EXPECT-ABSENT: for (i = 0; i < NDOF; i++) dinv[i] = 1.0 / K[i][i];
// EXPECT-REPORT: kernel sparsified: forall(i) { f(i) = 0; forall(j) f(i) += K(i,j) * u(j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(sc__diag_i) dinv(sc__diag_i) = 1.0 / K(i,sc__diag_i)
// EXPECT-STDERR-EMPTY
/* A 2-D elasticity-like matrix with 2x2 node blocks stored BSR(2,2):
   SpMV and a block-diagonal (Jacobi) preconditioner. */
#include <stdio.h>
#define NODES 12
#define NDOF (2 * NODES)

#pragma sparse encoding(K : BSR(2, 2))
static double K[NDOF][NDOF];

int main(void) {
  double u[NDOF], f[NDOF], dinv[NDOF];
  int n, m, a, b, i, j;
  for (n = 0; n < NODES; n++)
    for (m = 0; m < NODES; m++) {
      if (n != m && (n - m != 1 && m - n != 1) && (n + m) % 5 != 0) continue;
      for (a = 0; a < 2; a++)
        for (b = 0; b < 2; b++)
          K[2 * n + a][2 * m + b] = (n == m ? 4.0 : -1.0) + 0.1 * (a - b) + (a == b ? 0.0 : 0.2);
    }
  for (i = 0; i < NDOF; i++) u[i] = (i % 5) - 2.0;
  for (i = 0; i < NDOF; i++) {
    f[i] = 0;
    for (j = 0; j < NDOF; j++) f[i] += K[i][j] * u[j];
  }
  for (i = 0; i < NDOF; i++) dinv[i] = 1.0 / K[i][i];
  for (i = 0; i < NDOF; i++) printf("%.4f %.4f\n", f[i], dinv[i]);
  return 0;
}
