// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: 'A' keeps its dense storage: a part of it ('A[3]') is passed to 'row_scale'
// EXPECT-WARNING: whose parameter 'r' is a dense array; each loop nest using it assembles it at entry
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-REPORT: assembled from its dense array at entry
// SPEC §4 case 1 with a row of the array passed to a function of the file
// that takes a plain pointer (row_sum reads it, row_scale writes it): no
// pragma could pass such a function a part of a tensor, so, like the whole
// array passed to a function taking a dense array, 'A' keeps its dense
// block with a warning saying why, and the SpMV nest assembles it at entry.
// sparsecc used to stop with an error ("a part of it is used as a
// pointer").
#include <stdio.h>
#define N 28

static double row_sum(const double *r, int n) {
  double s = 0;
  for (int j = 0; j < n; j++)
    s += r[j] * (j + 1);
  return s;
}

static void row_scale(double *r, int n, double f) {
  for (int j = 0; j < n; j++)
    r[j] *= f;
}

int main(void) {
#pragma sparse encoding(A : CSR)
  static double A[N][N];
  double x[N], y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((i * 5 + j) % 9 == 2) ? i - 0.5 * j : 0.0;
  for (int j = 0; j < N; j++)
    x[j] = 1.0 + (j % 4) * 0.25;
  row_scale(A[3], N, -2.0);
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  }
  for (int i = 0; i < N; i++)
    printf("%d %.14g %.14g\n", i, y[i], row_sum(A[i], N));
  return 0;
}
