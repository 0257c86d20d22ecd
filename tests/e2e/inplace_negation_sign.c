// Negating a dense-backed float array in place: the dense program stores
// -0.0 into every zero element, and a program can see it (signbit, "%g"
// prints "-0"). Skipping the absent elements would leave +0.0, so this
// update stays dense; a negative constant factor is a product with an
// absent entry (zero by SPEC §4) and is sparsified, as is the negation of
// an integer array.
// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: loop not sparsified
// EXPECT-ABSENT: for (int j = 0; j < M; j++) I[i][j] = -I[i][j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) B[i][j] = 2.0 * B[i][j];
#include <math.h>
#include <stdio.h>
#define N 6
#define M 7
static double A[N][M], B[N][M];
static int I[N][M];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i + 2 * j) % 4 == 0) A[i][j] = B[i][j] = I[i][j] = i - j;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = -A[i][j];
#pragma sparse encoding(I : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) I[i][j] = -I[i][j];
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = 2.0 * B[i][j];
  int negzero = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      negzero += A[i][j] == 0 && signbit(A[i][j]);
      printf("%g %d %g%c", A[i][j], I[i][j], B[i][j], j + 1 < M ? ' ' : '\n');
    }
  printf("negative zeros in A: %d\n", negzero);
  return 0;
}
