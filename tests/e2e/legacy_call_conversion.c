// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: A[i][j] *= f;
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-REPORT: conversion: 'C' (CSC) passed to 'weigh' is converted to the encoding of its parameter 'A' (CSR) at the call; the copy is freed after the call
// EXPECT-REPORT: conversion: 'K' (COO) passed to 'scale' is converted to the encoding of its parameter 'A' (CSR) at the call, and converted back after it (the function writes it)
// EXPECT-REPORT: conversion: 'B' (BSR(2, 2)) passed to 'weigh'
// EXPECT-NOT-REPORT: conversion: 'R'
// Functions whose pragma binds a parameter as CSR, called with arrays
// declared in other encodings (CSC, COO, BSR, DCSC): each argument is
// converted at the call through the runtime, converted back when the
// function writes the parameter, and the temporary freed; an argument
// declared CSR is passed as it is; a dense one is assembled.
#include <stdio.h>
#include <stdlib.h>

#define N 12

#pragma sparse encoding(A : CSR)
static void scale(double A[N][N], double f) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] *= f;
}

#pragma sparse encoding(A : CSR)
double weigh(double A[N][N], const double *x) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += A[i][j] * x[j];
  return s;
}

static double pat(int i, int j) { return (i * 5 + j * 3) % 7 == 0 ? 1 + i - 0.5 * j : 0; }

int main(void) {
  double x[N];
  for (int j = 0; j < N; j++) x[j] = 1.0 / (j + 1);
#pragma sparse encoding(C : CSC)
  double C[N][N] = {{0}};
#pragma sparse encoding(K : COO)
  double K[N][N] = {{0}};
#pragma sparse encoding(B : BSR(2, 2))
  static double B[N][N];
#pragma sparse encoding(D : DCSC)
  double D[N][N] = {{0}};
#pragma sparse encoding(R : CSR)
  double R[N][N] = {{0}};
  double E[N][N] = {{0}};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = pat(i, j);
      K[i][j] = pat(j, i);
      B[i][j] = pat(i + 1, j);
      D[i][j] = pat(i, j + 2);
      R[i][j] = pat(i + 3, j);
      E[i][j] = pat(i, j + 1);
    }
  printf("%.17g\n", weigh(C, x));
  scale(K, -2.5);
  printf("%.17g %g %g\n", weigh(K, x), K[0][0], K[3][1]);
  double w = weigh(B, x) + weigh(D, x);
  printf("%.17g\n", w);
  for (int r = 0; r < 3; r++) {
    scale(D, 0.5);
    scale(R, 2);
    scale(E, 3);
  }
  printf("%.17g %.17g %.17g\n", weigh(D, x), weigh(R, x), weigh(E, x));
  printf("%g %g\n", D[1][5], C[2][3]);
  return 0;
}
