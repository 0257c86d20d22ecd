// A repetition loop around "zero C, then C += A * B" with A, B, C stored
// sparse: the zeroing nest becomes a clear, and the product nest inside the
// same loop is still found and sparsified (it used to be skipped silently,
// leaving the product as element lookups).
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: C[i][j] += A[i][k] * B[k][j];
#include <stdio.h>
#define N 24
#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : CSR)
static double B[N][N];
#pragma sparse encoding(C : CSR)
static double C[N][N];
int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][i] = 1 + i;
    if (i + 3 < N) A[i][i + 3] = 2;
    if (2 * i < N) B[i][2 * i] = 3 - i;
  }
  for (int rep = 0; rep < 3; rep++) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) C[i][j] = 0.0;
    for (int i = 0; i < N; i++)
      for (int k = 0; k < N; k++)
        for (int j = 0; j < N; j++)
          C[i][j] += A[i][k] * B[k][j];
    B[rep][rep] += 1.0;
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += C[i][j] * (i + 2 * j);
  printf("%.12g\n", s);
  return 0;
}
