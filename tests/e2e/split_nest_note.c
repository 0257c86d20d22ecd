// A nest refused whole, then tried loop by loop: the warning on the inner
// loop is followed by a note at the enclosing nest with the reason it was
// refused whole. C (CSR) written with its columns outermost could not be
// appended row by row, and C assigned with `=` over a window of its rows
// only keeps the rest of its entries, which an assembly by append would
// drop; the warning on the inner loop alone ("it is written at subscript
// '(j)', which no loop of the nest walks") did not say either. Both are
// kernels now: the update with its columns outermost is assembled in a
// staging tensor in the loops' order and converted into C; the window
// loads each visited row's old entries and clears the columns it assigns
// (the other rows keep their values); and so is the nest reading C.
// A nest still refused whole: C updated row by row and one element of
// each row shifted at a subscript that is not affine (`i % M`); the note
// names that.
// EXPECT-SPARSIFIED: 3
// EXPECT-WARNING: which no loop of the nest walks
// EXPECT-WARNING: note: inside this loop nest, not sparsified whole: subscript 'i % M' is not affine in the loop variables
// EXPECT-REPORT: conversion: C assembled in a staging tensor
// EXPECT-REPORT: C: = assigns columns [0, (M)) of each row the loops visit, and its other entries keep their values
// EXPECT-ABSENT: C[i][j] += A[i][j] * 3.0;
// EXPECT-ABSENT: s += C[i][j] * (i * 31 + j);
#include <stdio.h>

#define N 14
#define M 11
#pragma sparse encoding(A : CSC)
double A[N][M];
#pragma sparse encoding(C : CSR)
double C[N][M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((2 * i + j) % 5 == 0) A[i][j] = i - j + 0.5;
  C[0][0] = 9;
  C[13][10] = 4;
  C[5][5] = -1;
  /* columns outermost */
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++)
      C[i][j] += A[i][j] * 3.0;
  /* a window of rows only: the rest of C keeps its values */
  for (int i = 3; i < 8; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = 2.0 * A[i][j];
  /* one element of each row shifted in the nest that updates the row */
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      C[i][j] += A[i][j];
    C[i][i % M] += 1.0;
  }
  int nz = 0;
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      s += C[i][j] * (i * 31 + j);
      nz += C[i][j] != 0;
    }
  printf("%d %.12g\n", nz, s);
  return 0;
}
