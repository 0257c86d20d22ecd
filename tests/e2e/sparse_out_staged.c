// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: conversion: C assembled in a staging tensor (levels (i : dense, j : compressed), appended in the loops' order) and converted into its encoding at exit
// EXPECT-REPORT: conversion: K assembled in a staging tensor
// EXPECT-REPORT: conversion: P assembled in a staging tensor
// EXPECT-REPORT: conversion: E assembled in a staging tensor
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) C(i,j) = A(i,j) - 2.0 * B(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) K(i,j) += A(i,j) * B(i,j)
// EXPECT-ABSENT: C[i][j] = A[i][j] - 2.0 * B[i][j];
// EXPECT-ABSENT: K[i][j] += A[i][j] * B[i][j];
// EXPECT-ABSENT: P[i][j] = A[i][j] + B[j][i];
// EXPECT-ABSENT: E[i][j] = 0.5 * A[i][j];
// SPEC §5: sparse outputs (SpAdd, element-wise products, scaling) in
// encodings that are not appended in the loops' order: a column-major C
// (CSC) and K (DCSC) written by row loops, P in BSR(2, 2) (four levels),
// E in ELL(4). Each is assembled in a staging tensor, rows over the outer
// loop's dimension, and converted into its encoding at the nest's exit
// (a '+=' combines with the entries K had, a full '=' replaces C's). They
// used to stay buffered inserts of a dense loop, with a note naming CSC
// for the CSC C.
#include <stdio.h>
#define N 26

int main(void) {
#pragma sparse encoding(A : CSR, B : CSR, C : CSC, K : DCSC, P : BSR(2, 2), E : ELL(4))
  static double A[N][N], B[N][N], C[N][N], K[N][N], P[N][N], E[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * 3 + j) % 8 == 0) ? i + 0.5 : 0.0;
      B[i][j] = ((i + j * 5) % 8 == 0) ? -(i + 0.5) : 0.0;
    }
  C[3][4] = 100.0; /* replaced by the full '=' below */
  K[5][5] = 7.0;   /* kept by the '+=' below */
  K[0][1] = -1.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] - 2.0 * B[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      K[i][j] += A[i][j] * B[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      P[i][j] = A[i][j] + B[j][i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      E[i][j] = 0.5 * A[i][j];
  double tc = 0, tk = 0, tp = 0, te = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      tc += C[i][j] * (i * N + j);
      tk += K[i][j] * (i - 2 * j);
      tp += P[i][j] * (2 * i + j);
      te += E[i][j] * (i + 3 * j);
    }
  printf("%.12g %.12g %.12g %.12g\n", tc, tk, tp, te);
  printf("%g %g %g %g\n", C[3][4], K[5][5], K[0][1], P[1][1]);
  return 0;
}
