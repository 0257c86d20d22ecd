// EXPECT-SPARSIFIED: 1
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: A[i] = calloc(m, sizeof(double));
// EXPECT-ABSENT: y[i] = y[i] + A[i][j] * x[j];
// `double **A` with calloc'd rows, each tested for NULL as careful legacy
// code does: the row allocations are replaced (and never fail), the tests
// stay valid C, the frees of the rows vanish.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 48, m = 36;
#pragma sparse encoding(A[n][m] : CSR)
  double **A = malloc(n * sizeof(double *));
  if (!A) return 1;
  for (int i = 0; i < n; i++) {
    A[i] = calloc(m, sizeof(double));
    if (!A[i]) return 1;
    if (A[i] == NULL) {
      fprintf(stderr, "row %d\n", i);
      return 1;
    }
  }
  for (int i = 0; i < n; i++)
    for (int j = i % 5; j < m; j += 9) A[i][j] = i + 0.25 * j;
  double *x = malloc(m * sizeof(double)), *y = malloc(n * sizeof(double));
  for (int j = 0; j < m; j++) x[j] = 1.0 / (j + 1);
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < m; j++) y[i] = y[i] + A[i][j] * x[j];
  }
  for (int i = 0; i < n; i += 5) printf("%.10f\n", y[i]);
  for (int i = 0; i < n; i++) free(A[i]);
  free(A); free(x); free(y);
  return 0;
}
