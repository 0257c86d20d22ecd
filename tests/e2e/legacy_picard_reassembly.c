// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: if (j != i) s -= K[i][j] * u[j];
// EXPECT-REPORT: kernel sparsified: forall(sw) { forall(i) { s = f(i); forall(j) s -= j != i ? K(i,j) * u(j) : 0; forall(sc__diag_i) un(sc__diag_i) = s / K(i,sc__diag_i) }; forall(i) u(i) = un(i) }
// EXPECT-STDERR-EMPTY
/* Nonlinear 1-D diffusion by Picard iterations: the stiffness matrix is
   cleared with memset and reassembled from the current solution at every
   iteration, then a few Jacobi sweeps solve the linear system. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#define NE 24
#define NN (NE + 1)

#pragma sparse encoding(K : CSR)
static double K[NN][NN];

int main(void) {
  double u[NN], un[NN], f[NN];
  int e, i, j, pic, sw;
  for (i = 0; i < NN; i++) { u[i] = 0; f[i] = 1.0 / NE; }
  for (pic = 0; pic < 6; pic++) {
    memset(K, 0, sizeof K);
    for (e = 0; e < NE; e++) {
      double kap = 1.0 + 0.5 * (u[e] + u[e + 1]) * (u[e] + u[e + 1]);
      double k = kap * NE;
      K[e][e] += k;
      K[e + 1][e + 1] += k;
      K[e][e + 1] -= k;
      K[e + 1][e] -= k;
    }
    K[0][0] += 1e6;
    for (sw = 0; sw < 200; sw++) {
      for (i = 0; i < NN; i++) {
        double s = f[i];
        for (j = 0; j < NN; j++)
          if (j != i) s -= K[i][j] * u[j];
        un[i] = s / K[i][i];
      }
      for (i = 0; i < NN; i++) u[i] = un[i];
    }
    printf("%d %.8f %.8f\n", pic, u[NN / 2], u[NN - 1]);
  }
  return 0;
}
