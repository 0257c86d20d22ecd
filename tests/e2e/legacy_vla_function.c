// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: r[i] += A[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { r(i) += A(i,j); c(j) += A(i,j) * A(i,j) }
// EXPECT-STDERR-EMPTY
/* Variable-length arrays: a function receives n and m and a VLA matrix
   bound sparse; the caller's matrix is a local VLA. */
#include <stdio.h>

#pragma sparse encoding(A : CSR)
static void rowcol(int n, int m, double A[n][m], double *r, double *c) {
  for (int i = 0; i < n; i++) r[i] = 0;
  for (int j = 0; j < m; j++) c[j] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      r[i] += A[i][j];
      c[j] += A[i][j] * A[i][j];
    }
}

int main(void) {
  int n = 17, m = 23;
#pragma sparse encoding(B : CSR)
  double B[n][m];
  double r[17], c[23];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) B[i][j] = (i * j) % 10 == 3 ? i - 0.5 * j : 0.0;
  rowcol(n, m, B, r, c);
  for (int i = 0; i < n; i++) printf("%.3f ", r[i]);
  printf("\n");
  for (int j = 0; j < m; j++) printf("%.3f ", c[j]);
  printf("\n");
  return 0;
}
