// Slice views over encodings whose levels a view cannot walk as declared:
// a BSR(2, 2) view with a strided column slice and an ELL view are
// converted to their plain form (reported; the whole array assembled),
// an unordered compressed level is walked with the filter and a lower
// loop bound that is not the view's first column.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += A[2 + i][1 + 2 * j] * x[j];
// EXPECT-ABSENT: z[i] += A[1 + 2 * i][2 * j] * x[j];
// EXPECT-ABSENT: w[i] += A[3 + i][j] * x[j];
// EXPECT-REPORT: conversion: A (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) assembled as (i, j) -> (i : dense, j : compressed)
// EXPECT-REPORT: an ELL counting level read through a slice view
// EXPECT-REPORT: A: walked as a slice view: A[i + 3][j] of slice(3, 6, 1), slice(0, 16, 1)
#include <stdio.h>
#define N 12
#define M 16
static double A[N][M];
int main(void) {
  double x[M], y[6], z[5], w[6];
  for (int j = 0; j < M; j++) x[j] = j * 0.5 + 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i * 7 + j * 3) % 5 == 0 ? i - j + 0.25 : 0;
#pragma sparse encoding(A : (i : slice(2, 6, 1), j : slice(1, 7, 2)) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense))
  for (int i = 0; i < 6; i++) {
    y[i] = 0;
    for (int j = 0; j < 7; j++)
      y[i] += A[2 + i][1 + 2 * j] * x[j];
  }
#pragma sparse encoding(A : {map = [c](i : slice(1, 5, 2), j : slice(0, 8, 2)) -> (c * 3 * i : dense, i : dense, j : compressed)})
  for (int i = 0; i < 5; i++) {
    z[i] = 0;
    for (int j = 0; j < 8; j++)
      z[i] += A[1 + 2 * i][2 * j] * x[j];
  }
#pragma sparse encoding(A : (i : slice(3, 6, 1), j : slice(0, 16, 1)) -> (i : dense, j : compressed(nonordered)))
  for (int i = 0; i < 6; i++) {
    w[i] = 0;
    for (int j = 2; j < 12; j++)
      w[i] += A[3 + i][j] * x[j];
  }
  for (int i = 0; i < 6; i++) printf("%g %g\n", y[i], w[i]);
  for (int i = 0; i < 5; i++) printf("%g\n", z[i]);
  return 0;
}
