// Legacy routines take their matrix as `double **A`, `double A[][N]` or a
// `double *v`, with the sizes as other parameters, and the pragma goes on
// the routine's definition without a shape (SPEC §4 case 2). The missing
// extents are read off the routine's loops (`for (i = 0; i < n; i++)`
// around `A[i][j]`, `i <= n - 1`, `A[i + 1][j]` below `n - 1`): each a
// C expression of the entry, so the dense argument is assembled there,
// and the report says the shape it read. Calls from several places, with
// different matrices and sizes.
// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: shape of 'A' read off the function's loops: A[n][n]
// EXPECT-REPORT: shape of 'B' read off the function's loops: B[(m-1) + 1][M]
// EXPECT-REPORT: shape of 'v' read off the function's loops: v[(len) + 1]
// EXPECT-REPORT: new prototype static void sc__matvec_s(int n, sc_tensor *A
// EXPECT-ABSENT: for (int j = 0; j < n; j++) s += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) t += B[i + 1][j] * (j + 1);
// EXPECT-ABSENT: for (int i = 0; i <= len; i++) s += v[i] * v[i];
#include <stdio.h>
#include <stdlib.h>

#define M 40

#pragma sparse encoding(A : CSR)
static void matvec(int n, double **A, const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++) s += A[i][j] * x[j];
    y[i] = s;
  }
}

#pragma sparse encoding(A : CSR)
static double frob2(int n, double **A) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) s += A[i][j] * A[i][j];
  return s;
}

#pragma sparse encoding(B : CSR)
static double shifted(int m, double B[][M]) {
  double t = 0;
  for (int i = 0; i < m - 1; i++)
    for (int j = 0; j < M; j++) t += B[i + 1][j] * (j + 1);
  for (int i = 0; i <= m - 1; i++) t -= 0.5 * B[i][0];
  return t;
}

#pragma sparse encoding(v : SparseVector)
static double norm2(int len, const double *v) {
  double s = 0;
  for (int i = 0; i <= len; i++) s += v[i] * v[i];
  return s;
}

static double **alloc2(int n) {
  double **m = malloc((size_t)n * sizeof *m);
  for (int i = 0; i < n; i++) m[i] = calloc((size_t)n, sizeof **m);
  return m;
}

static double D[30][M];

int main(void) {
  int n = 120, n2 = 75;
  double **A = alloc2(n), **C = alloc2(n2);
  double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  for (int i = 0; i < n; i++) {
    A[i][i] = 2;
    if (i) A[i][i - 1] = -1;
    if (i + 1 < n) A[i][i + 1] = -1;
    x[i] = 1.0 / (1 + i);
  }
  for (int i = 0; i < n2; i++) C[i][(i * 31) % n2] = 0.5 * (i % 7);
  for (int i = 0; i < 30; i++) D[i][(i * 7) % M] = i + 0.25;
  matvec(n, A, x, y);
  double t = 0;
  for (int i = 0; i < n; i++) t += y[i];
  matvec(n2, C, y, x);
  double u = 0;
  for (int i = 0; i < n2; i++) u += x[i];
  double v[9] = {0, 3, 0, 0, -2, 0, 0, 0, 1};
  printf("%.12f %.12f %.12f %.12f\n", t, u, frob2(n, A), frob2(n2, C));
  printf("%.12f %.12f %.12f %.12f\n", shifted(30, D), shifted(12, D), norm2(8, v),
         norm2(4, v));
  for (int i = 0; i < n; i++) free(A[i]);
  for (int i = 0; i < n2; i++) free(C[i]);
  free(A); free(C); free(x); free(y);
  return 0;
}
