// EXPECT-SPARSIFIED: 2
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += row[j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += A[i][j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0; forall(j) s += A(i,j) * x(j); y(i) = s }
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0; forall(j) s += A(i,j) * x(j); z(i) = s }
// The row-pointer idiom of legacy code, `const double *row = A[i];` then
// `row[j]`, is followed into A: that nest is the same kernel as the second
// one, which indexes A itself.
#include <stdio.h>
#define N 30

static double A[N][N];

int main(void) {
  double x[N], y[N], z[N];
  for (int i = 0; i < N; i++) {
    A[i][(i * 7) % N] = 1.0 + i;
    A[i][i] += 2.0;
    x[i] = 0.5 * i;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    const double *row = A[i];
    for (int j = 0; j < N; j++) s += row[j] * x[j];
    y[i] = s;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += A[i][j] * x[j];
    z[i] = s;
  }
  for (int i = 0; i < N; i += 4) printf("%.17g %.17g\n", y[i], z[i]);
  return 0;
}
