// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (j = 0; j < NN; j++) q[i] += K[i][j] * p[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { q(i) = 0; forall(j) q(i) += K(i,j) * p(j) }
// EXPECT-STDERR-EMPTY
/* 1-D finite elements: element stiffness matrices assembled into a global
   matrix stored sparse, then a conjugate-gradient solve. */
#include <math.h>
#include <stdio.h>
#define NE 30
#define NN (NE + 1)

#pragma sparse encoding(K : CSR)
double K[NN][NN];
double f[NN], u[NN], r[NN], p[NN], q[NN];

static void assemble(void) {
  int e, a, b;
  double ke[2][2];
  for (e = 0; e < NE; e++) {
    double h = 1.0 / NE, k = (1.0 + 0.1 * e) / h;
    ke[0][0] = k; ke[0][1] = -k; ke[1][0] = -k; ke[1][1] = k;
    for (a = 0; a < 2; a++)
      for (b = 0; b < 2; b++) K[e + a][e + b] += ke[a][b];
    f[e] += 0.5 * h; f[e + 1] += 0.5 * h;
  }
  /* Dirichlet at node 0: keep the diagonal, clear row and column */
  for (a = 1; a < NN; a++) { K[0][a] = 0; K[a][0] = 0; }
  f[0] = 0;
}

static double dot(const double *x, const double *y) {
  double s = 0;
  for (int i = 0; i < NN; i++) s += x[i] * y[i];
  return s;
}

int main(void) {
  int it, i, j;
  double rr, alpha, beta, rr1;
  assemble();
  for (i = 0; i < NN; i++) { u[i] = 0; r[i] = f[i]; p[i] = f[i]; }
  rr = dot(r, r);
  for (it = 0; it < 200 && rr > 1e-24; it++) {
    for (i = 0; i < NN; i++) {
      q[i] = 0;
      for (j = 0; j < NN; j++) q[i] += K[i][j] * p[j];
    }
    alpha = rr / dot(p, q);
    for (i = 0; i < NN; i++) { u[i] += alpha * p[i]; r[i] -= alpha * q[i]; }
    rr1 = dot(r, r);
    beta = rr1 / rr;
    rr = rr1;
    for (i = 0; i < NN; i++) p[i] = r[i] + beta * p[i];
  }
  printf("iterations %d\n", it);
  for (i = 0; i < NN; i += 5) printf("%.8f\n", u[i]);
  return 0;
}
