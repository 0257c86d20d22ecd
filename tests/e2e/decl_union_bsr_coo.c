// Arrays stored sparse as BSR(4, 4) and COO, read in unions: the BSR
// tensor cannot be merged block by block, so the kernel converts it to
// its plain form (CSR) at entry; COO is merged as it is stored.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] += A[i][j] * x[j] + B[i][j];
// EXPECT-ABSENT: s += A[i][j] + 2 * B[i][j];
// EXPECT-REPORT: conversion: A (i, j) -> (i floordiv 4 : dense, j floordiv 4 : compressed, i mod 4 : dense, j mod 4 : dense) assembled as (i, j) -> (i : dense, j : compressed)
#include <stdio.h>

#define N 37
#define M 23

#pragma sparse encoding(A : BSR(4, 4))
double A[N][M];
double x[M], y[N];
#pragma sparse encoding(B : COO)
static double B[N][M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i + 2 * j) % 9 == 0) A[i][j] = i - j * 0.5;
  for (int i = 0; i < N; i += 2) B[i][(i * 7) % M] += 1.0 + i;
  for (int j = 0; j < M; j++) x[j] = j % 4 + 0.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j] + B[i][j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  A[9][0] = 0;
  B[4][5] *= 2;
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j] + 2 * B[i][j];
  printf("%.12g\n", s);
  return 0;
}
