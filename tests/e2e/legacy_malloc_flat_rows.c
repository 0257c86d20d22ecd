// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: double *A = malloc
// EXPECT-ABSENT: double **R = malloc
// EXPECT-ABSENT: y[i] += A[i * m + j] * x[j];
// EXPECT-ABSENT: sc_tensor_from_dense
// A flat malloc'd matrix and row pointers stored sparse.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  int n = 60, m = 45;
#pragma sparse encoding(A[n][m] : CSR)
  double *A = malloc((size_t)n * m * sizeof *A);
  if (A == NULL) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  memset(A, 0, (size_t)n * m * sizeof *A);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + j] = (i * 5 + j) % 13 == 0 ? 0.5 * (i - j) : 0.0;
  A[2 * m + 3] += 1.25;

#pragma sparse encoding(R[n][m] : DCSR)
  double **R = malloc(n * sizeof *R);
  for (int i = 0; i < n; i++) {
    R[i] = malloc(m * sizeof **R);
    for (int j = 0; j < m; j++) R[i][j] = 0;
  }
  for (int k = 0; k < 40; k++) R[(k * 7) % n][(k * 3) % m] += k;

  double x[45], y[60], z[60];
  for (int j = 0; j < m; j++) x[j] = 1.0 + j % 4;
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    z[i] = 0;
    for (int j = 0; j < m; j++) {
      y[i] += A[i * m + j] * x[j];
      z[i] += R[i][j] * x[j];
    }
  }
  double sy = 0, sz = 0;
  for (int i = 0; i < n; i++) sy += y[i] * (i % 5), sz += z[i] * (i % 3);
  printf("%.10g %.10g %zu %zu\n", sy, sz, sizeof *A, sizeof R[0]);
  for (int i = 0; i < n; i++) free(R[i]);
  free(R);
  free(A);
  return 0;
}
