// Comments inside `#pragma sparse` lines, which the pragma language
// allows: a `/* */` in the middle, one before a backslash continuation, a
// block comment running over two lines, and a trailing `//`. Each pragma
// still applies to the loop after it.
// EXPECT-SPARSIFIED: 4
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[j] += A[i][j] * x[i];
// EXPECT-ABSENT: s += A[i][j];
// EXPECT-ABSENT: t -= A[i][j] * A[i][j];
#include <stdio.h>

#define N 7
#define M 9

int main(void) {
  double A[N][M] = {{0}}, x[M], y[N] = {0}, z[M] = {0}, s = 0, t = 0;
  for (int i = 0; i < N; i++) {
    A[i][(i * 4) % M] = i + 1;
    A[i][(i + 5) % M] = -0.5 * i;
  }
  for (int j = 0; j < M; j++) x[j] = j - 3;
#pragma sparse encoding(A : (i, j) -> (i : dense, /* rows */ j : compressed))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
#pragma sparse encoding(A : \
                        (i, j) -> (j : dense, /* columns first */ \
                                   i : compressed))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += A[i][j] * x[i];
#pragma sparse encoding(A : DCSR /* both levels
                                    compressed */)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j];
#pragma sparse encoding(A : COO) // coordinates
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      t -= A[i][j] * A[i][j];
  for (int i = 0; i < N; i++) printf("%g ", y[i]);
  for (int j = 0; j < M; j++) printf("%g ", z[j]);
  printf("%g %g\n", s, t);
  return 0;
}
