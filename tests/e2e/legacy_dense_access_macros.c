// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: invocations of element-access macros expanded
// EXPECT-ABSENT: for (int j = 0; j < N; j++) Y_(i, k) += A[i][j] * X_(j, k);
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += A[i][j] * (W(j));
// EXPECT-NOT-REPORT: is a macro whose body names variables
// EXPECT-REPORT: kernel sparsified: forall(k) forall(i) forall(j) Y(i,k) += A(i,j) * X(j,k)
// Dense operands reached through element-access macros, the way legacy
// code indexes its flat work arrays: `#define X_(j, k) X[(j) * K + (k)]`
// on a malloc'd block, and a parenthesized one on a static vector. Where
// such an invocation sits in a loop nest that names an array a pragma
// binds, it is expanded as the preprocessor would, so the nest is a
// kernel, its flat operands delinearized. The same macros in loops over
// dense arrays alone stay macros.
#include <stdio.h>
#include <stdlib.h>
#define N 140
#define K 5
#define X_(j, k) X[(j) * K + (k)]
#define Y_(i, k) Y[(i) * K + (k)]
#define W(j) (w[(j)])

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double w[N], z[N];

int main(void) {
  double *X = malloc(N * K * sizeof *X), *Y = calloc(N * K, sizeof *Y);
  if (!X || !Y) return 1;
  for (int i = 0; i < N; i++) {
    A[i][(i * 13) % N] = 1.0 + i % 3;
    A[i][(i + 1) % N] = 0.5 * (i % 4);
    w[i] = 1.0 / (1 + i % 9);
  }
  for (int j = 0; j < N; j++)
    for (int k = 0; k < K; k++) X_(j, k) = (j + k) % 4 - 1.5;
  for (int k = 0; k < K; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) Y_(i, k) += A[i][j] * X_(j, k);
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += A[i][j] * (W(j));
    z[i] = s;
  }
  double t = 0, u = 0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) t += Y_(i, k) * (i % 5 + k);
  for (int i = 0; i < N; i++) u += z[i] * W(i);
  printf("%.10f %.10f\n", t, u);
  free(X);
  free(Y);
  return 0;
}
