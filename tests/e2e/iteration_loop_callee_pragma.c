// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: loop not sparsified: the while loop holds no loop nest using 'A' (it is passed to 'smooth', whose pragma makes its loops kernels: each call assembles 'A'; this pragma has no effect)
// EXPECT-ABSENT: for (int j = 0; j < m; j++) y[i] += A[i][j] * x[j];
// EXPECT-REPORT: function 'smooth' takes sparse tensors
// A power iteration over row-pointer storage: the kernel is in 'smooth',
// whose definition has a pragma, and a second pragma on the while loop
// that calls it. The loop holds no nest of its own, and the warning says
// that the function's pragma is the one that acts (each call assembles
// the dense argument), not that it is missing.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#pragma sparse encoding(A[n][m] : CSR)
static void smooth(int n, int m, double **A, const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < m; j++) y[i] += A[i][j] * x[j];
  }
}

int main(void) {
  int n = 24;
  double **A = malloc(n * sizeof *A);
  if (!A) return 1;
  for (int i = 0; i < n; i++) {
    A[i] = calloc(n, sizeof **A);
    if (!A[i]) return 1;
    A[i][i] = 2.0 + i % 3;
    if (i > 0) A[i][i - 1] = -1.0;
    if (i + 2 < n) A[i][i + 2] = -0.5;
  }
  double x[24], y[24], lambda = 0.0;
  for (int j = 0; j < n; j++) x[j] = 1.0 + j % 5;
  int it = 0;
#pragma sparse encoding(A[n][n] : CSR)
  while (it < 25) {
    smooth(n, n, A, x, y);
    double ny = 0.0;
    for (int j = 0; j < n; j++) ny += y[j] * y[j];
    ny = sqrt(ny);
    for (int j = 0; j < n; j++) x[j] = y[j] / ny;
    lambda = ny;
    it++;
  }
  printf("%.17g\n", lambda);
  for (int j = 0; j < n; j++) printf("%.17g\n", x[j]);
  for (int i = 0; i < n; i++) free(A[i]);
  free(A);
  return 0;
}
