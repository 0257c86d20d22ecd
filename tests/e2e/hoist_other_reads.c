// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: A: assembled once, before the loop at line 40, and reused while A is unchanged
// EXPECT-REPORT: conversion: A (j, i) -> (j : dense, i : compressed) assembled as (j, i) -> (i : dense, j : compressed) to follow the loop order (the loops are kept)
// EXPECT-NOT-REPORT: before the loop at line 57
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += A[j][i] * x[j];
// A timing loop (SPEC §4: assemblies hoisted out of enclosing loops while
// their source is unchanged) holding two kernels that read A, one of them
// transposed, and a call to a function of the file that reads A too: each
// kernel's assembly is made once, before the loop, since every other
// occurrence of A in the loop only reads an element. In the second loop a
// function writes an element of A between repetitions: the assemblies stay
// at the kernels' entries, and the results follow the writes.
#include <stdio.h>
#define N 40
static double A[N][N], x[N], y[N], z[N];

static double trace(void) {
  double t = 0;
  for (int i = 0; i < N; i++) t += A[i][i];
  return t;
}

static void bump(int r) { A[r % N][(r * 7) % N] += 1.0; }

static void step(int r) {
  for (int i = 0; i < N; i++) x[i] = 0.5 * (y[i] + z[i]) / (1 + r);
}

int main(void) {
  int i, j, r;
  double tr = 0, sum = 0;
  for (i = 0; i < N; i++) {
    x[i] = 1.0 + (i % 7);
    A[i][i] = 3.0;
    A[i][(i * 31 + 5) % N] += 1.5;
    A[(i * 17) % N][i] -= 0.25;
  }
#pragma sparse encoding(A : CSR)
  for (r = 0; r < 6; r++) {
    for (i = 0; i < N; i++) {
      y[i] = 0;
      z[i] = 0;
    }
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        y[i] += A[i][j] * x[j];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        z[i] += A[j][i] * x[j];
    tr += trace();
    step(r);
  }
  for (i = 0; i < N; i++) sum += x[i];
  printf("%.12e %.6f\n", sum, tr);
#pragma sparse encoding(A : CSR)
  for (r = 0; r < 6; r++) {
    for (i = 0; i < N; i++) {
      y[i] = 0;
      z[i] = 0;
    }
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        y[i] += A[i][j] * x[j];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        z[i] += A[j][i] * x[j];
    bump(r);
    step(r);
  }
  sum = 0;
  for (i = 0; i < N; i++) sum += x[i];
  printf("%.12e\n", sum);
  return 0;
}
