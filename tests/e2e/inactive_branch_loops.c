// Loops in preprocessor branches the compiler does not see (`#if 0`,
// `#ifdef` of a macro not defined) are no kernels and stay as written,
// even where they use an array stored sparse and would not compile (the
// names they use are declared nowhere); the loops the compiler sees are
// sparsified as usual, and nothing is said about the others.
// EXPECT-SPARSIFIED: 2
// EXPECT-STDERR-EMPTY
// EXPECT-NOT-REPORT: undeclared_scale
// EXPECT-NOT-REPORT: missing
// EXPECT-ABSENT: sc__get_f64(A
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
#include <stdio.h>

#define N 8

int main(void) {
#pragma sparse encoding(A : CSR)
  static double A[N][N];
  double x[N], y[N] = {0};
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 / (i + 1);
    A[i][(3 * i + 1) % N] = i + 0.5;
  }
#if 0
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * undeclared_scale(j) + not_a_variable;
#endif
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
#ifdef SC_NOT_DEFINED_ANYWHERE
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) printf("%d %d %g\n", i, j, A[i][j] * missing[i]);
#else
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) printf("%d %d %g\n", i, j, A[i][j]);
#endif
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
