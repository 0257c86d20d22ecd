// A crdWidth too narrow for the coordinates the array's extents allow
// (crdWidth = 8 over 300 columns) would make the program fail at the
// nest's entry: the nest stays dense with a warning. Wide enough widths,
// also for a blocked level whose coordinates are j floordiv 2, are
// sparsified.
// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: crdWidth = 8 cannot hold the coordinates of 'A' at level 1 (up to 299, from its extent M)
// EXPECT-ABSENT: z[i] += A[i][j] * x[j];
// EXPECT-ABSENT: w[i] += A[i][j] * x[j];
#include <stdio.h>

#define N 4
#define M 300

static double A[N][M], x[M], y[N], z[N], w[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][i * 90] = 1 + i;
    A[i][299] = 2;
  }
  for (int j = 0; j < M; j++) x[j] = j;
#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), crdWidth = 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), crdWidth = 16)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += A[i][j] * x[j];
#pragma sparse encoding(A : (i, j) -> (i : dense, j floordiv 2 : compressed, j mod 2 : dense), crdWidth = 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      w[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g %g %g\n", y[i], z[i], w[i]);
  return 0;
}
