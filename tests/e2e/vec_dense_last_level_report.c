// A matrix stored with a dense last level, `(i : compressed, j : dense)`
// (the nonzero rows kept whole): the loop over j indexes the row's values
// directly (position * size + j). It stays scalar under the SIMD backends,
// and the report says why in those terms (it said "A is searched per
// iteration", which it is not). SpMV and a scaled copy into a dense array,
// over rows of 1, 7 and 19 columns.
// EXPECT-SPARSIFIED: 6
// EXPECT-VECTOR-REPORT: loop j: not vectorized: A19's last level, dense, is indexed per iteration
// EXPECT-NOT-REPORT: A19 is searched per iteration
// EXPECT-ABSENT: y1[i] += A1[i][j] * x[j];
// EXPECT-ABSENT: y19[i] += A19[i][j] * x[j];
// EXPECT-ABSENT: z7[i][j] += 2.0 * A7[i][j] * x[j];
#include <stdio.h>

#define N 9
static double A1[N][1], A7[N][7], A19[N][19], x[19];
static double y1[N], y7[N], y19[N], z1[N][1], z7[N][7], z19[N][19];

int main(void) {
  for (int i = 0; i < N; i++)
    if (i % 3 != 1)
      for (int j = 0; j < 19; j++) {
        if (j < 1) A1[i][j] = (i + 1) * 0.5 - j;
        if (j < 7) A7[i][j] = (i + 1) * 0.25 - (j % 3);
        A19[i][j] = (i + 1) * 0.125 - (j % 4);
      }
  for (int j = 0; j < 19; j++) x[j] = 1.0 + j * 0.25;
#pragma sparse encoding(A1 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 1; j++)
      y1[i] += A1[i][j] * x[j];
#pragma sparse encoding(A7 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 7; j++)
      y7[i] += A7[i][j] * x[j];
#pragma sparse encoding(A19 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 19; j++)
      y19[i] += A19[i][j] * x[j];
#pragma sparse encoding(A1 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 1; j++)
      z1[i][j] += 2.0 * A1[i][j] * x[j];
#pragma sparse encoding(A7 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 7; j++)
      z7[i][j] += 2.0 * A7[i][j] * x[j];
#pragma sparse encoding(A19 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 19; j++)
      z19[i][j] += 2.0 * A19[i][j] * x[j];
  for (int i = 0; i < N; i++) {
    printf("%d: %.17g %.17g %.17g %.17g", i, y1[i], y7[i], y19[i], z1[i][0]);
    for (int j = 0; j < 7; j++) printf(" %.17g", z7[i][j]);
    for (int j = 0; j < 19; j++) printf(" %.17g", z19[i][j]);
    printf("\n");
  }
  return 0;
}
