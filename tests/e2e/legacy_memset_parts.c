// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: memset(A[7], 0, sizeof A[7]);
// EXPECT-ABSENT: memset(&A[11][2], 0, 5 * sizeof(double));
// EXPECT-ABSENT: memset(R, 0,
// Zeroing part of a sparse array: a row with memset (also from an element's
// address), a row with a loop, and a whole flat block whose memset size is
// written differently from its malloc size (a clear).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N 20

#pragma sparse encoding(A : CSR)
double A[N][N];

static void spmv(const double *x, double *y) {
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i + j) % 4 == 0) A[i][j] = i - j + 0.5;
  /* Dirichlet boundary rows: cleared, then the diagonal set */
  for (int j = 0; j < N; j++) A[3][j] = 0;
  A[3][3] = 1;
  memset(A[7], 0, sizeof A[7]);
  A[7][7] = 1;
  memset(&A[11][2], 0, 5 * sizeof(double));
  double x[N], y[N];
  for (int i = 0; i < N; i++) x[i] = i + 1;
  spmv(x, y);
  for (int i = 0; i < N; i++) printf("%g ", y[i]);
  printf("\n%g %g %g\n", A[11][1], A[11][4], A[11][7]);

  int n = 12, m = 9;
#pragma sparse encoding(R[n][m] : DCSR)
  double *R = malloc(n * m * sizeof(double));
  if (R == NULL) return 1;
  memset(R, 0, sizeof(double) * n * m);
  for (int k = 0; k < 30; k++) R[((k * 5) % n) * m + (k * 7) % m] += k;
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) s += R[i * m + j] * (i + 2 * j);
  printf("%g\n", s);
  free(R);
  return 0;
}
