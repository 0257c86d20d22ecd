// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (j = 0; j < N; j++) y[i] += dt * A[i][j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { y(i) = x(i); forall(j) y(i) += dt * A(i,j) * x(j) }
// EXPECT-WARNING: loop not sparsified: call to function 'printf', which may have side effects; its element reads become lookups
/* Explicit time stepping: the diagonal of a matrix stored sparse is
   shifted at every step (A += dt I, buffered element updates) and an SpMV
   advances the state; the diagonal is printed through element reads. */
#include <stdio.h>
#define N 20

int main(void) {
#pragma sparse encoding(A : DCSR)
  static double A[N][N];
  double x[N], y[N], dt = 0.01;
  int i, j, step;
  for (i = 0; i < N; i++) {
    if (i % 3) A[i][(i + 2) % N] = -0.3;
    if (i % 4 == 1) A[i][(i * 7) % N] = 0.2;
    x[i] = 1.0 + (i % 5);
  }
  for (step = 0; step < 12; step++) {
    for (i = 0; i < N; i++) A[i][i] += dt;
    for (i = 0; i < N; i++) {
      y[i] = x[i];
      for (j = 0; j < N; j++) y[i] += dt * A[i][j] * x[j];
    }
    for (i = 0; i < N; i++) x[i] = y[i];
  }
  for (i = 0; i < N; i += 2) printf("%.10f %.6f\n", x[i], A[i][i]);
  return 0;
}
