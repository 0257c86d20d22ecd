// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-REPORT: loop nest split: 'A' is both read and written in the nest
// EXPECT-REPORT: it only writes arrays of the annotated loop's pragma, in their dense arrays as the program does
// EXPECT-NOT-REPORT: see the warning about their storage
// EXPECT-STDERR-EMPTY
// SPEC §4 case 3 on an iteration loop that also writes the array: a power
// iteration whose loop shifts A's diagonal at every step. The loop is split;
// the SpMV nest is a kernel whose tensor is kept across the loop, and the
// diagonal loop writes A's dense array as the program does (and the kept
// tensor, iteration_loop_writes_kept.c). The report said of that loop
// "see the warning about their storage", a warning given only for arrays of
// a declaration pragma; it now says what happens to the array.
#include <stdio.h>
#define N 40

int main(void) {
  static double A[N][N];
  double x[N], y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (j == i)                        ? 4.0
                : (j == i + 1 || j + 1 == i)    ? -1.0
                : ((i * j) % 23 == 5)           ? 0.01 * (i + 1)
                                                : 0.0;
  for (int i = 0; i < N; i++)
    x[i] = 1.0 + (i % 3);
#pragma sparse encoding(A : CSR)
  for (int it = 0; it < 8; it++) {
    for (int i = 0; i < N; i++) {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        y[i] += A[i][j] * x[j];
    }
    double nrm = 0;
    for (int i = 0; i < N; i++)
      nrm += y[i] * y[i];
    for (int i = 0; i < N; i++)
      x[i] = y[i] / nrm;
    for (int i = 0; i < N; i++)
      A[i][i] *= 1.01;
  }
  for (int i = 0; i < N; i++)
    printf("%.12g\n", x[i]);
  printf("%.12g\n", A[7][7]);
  return 0;
}
