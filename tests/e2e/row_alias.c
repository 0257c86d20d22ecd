// A local pointer to a row of the sparse array (`double *row = A[i];`,
// `const double *r = &A[i][0];`, `A + i * M` for a flat A with its shape
// in the pragma), declared in the nest, never assigned again and only
// subscripted: `row[j]` is followed as `A[i][j]` (twice in a sum of
// squares), and the nest is a kernel.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: s += row[j] * x[j];
// EXPECT-ABSENT: t[i] += r[j] * x[j] * j;
// EXPECT-ABSENT: u[i] += fr[j] * x[j];
// EXPECT-ABSENT: q[i] += row2[j] * row2[j];
// EXPECT-REPORT: forall(i) { s = 0; forall(j) s += A(i,j) * x(j); y(i) = s }
// EXPECT-REPORT: forall(i) forall(j) u(i) += F(i,j) * x(j)
#include <stdio.h>
#include <stdlib.h>
#define N 31
#define M 27

static double A[N][M], x[M], y[N], t[N], u[N], q[N];

int main(void) {
  double *F = malloc(sizeof(double) * N * M);
  if (!F)
    return 1;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      A[i][j] = ((i * 5 + j * 2) % 7 == 0) ? 0.25 * (i % 6) - 0.5 * (j % 4) + 1.0 : 0.0;
      F[i * M + j] = ((i + j * 3) % 5 == 0) ? 1.0 + 0.125 * ((i * j) % 9) : 0.0;
    }
    y[i] = t[i] = u[i] = q[i] = 0.0;
  }
  for (int j = 0; j < M; j++)
    x[j] = 1.5 - 0.0625 * j;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double *row = A[i];
    double s = 0;
    for (int j = 0; j < M; j++)
      s += row[j] * x[j];
    y[i] = s;
  }
#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++) {
    const double *r = &A[i][0];
    for (int j = 0; j < M; j++)
      t[i] += r[j] * x[j] * j;
  }
#pragma sparse encoding(F[N][M] : CSR)
  for (int i = 0; i < N; i++) {
    const double *fr = F + i * M;
    for (int j = 0; j < M; j++)
      u[i] += fr[j] * x[j];
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double *row2 = A[i];
    for (int j = 0; j < M; j++)
      q[i] += row2[j] * row2[j];
  }
  for (int i = 0; i < N; i++)
    printf("%d %.12g %.12g %.12g %.12g\n", i, y[i], t[i], u[i], q[i]);
  free(F);
  return 0;
}
