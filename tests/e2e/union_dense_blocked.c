// Unions with a dense side over arrays stored as BSR(2, 2), NV24 (2:4)
// and ELL: their block, 2:4 and counting levels cannot be walked by a
// merge cursor, so each is converted to CSR at entry and its rows walked
// by cursors (a search per element otherwise). Rows of 13 over blocks of
// 2 leave a partial block; NV24 rows hold one or two entries per group.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += A[i][j] + x[j];
// EXPECT-ABSENT: z[i] += B[i][j] - x[j];
// EXPECT-ABSENT: w[i] += 2.0 * E[i][j] + x[j];
// EXPECT-REPORT: assembled as (i, j) -> (i : dense, j : compressed): the loops cannot skip over its levels as declared
// EXPECT-REPORT: A walked by a merge cursor
// EXPECT-REPORT: B walked by a merge cursor
// EXPECT-REPORT: E walked by a merge cursor
#include <stdio.h>

#define N 13
#define M 12

#pragma sparse encoding(A : BSR(2, 2))
static double A[N][M];
#pragma sparse encoding(B : NV24)
static double B[N][M];
#pragma sparse encoding(E : ELL(3))
static double E[N][M];
static double x[M], y[N], z[N], w[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i * 7 + j * 3) % 5 == 0) {
        A[i][j] = i + 0.5 * j;
        E[i][j] = j - 0.25 * i;
      }
  for (int i = 0; i < N; i++) {
    B[i][(i % 3) * 4 + 1] = i * 1.5 + 1;
    if (i % 2) B[i][(i % 3) * 4 + 2] = -0.75 * i;
  }
  for (int j = 0; j < M; j++) x[j] = j * 0.25 - 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] + x[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += B[i][j] - x[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      w[i] += 2.0 * E[i][j] + x[j];
  for (int i = 0; i < N; i++) printf("%.10g %.10g %.10g\n", y[i], z[i], w[i]);
  return 0;
}
