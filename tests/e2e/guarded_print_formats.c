// Print loops over A in other encodings, pragma on the nest: DCSR and COO
// are walked as stored; a CSC A under a row-major print loop is assembled
// in the loops' order instead (walked column by column, the prints would
// come out reordered), and the report says so; the guard on a CSF tensor
// of three levels. Explicit zeros (-0.0) and empty rows and columns.
// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: walk: A's stored entries in the loops' order, levels (i : compressed, j : compressed)
// EXPECT-REPORT: walk: A's stored entries in the loops' order, levels (i : compressed(nonunique), j : singleton)
// EXPECT-REPORT: conversion: A assembled at entry in the loops' order (i, j), not its encoding's level order, so the body runs in the order of the source
// EXPECT-REPORT: walk: B's stored entries in the loops' order, levels (i : compressed, j : compressed, k : compressed)
// EXPECT-ABSENT: for (j = 0; j < N; j++)
// EXPECT-ABSENT: for (k = 0; k < K; k++)
// EXPECT-NOT-REPORT: kernel not sparsified
#include <math.h>
#include <stdio.h>

#define N 7
#define K 3

static double A[N][N];
static double B[N][N][K];

int main(void) {
  A[0][1] = 1.5; A[2][2] = -3; A[4][0] = 2.25; A[4][6] = 7; A[3][1] = -0.0;
  A[1][3] = 1e-20; A[6][5] = -4; A[0][6] = 0.125;
  B[1][2][0] = 4; B[3][3][2] = -1; B[0][0][1] = 2; B[1][2][2] = -0.0;
  B[6][0][0] = 9;
  int i, j, k;
#pragma sparse encoding(A : DCSR)
  for (i = 0; i <= N - 1; ++i)
    for (j = 0; j < N; j += 1)
      if (fabs(A[i][j]) > 1e-12)
        printf("dcsr %d %d %g\n", i, j, A[i][j]);
#pragma sparse encoding(A : COO)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (i != j && A[i][j] != 0.0)
        printf("coo %d %d %g\n", i, j, A[i][j]);
#pragma sparse encoding(A : CSC)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (A[i][j])
        printf("csc %d %d %g\n", i, j, A[i][j]);
  printf("after %d %d\n", i, j);
#pragma sparse encoding(B : CSF)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < K; k++)
        if (B[i][j][k] != 0) printf("csf %d %d %d %g\n", i, j, k, B[i][j][k]);
  printf("after %d %d %d\n", i, j, k);
  return 0;
}
