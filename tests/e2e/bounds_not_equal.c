// `i != bound` with a unit step is `i < bound` (a loop starting past its
// bound would run off the array): sparsified, with the bound spelt as a
// macro, a variable or `sizeof a / sizeof a[0]`, on either side; counting
// down, `i != lo` is `i > lo`.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: u -= A[r][c] * (r + 1);
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[j] += A[i][j] * x[i];
// EXPECT-ABSENT: t += A[i][j];
// EXPECT-STDERR-EMPTY
#include <stddef.h>
#include <stdio.h>

#define ROWS 6

int main(void) {
  double A[ROWS][10] = {{0}}, x[10], y[ROWS] = {0}, z[10] = {0}, t = 0;
  for (int i = 0; i < ROWS; i++) {
    A[i][(i * 7) % 10] = i + 1;
    A[i][9 - i] = 0.5;
  }
  for (int j = 0; j < 10; j++) x[j] = j - 3;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i != (int)(sizeof A / sizeof A[0]); i++)
    for (int j = 0; j != (int)(sizeof x / sizeof x[0]); ++j)
      y[i] += A[i][j] * x[j];
  size_t n = 10;
#pragma sparse encoding(A : DCSC)
  for (size_t i = 0; ROWS != i; i++)
    for (size_t j = 0; j != n; j++)
      z[j] += A[i][j] * x[i];
  int i, j;
#pragma sparse encoding(A : COO)
  for (i = 1; i != ROWS; i += 1)
    for (j = 2; j != 10; j = j + 1)
      t += A[i][j];
  double u = 0;
#pragma sparse encoding(A : CSR)
  for (int r = ROWS - 1; r != 0; r--)
    for (int c = 9; c != -1; --c)
      u -= A[r][c] * (r + 1);
  printf("%g\n", u);
  for (int r = 0; r < ROWS; r++) printf("%g ", y[r]);
  for (int c = 0; c < 10; c++) printf("%g ", z[c]);
  printf("%g %d %d\n", t, i, j);
  return 0;
}
