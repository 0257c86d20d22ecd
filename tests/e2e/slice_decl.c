// A declaration with a sliced encoding: the array is stored sparse in
// full (the view does not change what the program's own element reads and
// writes mean), and a kernel that reads the view A[1 + 2 * i][3 + j] of
// slice(1, 5, 2), slice(3, 8, 1) walks the stored entries of those rows,
// skipping the columns outside the view.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: static double A[N][N];
// EXPECT-ABSENT: y[i] += A[1 + 2 * i][3 + j] * x[j];
// EXPECT-REPORT: A: walked as a slice view: A[2 * i + 1][j + 3] of slice(1, 5, 2), slice(3, 8, 1)
// EXPECT-REPORT: its sparse storage read in place
#include <stdio.h>

#define N 12

#pragma sparse encoding(A : (i : slice(1, 5, 2), j : slice(3, 8, 1)) -> (i : dense, j : compressed))
static double A[N][N];

int main(void) {
  double x[8], y[5];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 5) % 6 == 1 ? (double)(i - j) + 0.5 : 0.0;
  A[0][0] = 42.0;    /* outside the view: stored, read back below */
  A[11][11] += 1.0;
  for (int j = 0; j < 8; j++) x[j] = 0.25 * j - 1.0;

  for (int i = 0; i < 5; i++) {
    y[i] = 0.0;
    for (int j = 0; j < 8; j++)
      y[i] += A[1 + 2 * i][3 + j] * x[j];
  }

  for (int i = 0; i < 5; i++) printf("%.12g\n", y[i]);
  printf("%g %g %g\n", A[0][0], A[11][11], A[2][3]);
  return 0;
}
