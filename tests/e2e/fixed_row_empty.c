// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: s += A[r][j];
// EXPECT-ABSENT: s += A[r + 1][j] * (j + 1);
// EXPECT-REPORT: A: A[r][j] reads a fixed row: dimension 0 at 'r' (outside the extent: nothing is read, as zeros)
// EXPECT-REPORT: level 0 (compressed) located by binary search once at entry
// Fixed rows that read nothing: a row with no stored entry (the search
// fails, the walk is empty), a row index outside the matrix under a loop
// that runs no iteration (the dense program reads nothing either; the
// subscript is not even evaluated), and part of a row (lo <= j < hi):
// the visited columns are checked against the loop's bounds.
#include <stdio.h>
#define N 10
#pragma sparse encoding(A : DCSR)
double A[N][N];

static double part(int r, int lo, int hi) {
  double s = 0;
  for (int j = lo; j < hi; j++) s += A[r][j];
  return s;
}

static double next_row(int r, int m) {
  double s = 0;
  for (int j = 0; j < m; j++) s += A[r + 1][j] * (j + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i += 2)
    for (int j = i % 3; j < N; j += 3) A[i][j] = 1.0 + i + 0.125 * j;
  for (int r = 0; r < N; r++)
    printf("%d %g %g %g\n", r, part(r, 0, N), part(r, 2, 7), part(r, 5, 5));
  for (int r = -1; r < N - 1; r++) printf("%g ", next_row(r, N));
  printf("\n%g %g %g\n", next_row(-2, 0), next_row(N, 0), next_row(1000000, 0));
  printf("%g\n", part(-7, 3, 3));
  return 0;
}
