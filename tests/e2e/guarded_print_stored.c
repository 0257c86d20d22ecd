// Print and count loops over arrays stored sparse (pragmas on the
// declarations), filled by element writes: walked through their storage
// in the loops' order. A is stored CSC and printed row by row: converted
// at entry to the loops' order. The body of the last loop reads A, which
// it does not walk, by lookup; -0.0 is stored and skipped by the guard;
// rows 0 and 5 are empty.
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: conversion: A converted at entry in the loops' order (i, j), not its encoding's level order, so the body runs in the order of the source
// EXPECT-REPORT: walk: C's stored entries in the loops' order, levels (i : dense, j : compressed)
// EXPECT-REPORT-ONCE: walk: A's stored entries in the loops' order, levels (i : dense, j : compressed)
// EXPECT-ABSENT: for (int j = 0; j < N; j++)
// EXPECT-NOT-REPORT: kernel not sparsified: call
#include <stdio.h>

#define N 8

int main(void) {
#pragma sparse encoding(A : CSC)
  static double A[N][N];
#pragma sparse encoding(C : CSR)
  static float C[N][N];
  for (int r = 1; r < N; r++)
    for (int c = 0; c < N; c++)
      if (r != 5 && (r * 7 + c * 3) % 5 == 0) A[r][c] = r - c;
  A[2][2] = -0.0;
  C[1][1] = 2;
  C[4][7] = 0.5f;
  C[6][3] = -1;
  long count = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) {
        count++;
        printf("(%d,%d) = %.3f\n", i, j, A[i][j]);
      }
  printf("count %ld\n", count);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (C[i][j] > 0)
        printf("C %d %d %g\n", i, j, C[i][j]);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (C[i][j] != 0) {
        s += A[j][i];
        printf("C %d %d %g A %g\n", i, j, C[i][j], A[i][j]);
      }
  printf("s %g\n", s);
  return 0;
}
