// Loops that mix element types stay scalar with every backend, and their
// report line names the element type of the array that does not match the
// loop's: a float matrix times a double vector into a double row sum, an
// int matrix times a double vector, a signed char matrix times an int
// vector (before, the reason said only "A is not an array of double").
// The same product in one type, float, is vectorized beside them. The
// scalar loops print what the input prints.
// EXPECT-SPARSIFIED: 4
// EXPECT-VECTORIZED: 1
// EXPECT-VECTOR-REPORT: not vectorized: F is not an array of double (its elements are float: a loop computes in one element type, no conversion in its lanes)
// EXPECT-VECTOR-REPORT: not vectorized: I is not an array of double (its elements are int32_t:
// EXPECT-VECTOR-REPORT: not vectorized: C is not an array of int (its elements are int8_t:
// EXPECT-VECTOR-REPORT: , float, vl
#include <stdio.h>

#define N 30
#define M 90

static float F[N][M], fx[M], fy[N];
static int I[N][M], cy[N];
static signed char C[N][M];
static double x[M], y[N], z[N];
static int ix[M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((j * 7 + i * 13) % M < (i % 6) * 17) {
        F[i][j] = (float)((i * 31 + j * 17) % 41 - 20) / 8;
        I[i][j] = (i * 31 + j * 17) % 41 - 20;
        C[i][j] = (signed char)((i + j) % 19 - 9);
      }
  for (int j = 0; j < M; j++) {
    x[j] = 1.0 + (j % 13) / 8.0;
    fx[j] = (float)(j % 9) - 4;
    ix[j] = j % 11 - 5;
  }
#pragma sparse encoding(F : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += F[i][j] * x[j];
#pragma sparse encoding(I : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += I[i][j] * x[j];
#pragma sparse encoding(C : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      cy[i] += C[i][j] * ix[j];
#pragma sparse encoding(F : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      fy[i] += F[i][j] * fx[j];
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.17g %d %.9g\n", i, y[i], z[i], cy[i], fy[i]);
  return 0;
}
