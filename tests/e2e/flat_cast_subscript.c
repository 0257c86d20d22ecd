// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: s -= L[(size_t)i * n + j] * y[j];
// EXPECT-REPORT: forall(j) s -= L(i,j) * y(j)
// A flat subscript with a cast to a 64-bit index type, as legacy code
// writes it against int overflow (`L[(size_t)i * n + j]`, `(long)i`):
// the cast leaves every index the dense program can use unchanged, so
// the subscript is affine and delinearized like `L[i * n + j]`.
#include <stdio.h>
#include <stdlib.h>

static void lower_solve(int n, const double *L, const double *b, double *y) {
  int i, j;
#pragma sparse encoding(L[n][n] : CSR)
  for (i = 0; i < n; i++) {
    double s = b[i];
    for (j = 0; j < i; j++)
      s -= L[(size_t)i * n + j] * y[j];
    y[i] = s / L[(long)i * n + i];
  }
}

int main(void) {
  int n = 40, i;
  double *L = calloc((size_t)n * n, sizeof *L);
  double *b = malloc(n * sizeof *b), *y = malloc(n * sizeof *y);
  if (!L || !b || !y) return 1;
  for (i = 0; i < n; i++) {
    L[(size_t)i * n + i] = 2.0 + (i % 3);
    if (i >= 1) L[(size_t)i * n + i - 1] = -0.5;
    if (i >= 7) L[(size_t)i * n + i - 7] = 0.25;
    b[i] = 1.0 + i % 4;
  }
  lower_solve(n, L, b, y);
  for (i = 0; i < n; i += 5) printf("y[%d] = %.17g\n", i, y[i]);
  free(L);
  free(b);
  free(y);
  return 0;
}
