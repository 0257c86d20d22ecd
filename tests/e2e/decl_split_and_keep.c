// An array stored sparse (pragma on its declaration) read transposed inside
// repetition loops. In the first loop nothing else touches A: the
// conversion to a row-major order is made once, before the loop, and kept.
// In the second, the repetition loop writes A: the whole loop cannot be one
// kernel, so it is split and its inner nest is sparsified on its own, with
// the conversion at each entry (A changes between repetitions).
// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: conversion: A's storage converted to the kernel's encoding once, before the loop at line 20
// EXPECT-REPORT: loop nest split: 'A' is both read and written in the nest
// EXPECT-REPORT: conversion: A's storage converted to the kernel's encoding at entry
// EXPECT-ABSENT: for (int j = 0; j < N; j++) y[i] += A[j][i] * x[j];
#include <stdio.h>
#define N 50
#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) A[i][i] = 2.0 + i % 3;
  for (int i = 0; i + 7 < N; i++) A[i][i + 7] = -1.0, x[i] = i % 7;
  for (int rep = 0; rep < 10; rep++) {
    for (int i = 0; i < N; i++) {
      y[i] = 0;
      for (int j = 0; j < N; j++) y[i] += A[j][i] * x[j];
    }
    x[rep % N] += 0.001;
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i] * (i + 1);
  printf("%.12g\n", s);
  A[3][4] = 1.5;
  for (int rep = 0; rep < 3; rep++) {
    for (int i = 0; i < N; i++) {
      y[i] = 0;
      for (int j = 0; j < N; j++) y[i] += A[j][i] * x[j];
    }
    A[rep][rep + 1] = 2.0;
  }
  s = 0;
  for (int i = 0; i < N; i++) s += y[i] * (i + 1);
  printf("%.12g\n", s);
  return 0;
}
