// Sparse vectors that legacy code allocates itself (calloc of n doubles in
// the declaration, a malloc of n times the element's size assigned later,
// a malloc of the float's size times m + 1) under a pragma on the
// declaration without a shape. The length is read from the allocation, as the row count
// of a pointer to rows is (the allocation replaced: the dense block is never
// allocated), and every use is rewritten: element writes, a dot product, a
// norm, a scaled update into a dense vector, a null test and free.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: calloc(n, sizeof(double))
// EXPECT-ABSENT: malloc(n * sizeof *w)
// EXPECT-ABSENT: malloc(sizeof(float) * (m + 1))
// EXPECT-REPORT: 'v' stored as a sparse tensor (SparseVector)
// EXPECT-REPORT: 'w' stored as a sparse tensor (SparseVector)
// EXPECT-REPORT: 'f' stored as a sparse tensor (SparseVector)
#include <stdio.h>
#include <stdlib.h>

static unsigned seed = 99;
static int rnd(int n) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 16) % (unsigned)n);
}

int main(void) {
  int n = 3000, m = 777;
#pragma sparse encoding(v : SparseVector)
  double *v = calloc(n, sizeof(double));
#pragma sparse encoding(w : SparseVector)
  double *w;
#pragma sparse encoding(f : SparseVector)
  float *f = malloc(sizeof(float) * (m + 1));
  double *y = calloc(n, sizeof *y);
  w = malloc(n * sizeof *w);
  if (!v || !w || !f || !y) return 1;
  for (int i = 0; i < n; i++) w[i] = 0;
  for (int i = 0; i <= m; i++) f[i] = 0;
  for (int k = 0; k < 60; k++) {
    v[rnd(n)] += (rnd(17) - 8) / 4.0;
    w[rnd(n)] = (rnd(9) + 1) / 8.0;
    f[rnd(m + 1)] = (float)(rnd(5) - 2);
  }
  double dot = 0, nv = 0, sf = 0;
  for (int i = 0; i < n; i++) dot += v[i] * w[i];
  for (int i = 0; i < n; i++) nv += v[i] * v[i];
  for (int i = 0; i <= m; i++) sf += f[i];
  for (int i = 0; i < n; i++) y[i] += 2.5 * w[i];
  double sy = 0;
  for (int i = 0; i < n; i++) sy += y[i] * (i % 13);
  printf("%.10f %.10f %.4f %.10f %g %g\n", dot, nv, sf, sy, v[17], w[n - 1]);
  free(v);
  free(w);
  free(f);
  free(y);
  return 0;
}
