// A pragma'd declaration whose array keeps its dense storage (it is passed
// to a function of this file taking a dense array): the one warning says
// why and what to do. The loops that only fill the array (a clear, and a
// write at a subscript that is not affine) write its dense storage as the
// program does; they are not warned about, only listed in the report, as
// the fill loops of an array stored sparse are (docs/user-guide.md). The
// SpMV nest reading it is a kernel that assembles it at entry.
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: 'A' keeps its dense storage: it is passed to 'total'
// EXPECT-REPORT: kernel not sparsified: no sparse operand is only read in the nest; it only writes arrays that keep their dense storage
// EXPECT-REPORT: kernel not sparsified: subscript '(i * 3) % N' is not affine in the loop variables; it only writes arrays that keep their dense storage
// EXPECT-REPORT: A: levels (dense padded, compressed unpadded), posWidth 0, crdWidth 0; assembled from its dense array at entry
// EXPECT-ABSENT: y[i] += A[i][j] * x[j]
#include <stdio.h>

#define N 8

static double total(double (*a)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += a[i][j];
  return s;
}

int main(void) {
#pragma sparse encoding(A : CSR)
  double A[N][N];
  double x[N], y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    A[i][(i * 3) % N] = i + 1.0;
  for (int j = 0; j < N; j++) {
    x[j] = j - 2.5;
    y[j] = 0.0;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  printf("total %g\n", total(A));
  for (int i = 0; i < N; i++) printf("y %d %g\n", i, y[i]);
  return 0;
}
