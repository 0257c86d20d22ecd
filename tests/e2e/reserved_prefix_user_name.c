// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: 'sc__st' starts with 'sc__', the prefix of the names sparsecc generates, and could collide with one of them; no #pragma sparse applied (rename it)
// EXPECT-REPORT: 'sc__st' starts with the generated names' prefix sc__; no #pragma sparse applied
// A program variable spelled with the generated code's prefix: the kernel
// would declare its own `sc__st` (the runtime status) in the loop's block,
// and the statement's `* sc__st` would read that one (0) instead of the
// program's 2. No pragma is applied, with a warning naming the variable;
// the program prints what it prints compiled as it is.
#include <stdio.h>
#define N 12
static double A[N][N];
int main(void) {
  int i, j;
  double s = 0, sc__st = 2;
  for (i = 0; i < N; i++) A[i][(i * 7) % N] = i + 0.5;
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j] * (j + 1) * sc__st;
  printf("%.6f\n", s);
  return 0;
}
