// A source file saved with a UTF-8 byte order mark (as some Windows
// editors do): the mark stays the file's first bytes, before the include
// of sparsecc_rt.h that the rewrite adds, so the output still compiles.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-STDERR-EMPTY
#include <stdio.h>
#define N 8
static double A[N][N];
static double x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(3 * i) % N] = i + 1;
    x[i] = 1.0 / (i + 1);
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
