// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-ABSENT: A[i][j] *= f;
// EXPECT-REPORT: conversion: 'C' (CSC) passed to 'weigh' is converted to the encoding of its parameter 'A' (CSR) once, before the loop at line 64 (the loop passes it only to 'weigh'); the copy is freed after the loop
// EXPECT-REPORT: conversion: 'K' (COO) passed to 'scale' is converted to the encoding of its parameter 'A' (CSR) once, before the loop at line 68 (the loop passes it only to 'scale'), and converted back after it (the function writes it)
// EXPECT-REPORT: conversion: 'D' (DCSC) passed to 'weigh' is converted to the encoding of its parameter 'A' (CSR) at the call; the copy is freed after the call
// EXPECT-REPORT: conversion: 'B' (BSR(2, 2)) passed to 'scale' is converted to the encoding of its parameter 'A' (CSR) at the call, and converted back after it
// EXPECT-REPORT: once, before the loop at line 73 (the loop passes it only to 'scale'), and converted back after it
// EXPECT-NOT-REPORT: before the loop at line 77
// Conversions at calls inside loops (SPEC §4 case 2): an argument stored
// in another encoding than the callee's parameter is converted once,
// before the outermost loop that passes it only to that function (and
// converted back after the loop when the function writes it), not at
// every call; a loop that also reads the array, or that a return can
// leave, converts at each call.
#include <stdio.h>

#define N 12

#pragma sparse encoding(A : CSR)
static void scale(double A[N][N], double f) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] *= f;
}

#pragma sparse encoding(A : CSR)
static double weigh(double A[N][N], const double *x) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += A[i][j] * x[j];
  return s;
}

static double pat(int i, int j) { return (i * 5 + j * 3) % 7 == 0 ? 1 + i - 0.5 * j : 0; }

#pragma sparse encoding(B : BSR(2, 2))
static double B[N][N];

static double first_big(const double *x) {
  for (int r = 0; r < 5; r++) {
    scale(B, 1.5);
    if (B[1][1] * x[0] > 2) return r;
  }
  return -1;
}

int main(void) {
  double x[N];
  for (int j = 0; j < N; j++) x[j] = 1.0 / (j + 1);
#pragma sparse encoding(C : CSC)
  double C[N][N] = {{0}};
#pragma sparse encoding(K : COO)
  double K[N][N] = {{0}};
#pragma sparse encoding(D : DCSC)
  double D[N][N] = {{0}};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = pat(i, j);
      K[i][j] = pat(j, i);
      D[i][j] = pat(i, j + 2);
      B[i][j] = pat(i + 1, j);
    }
  double t = 0;
  for (int rep = 0; rep < 3; rep++)
    for (int k = 0; k < 4; k++) t += weigh(C, x) * (k + 1) - 0.5 * weigh(C, x);
  printf("%.17g\n", t);
  int it = 0;
  while (it < 3) {
    scale(K, -2);
    it++;
    if (it == 2) break;
  }
  do {
    scale(K, 0.5);
  } while (++it < 5);
  printf("%.17g %g %g\n", weigh(K, x), K[0][0], K[3][1]);
  for (int r = 0; r < 3; r++) t += weigh(D, x) + D[r][r];
  printf("%.17g %g\n", t, first_big(x));
  printf("%.17g\n", weigh(B, x));
  return 0;
}
