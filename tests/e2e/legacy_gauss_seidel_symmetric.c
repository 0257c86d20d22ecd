// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += U[i][j] * x[j];
// EXPECT-ABSENT: if (j != i) s -= A[i][j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { y(i) += U(i,j) * x(j); y(j) += j != i ? U(i,j) * x(i) : -0.0 }
// EXPECT-REPORT: kernel sparsified: forall(sweep) forall(i) { s = b(i); forall(j) s -= j != i ? A(i,j) * x(j) : 0; forall(sc__diag_i) x(sc__diag_i) = s / A(i,sc__diag_i) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) U(i,j) = A(i,j)
// EXPECT-ABSENT: for (j = i; j < N; j++) U[i][j] = A[i][j];
/* Gauss-Seidel sweeps updating x in place, and a symmetric product from
   the upper triangle only (two updates per stored entry). */
#include <stdio.h>
#define N 26

#pragma sparse encoding(U : CSR)
static double U[N][N];
#pragma sparse encoding(A : CSR)
static double A[N][N];

int main(void) {
  double b[N], x[N], y[N];
  int i, j, sweep;
  for (i = 0; i < N; i++) {
    A[i][i] = 4.0 + (i % 2);
    if (i + 1 < N) { A[i][i + 1] = -1.0; A[i + 1][i] = -1.0; }
    if (i + 6 < N) { A[i][i + 6] = -0.5; A[i + 6][i] = -0.5; }
    b[i] = (i % 3) + 1.0;
    x[i] = 0.0;
  }
  for (i = 0; i < N; i++)
    for (j = i; j < N; j++) U[i][j] = A[i][j];
  for (sweep = 0; sweep < 20; sweep++)
    for (i = 0; i < N; i++) {
      double s = b[i];
      for (j = 0; j < N; j++)
        if (j != i) s -= A[i][j] * x[j];
      x[i] = s / A[i][i];
    }
  for (i = 0; i < N; i++) y[i] = 0;
  for (i = 0; i < N; i++)
    for (j = i; j < N; j++) {
      y[i] += U[i][j] * x[j];
      if (j != i) y[j] += U[i][j] * x[i];
    }
  for (i = 0; i < N; i += 2) printf("%.10f %.10f\n", x[i], y[i] - b[i]);
  return 0;
}
