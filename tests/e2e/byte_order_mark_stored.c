// A source file saved with a UTF-8 byte order mark whose array is stored
// sparse (a pragma on its declaration): the inline functions the rewrite
// adds at the start of the file go after the mark, which stays the file's
// first bytes (they went before it, and the mark then stood in the middle
// of the output: "unknown type name").
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-STDERR-EMPTY
#include <stdio.h>
#define N 8
#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(3 * i) % N] = i + 1;
    x[i] = 1.0 / (i + 1);
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
