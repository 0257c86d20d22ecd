// EXPECT-SPARSIFIED: 2
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: malloc(sizeof(double) * n * n)
// EXPECT-ABSENT: A[i] = 0;
// EXPECT-ABSENT: y[i] += A[i*n + j] * x[j];
// A flat malloc'd matrix with its shape in the pragma, zeroed by one loop
// over all n*n elements (a clear, not n*n inserts), filled under guards
// (`if (i)`, `if (i + 3 < n)`) and along the anti-diagonal: the fill loops
// become buffered inserts without a warning.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 100;
#pragma sparse encoding(A[n][n] : CSR)
  double *A = malloc(sizeof(double) * n * n);
  if (!A) return 1;
  for (int i = 0; i < n * n; i++) A[i] = 0;
  for (int i = 0; i < n; i++) {
    A[i*n + i] = 2;
    if (i) A[i*n + i - 1] = -1;
    if (i + 3 < n) A[i*n + i + 3] = 0.5;
  }
  for (int i = 0; i < n; i += 7) A[i*n + (n - 1 - i)] += 0.25;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) x[i] = i % 5;
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++) y[i] += A[i*n + j] * x[j];
  }
  double t = 0;
  for (int i = 0; i < n; i++) t += y[i] * i;
  printf("%g %g %g %g\n", t, A[5*n + 4], A[7*n + 92], A[3*n + 3]);
  /* zeroed again, then a single entry */
  for (int i = 0; i < n * n; i++) A[i] = 0;
  A[9*n + 9] = 4;
  t = 0;
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++) y[i] += A[i*n + j] * x[j];
    t += y[i];
  }
  printf("%g\n", t);
  free(A); free(x); free(y);
  return 0;
}
