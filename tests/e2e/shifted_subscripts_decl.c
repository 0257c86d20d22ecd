// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i + 1][j + 1] * x[j];
// EXPECT-REPORT: A: subscripts A[i + 1][j + 1] walked as a view of the stored array
// A 1-based matrix stored sparse (a pragma on its declaration) read by
// 0-based loops: the kernel walks the tensor's storage in place, skipping
// row 0 and column 0, which the subscripts cannot reach.
#include <stdio.h>
#define N 12
#pragma sparse encoding(A : DCSR)
double A[N + 1][N + 1];
double x[N], y[N];
int main(void) {
  for (int i = 1; i <= N; i++) { A[i][i] = i; if (i % 3 == 0) A[i][1] = -2; x[i - 1] = 1.0 / i; }
  A[0][5] = 7;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i + 1][j + 1] * x[j];
  for (int i = 0; i < N; i++) printf("%.17g\n", y[i]);
  return 0;
}
