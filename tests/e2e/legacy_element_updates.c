// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: 'K' is both read and written in the nest
// EXPECT-ABSENT: double A[N][N] = {{0}};
// Element writes outside kernels on present and absent entries: `=`, `+=`,
// `-=`, `*=`, `/=`, `++`, a compound assignment whose value is used, an
// explicit zero written; then a finite-element style assembly that reads
// entries while adding to them (each read finalizes the pending updates).
#include <stdio.h>
#include <stdlib.h>
#define N 10

int main(void) {
#pragma sparse encoding(A : CSR)
  double A[N][N] = {{0}};
  A[1][2] = 5;
  A[1][2] += 1;     /* present */
  A[3][3] += 2.5;   /* absent: 0 + 2.5 */
  A[4][0] -= 1;     /* absent */
  A[5][5] *= 7;     /* absent stays 0 */
  A[6][6] /= 2;     /* absent: 0 / 2 */
  A[1][2] *= 2;
  A[1][2] /= 4;
  A[7][1] = 3;
  A[7][1] = 0;      /* an explicit zero */
  A[8][8]++;
  ++A[8][8];
  double u = (A[9][0] -= 4) * 2;
  printf("%g %g %g %g %g %g %g %g\n", A[1][2], A[3][3], A[4][0], A[5][5], A[6][6],
         A[7][1], A[8][8], u);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += A[i][j] * (i * N + j);
  printf("%g\n", s);

  int n = 60;
#pragma sparse encoding(K[n][n] : CSR)
  double *K = calloc((size_t)n * n, sizeof *K);
  if (K == NULL) return 1;
  double tr = 0;
  for (int e = 0; e < n - 1; e++) {
    K[e * n + e] += 1;
    K[(e + 1) * n + e + 1] += 1;
    K[e * n + e + 1] -= 1;
    K[(e + 1) * n + e] -= 1;
    tr += K[e * n + e];
  }
  double x[60], y[60];
  for (int i = 0; i < n; i++) x[i] = i % 4;
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++) y[i] += K[i * n + j] * x[j];
  }
  s = 0;
  for (int i = 0; i < n; i++) s += y[i] * y[i];
  printf("%g %g %g\n", tr, s, K[30 * n + 30]);
  free(K);
  return 0;
}
