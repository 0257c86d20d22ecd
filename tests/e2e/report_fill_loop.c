// A loop nest that assigns every element of an array stored sparse with
// `=` is no kernel: it becomes a clear of the tensor and inserts of the
// non-zero values, and a nest zeroing every element becomes a clear. The
// report says so for each (it said nothing). The SpMV after them is
// sparsified.
// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: :21:7: fill loop: assigns every element of 'A' with '=': rewritten as a clear of its tensor and an insert of each non-zero value
// EXPECT-REPORT: :30:7: fill loop: zeroes every element of 'A': rewritten as a clear of its tensor
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: A[i][j] = (i + 2 * j) % 5 == 0 ? 1.0 + i : 0.0;
#include <stdio.h>
#define N 10
#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++) x[i] = 0.5 * i - 1.0;
  for (int rep = 0; rep < 2; rep++) {
    if (rep == 0) {
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
          A[i][j] = (i + 2 * j) % 5 == 0 ? 1.0 + i : 0.0;
    }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];
    for (int i = 0; i < N; i++) printf("y[%d] = %g\n", i, y[i]);
    if (rep == 0) {
      A[3][4] = 2.5;
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) A[i][j] = 0;
      A[1][1] = -1.0;
    }
  }
  return 0;
}
