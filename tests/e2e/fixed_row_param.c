// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 3
// EXPECT-ABSENT: s += A[r][j] * x[j];
// EXPECT-ABSENT: t += A[src][j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++)
// EXPECT-REPORT: A: A[r][j] reads a fixed row: dimension 0 at 'r'
// EXPECT-REPORT: level 0 (dense) indexed once at entry
// EXPECT-REPORT: loop j: positions of A
// A row of a matrix stored sparse (CSR) read at a row index that the
// kernel's loops do not bind: a function parameter (row_dot called from a
// loop), a local, and the variable of an outer loop that is not part of
// the kernel (the printf splits the nest). Each kernel walks the stored
// entries of that one row.
#include <stdio.h>
#define N 50
#pragma sparse encoding(A : CSR)
double A[N][N];
double x[N];

static double row_dot(int r) {
  double s = 0;
  for (int j = 0; j < N; j++) s += A[r][j] * x[j];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 + i % 7;
    if (i % 9 == 4) continue; /* empty rows */
    A[i][(3 * i + 1) % N] = 1.0 + i;
    A[i][(7 * i + 2) % N] = -0.25 * i;
    A[i][i] = 4.0;
  }
  double total = 0;
  for (int i = 0; i < N; i++) total += row_dot(i);
  printf("%.17g\n", total);
  int src = 7;
  double t = 0;
  for (int j = 0; j < N; j++) t += A[src][j];
  printf("%.17g\n", t);
  for (int v = 0; v < N; v += 3) {
    double s = 0;
    for (int j = 0; j < N; j++) s += A[v][j] * A[v][j];
    printf("%d %.17g %.17g\n", v, s, row_dot(v));
  }
  return 0;
}
