// A vectorize line before a function definition applies to the kernels of
// loop pragmas inside it too (it applied only to nests over arrays stored
// sparse by a declaration or parameter pragma; a loop's own encoding pragma
// ignored it, silently): the first nest is vectorized by the generic
// backend the function's pragma names, whatever the command line says; a
// loop's own `novectorize` and its own `vectorize(...)` still win.
// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 2
// EXPECT-REPORT: loop j: vectorized: generic, vl 4 [pragma], contiguous loads, gathers (64-bit coordinates), reduction into y1[i]
// EXPECT-REPORT: loop j: vectorized: generic, vl 2 [pragma], contiguous loads, gathers (64-bit coordinates), reduction into y3[i]
// EXPECT-NOT-REPORT: reduction into y2[i]
// EXPECT-ABSENT: y1[i] += A[i][j] * x[j];
// EXPECT-ABSENT: y2[i] += A[i][j] * x[j];
// EXPECT-ABSENT: y3[i] -= A[i][j] * x[j];
#include <stdio.h>

#define N 10
#define M 33
static double A[N][M], x[M], y1[N], y2[N], y3[N];

#pragma sparse vectorize(simd = generic, vl = 4)
static void kernels(void) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y1[i] += A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
#pragma sparse novectorize
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y2[i] += A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
#pragma sparse vectorize(simd = generic, vl = 2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y3[i] -= A[i][j] * x[j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i * j + i) % 4 == 1)
        A[i][j] = 0.5 * i - 0.125 * j;
  for (int j = 0; j < M; j++) x[j] = (j % 6) - 2.5;
  kernels();
  for (int i = 0; i < N; i++)
    printf("%.17g %.17g %.17g\n", y1[i], y2[i], y3[i]);
  return 0;
}
