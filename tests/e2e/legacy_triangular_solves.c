// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (j = 0; j < i; j++) s -= Lf[i][j] * y[j];
// EXPECT-ABSENT: for (j = i + 1; j < N; j++) s -= Lf[j][i] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { s = b(i); forall(j) s -= Lf(i,j) * y(j); forall(sc__diag_i) y(sc__diag_i) = s / Lf(i,sc__diag_i) }
// EXPECT-REPORT: kernel sparsified: forall(i) { s = y(i); forall(j) s -= Lf(j,i) * x(j); forall(sc__diag_i) x(sc__diag_i) = s / Lf(i,sc__diag_i) }
// EXPECT-STDERR-EMPTY
/* Forward and backward substitution with a lower triangular factor
   stored CSR (incomplete-Cholesky-like preconditioner apply). */
#include <stdio.h>
#define N 30

#pragma sparse encoding(Lf : CSR)
double Lf[N][N];

int main(void) {
  double b[N], y[N], x[N];
  int i, j;
  for (i = 0; i < N; i++) {
    Lf[i][i] = 2.0 + (i % 3);
    if (i >= 1) Lf[i][i - 1] = -0.5;
    if (i >= 4 && i % 2 == 0) Lf[i][i - 4] = 0.25;
    b[i] = 1.0 + (i % 4);
  }
  for (i = 0; i < N; i++) {
    double s = b[i];
    for (j = 0; j < i; j++) s -= Lf[i][j] * y[j];
    y[i] = s / Lf[i][i];
  }
  for (i = N - 1; i >= 0; i--) {
    double s = y[i];
    for (j = i + 1; j < N; j++) s -= Lf[j][i] * x[j];
    x[i] = s / Lf[i][i];
  }
  for (i = 0; i < N; i += 3) printf("%.10f %.10f\n", y[i], x[i]);
  return 0;
}
