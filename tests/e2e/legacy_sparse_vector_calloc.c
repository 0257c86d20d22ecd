// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: for (i = 0; i < n; i++) vd += v[i] * d[i];
// EXPECT-ABSENT: for (i = 0; i < n; i++) vw += v[i] * w[i];
// EXPECT-ABSENT: for (i = 0; i < n; i++) nv += v[i] * v[i];
// EXPECT-REPORT: kernel sparsified: forall(i) vd += v(i) * d(i)
// EXPECT-REPORT: kernel sparsified: forall(i) vw += v(i) * w(i)
// EXPECT-STDERR-EMPTY
/* Sparse vectors as double * from calloc: dot products, axpy, norms. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double dot_dense(const double *a, const double *b, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

int main(void) {
  int n = 200, i;
#pragma sparse encoding(v[200] : SparseVector, w[200] : SparseVector)
  double *v = calloc(n, sizeof(double)), *w = calloc(n, sizeof(double));
  double *d = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  double vd = 0, vw = 0, nv = 0, mx = 0;
  if (!v || !w || !d || !y) return 1;
  for (i = 0; i < n; i += 9) v[i] = 1.0 + i * 0.01;
  for (i = 0; i < n; i += 6) w[i] = 2.0 - i * 0.005;
  for (i = 0; i < n; i++) { d[i] = sin(i * 0.1); y[i] = 1.0; }
  for (i = 0; i < n; i++) vd += v[i] * d[i];
  for (i = 0; i < n; i++) vw += v[i] * w[i];
  for (i = 0; i < n; i++) nv += v[i] * v[i];
  for (i = 0; i < n; i++) y[i] += 0.5 * w[i];
  for (i = 0; i < n; i++) mx = fmax(mx, fabs(w[i]));
  printf("%.10f %.10f %.10f %.10f %.10f\n", vd, vw, sqrt(nv), dot_dense(y, d, n), mx);
  free(v); free(w); free(d); free(y);
  return 0;
}
