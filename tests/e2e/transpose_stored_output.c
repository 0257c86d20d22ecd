// A transpose into an array stored sparse: `B[j][i] = A[i][j]` under `for
// i` writes B's rows in the order of the inner loop, so a CSR B cannot be
// appended row by row in place: it is assembled in a staging tensor whose
// first level is over the outer loop's variable (appended in the loops'
// order) and converted into B's encoding at the nest's exit (SPEC §5: a
// compatible order, reported as a conversion). It used to stay buffered
// inserts. The same transpose into a CSC C (its first level over the
// outer loop's variable) is a kernel without the staging.
// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: conversion: B assembled in a staging tensor (levels (i : dense, j : compressed), appended in the loops' order) and converted into its encoding at exit
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) B(j,i) = A(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) C(j,i) = A(i,j)
// EXPECT-ABSENT: B[j][i] = A[i][j];
// EXPECT-ABSENT: C[j][i] = A[i][j];
#include <stdio.h>
#define N 23

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : CSR)
static double B[N][N];
#pragma sparse encoding(C : CSC)
static double C[N][N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 5 + 2) % N] = 1.0 + i;
    A[i][i] = 0.5 * i - 3.0;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[j][i] = A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[j][i] = A[i][j];
  double sb = 0, sc = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sb += B[i][j] * (i + 2.0 * j);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sc += C[i][j] * (i + 2.0 * j);
  printf("%.12g %.12g\n", sb, sc);
  return 0;
}
