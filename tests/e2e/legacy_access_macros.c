// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: invocations of element-access macros expanded
// EXPECT-ABSENT: y[i] += A(i, j) * x[j];
// EXPECT-ABSENT: s += W(i, j) * W(i, j);
// EXPECT-REPORT: kernel not sparsified: indirect subscript '(i)*n+(p[0][j])' of sparse array 'a'
// Element access through function-like macros, as legacy code writes it:
// a flat block reached by `A(i,j) a[(i)*n+(j)]` with the pragma on its
// declaration (fills, updates, reads and a kernel through the macro), a
// parenthesized body on a 2-D array with the pragma on the loop. A macro
// over an array no pragma names (P) is expanded too inside a nest naming
// one (its subscript of a is then refused as indirect), a macro elsewhere.
#include <stdio.h>
#include <stdlib.h>

#define A(i,j) a[(i)*n+(j)]
#define W(r, c) (w[r][c])
#define P(r, c) p[r][c]
#define NW 10

int main(void) {
  int n = 30, i, j;
  static double w[NW][NW];
  static int p[1][30];
  double s = 0, t = 0;
#pragma sparse encoding(a[n][n] : CSR)
  double *a = (double *)calloc(n * n, sizeof(double));
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!a || !x || !y) return 1;
  for (i = 0; i < n; i++) {
    A(i, i) = 4.0;
    if (i > 0) A(i, i - 1) = -1.0;
    if (i < n - 1) A(i,
                     i + 1) = -1.0;
  }
  A(3, 7) += 2.5;
  for (i = 0; i < n; i++) x[i] = (double)(i % 7);
  for (i = 0; i < n; i++) {
    y[i] = 0;
    for (j = 0; j < n; j++) y[i] += A(i, j) * x[j];
  }
  for (j = 0; j < n; j++) P(0, j) = (j * 7) % n;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) t += A(i, P(0, j)) * 2;
  for (i = 0; i < NW; i++) W(i, (i * 3) % NW) = i - 4.5;
#pragma sparse encoding(w : DCSR)
  for (i = 0; i < NW; i++)
    for (j = 0; j < NW; j++) s += W(i, j) * W(i, j);
  for (i = 0; i < n; i++) printf("%.17g ", y[i]);
  printf("\n%g %g %g\n", s, t, A(3, 7));
  free(a); free(x); free(y);
  return 0;
}
