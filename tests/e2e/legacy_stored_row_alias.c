// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0; forall(j) s += A(i,j) * x(j); y(i) = s }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) z(i) += A(i,j) * x(j)
// EXPECT-REPORT: kernel sparsified: forall(i) { t = 0; forall(j) t += F(i,j) * x(j); w(i) = t }
// EXPECT-REPORT: 'A' stored as a sparse tensor (CSR)
// EXPECT-REPORT: 'F' stored as a sparse tensor (CSR)
// EXPECT-ABSENT: const double *row = A[i];
// EXPECT-ABSENT: const double *r = &A[i][0];
// EXPECT-ABSENT: double *fr = F + i * N;
// EXPECT-STDERR-EMPTY
// Row pointers into arrays stored sparse by a pragma on their declaration
// (a local `row` set to `A[i]`, to `&A[i][0]`, or to `F + i * N` for a flat F with
// its shape in the pragma) inside loop nests that become kernels are
// followed into the array, as under a pragma on the nest: the arrays keep
// their sparse storage and the nests are kernels over it.
#include <stdio.h>
#include <stdlib.h>
#define N 29

#pragma sparse encoding(A : CSR)
static double A[N][N];

int main(void) {
  double x[N], y[N], z[N], w[N];
#pragma sparse encoding(F[N][N] : CSR)
  double *F = calloc(N * N, sizeof *F);
  if (!F) return 1;
  for (int i = 0; i < N; i++) {
    A[i][(i * 7) % N] = 1.0 + i;
    A[i][i] += 2.0;
    F[i * N + (i * 5 + 1) % N] = 0.5 * i - 3;
    x[i] = 0.5 * i;
    z[i] = 0;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    const double *row = A[i];
    for (int j = 0; j < N; j++) s += row[j] * x[j];
    y[i] = s;
  }
  for (int i = 0; i < N; i++) {
    const double *r = &A[i][0];
    for (int j = 0; j < N; j++) z[i] += r[j] * x[j];
  }
  for (int i = 0; i < N; i++) {
    double t = 0;
    double *fr = F + i * N;
    for (int j = 0; j < N; j++) t += fr[j] * x[j];
    w[i] = t;
  }
  for (int i = 0; i < N; i++) printf("%d %.17g %.17g %.17g\n", i, y[i], z[i], w[i]);
  free(F);
  return 0;
}
