// EXPECT-SPARSIFIED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: s += a[i * m->n + j] * x[j];
// EXPECT-ABSENT: e += md->x[i] * a[i * md->k.n + j] * md->x[j];
// EXPECT-ABSENT: y[i] += b[i * blk.n + j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0; forall(j) s += a(i,j) * x(j); y(i) = s }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) e += md->x(i) * a(i,j) * md->x(j)
// EXPECT-REPORT: kernel sparsified: forall(i) { y(i) = 0; forall(j) y(i) += b(i,j) * x(j) }
// A matrix kept in a struct as a dense n*n block (`struct csr_like { int
// n; double *a; }`), as legacy code holds it: the block is copied into a
// local pointer for the pragma, whose shape names the struct's member
// (`a[m->n][m->n]`, `a[md->k.n][md->k.n]`, `b[blk.n][blk.n]`), and the
// loops and the flat subscript use the same member. The member path is
// one symbol of the shape, so `i * m->n + j` is delinearized as
// `i * n + j` is.
#include <stdio.h>
#include <stdlib.h>

struct csr_like {
  int n;
  double *a;
};

struct model {
  struct csr_like k;
  double *x, *y;
};

static void apply(const struct csr_like *m, const double *x, double *y) {
  const double *a = m->a;
#pragma sparse encoding(a[m->n][m->n] : CSR)
  for (int i = 0; i < m->n; i++) {
    double s = 0;
    for (int j = 0; j < m->n; j++) s += a[i * m->n + j] * x[j];
    y[i] = s;
  }
}

static double energy(struct model *md) {
  double *a = md->k.a, e = 0;
#pragma sparse encoding(a[md->k.n][md->k.n] : CSR)
  for (int i = 0; i < md->k.n; i++)
    for (int j = 0; j < md->k.n; j++)
      e += md->x[i] * a[i * md->k.n + j] * md->x[j];
  return e;
}

int main(void) {
  struct model md;
  int n = 45;
  md.k.n = n;
  md.k.a = calloc((size_t)n * n, sizeof(double));
  md.x = malloc(n * sizeof(double));
  md.y = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    md.k.a[i * n + i] = 2.0;
    if (i + 4 < n) md.k.a[i * n + i + 4] = -0.75;
    if (i >= 4) md.k.a[i * n + i - 4] = -0.75;
    md.x[i] = 1.0 / (1 + i % 6);
  }
  apply(&md.k, md.x, md.y);
  double s = 0;
  for (int i = 0; i < n; i++) s += md.y[i] * (i + 1);
  printf("%.17g %.17g\n", s, energy(&md));

  /* a struct variable: blk.n */
  struct csr_like blk = {n, md.k.a};
  double *b = blk.a, x[45], y[45];
  for (int i = 0; i < n; i++) x[i] = 0.5 * (i % 5);
#pragma sparse encoding(b[blk.n][blk.n] : CSR)
  for (int i = 0; i < blk.n; i++) {
    y[i] = 0;
    for (int j = 0; j < blk.n; j++)
      y[i] += b[i * blk.n + j] * x[j];
  }
  for (int i = 0; i < n; i += 9) printf("%.17g\n", y[i]);
  free(md.k.a);
  free(md.x);
  free(md.y);
  return 0;
}
