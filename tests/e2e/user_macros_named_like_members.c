// SPEC §8: generated code never collides with the user's names. The
// encodings sparsecc writes into the output (of a declaration's pragma, of
// a loop pragma, of the staging and old-contents tensors of a sparse
// output) are positional initializers: with member designators
// (`.n`, `.format`, ...), a program's own macros named like
// the members of the runtime's sc_encoding, defined above its kernels,
// turned the output into C that does not compile.
// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: conversion: K assembled in a staging tensor
// EXPECT-REPORT: sv: sparse vector output
// EXPECT-ABSENT: .format =
// EXPECT-ABSENT: .n =
#include <stdio.h>

#define n 24
#define m 3
#define format 2
#define props 1
#define kind 0
#define coef 4
#define constant 5
#define divisor 6
#define dim_rank 7
#define lvl_rank 8
#define lvl_types 9
#define lvl_exprs 10
#define pos_width 11
#define crd_width 12
#define has_slices 13
#define slices 14
#define offset 15
#define size 16
#define stride 17

#pragma sparse encoding(A : CSR)
static double A[n][n];
#pragma sparse encoding(sv : SparseVector)
static double sv[n];
#pragma sparse encoding(K : DCSC)
static double K[n][n];
static double B[n][n], x[n], y[n], z[n];

int main(void) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      if ((i * m + j) % 7 == 0) A[i][j] = i - 0.5 * j + format;
      if ((i + j * m) % 5 == 1) B[i][j] = 1.0 + i % props + j % coef;
    }
    x[i] = (i % constant) - 1.5;
    if (i % divisor == 0) sv[i] = i;
  }
  K[2][3] = 9.0; /* kept by the '+=' below */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
#pragma sparse encoding(B : BSR(2, 2))
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += B[i][j] * x[j];
    z[i] = s;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      K[i][j] += A[i][j] * 2.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sv[i] += A[i][j];
  double t = 0;
  for (int i = 0; i < n; i++) {
    printf("%.17g %.17g %.17g\n", y[i], z[i], sv[i]);
    for (int j = 0; j < n; j++)
      t += K[i][j] * (i + 2 * j + kind);
  }
  printf("%.17g %d %d %d %d %d %d %d %d %d %d %d\n", t, dim_rank, lvl_rank,
         lvl_types, lvl_exprs, pos_width, crd_width, has_slices, slices,
         offset, size, stride);
  return 0;
}
