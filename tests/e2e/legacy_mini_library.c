// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (j = 0; j < n; j++) s += A[i][j] * x[j];
// EXPECT-ABSENT: if (i == j) d[i] = A[i][j];
// EXPECT-ABSENT: if (A[i][j] != 0.0) c++;
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0.0; forall(j) s += A(i,j) * x(j); y(i) = s }
// EXPECT-REPORT: kernel sparsified: forall(i) { d(i) = 0.0; forall(j) d(i) = i == j ? A(i,j) : d(i) }
// EXPECT-REPORT: function 'pcg' takes sparse tensors: new prototype static int sc__pcg_s(int n, sc_tensor *A, const double *b, double *x, double tol)
// EXPECT-STDERR-EMPTY
/* A small numerical library and its application in one file, as legacy
   code is often concatenated: vector routines, matrix routines bound sparse
   by function pragmas, a Jacobi-preconditioned conjugate gradient, and a
   driver whose matrix is declared sparse (passed straight through). */
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- vec.c ---- */
#define NMAX 40
typedef double vec_t[NMAX];

static void vcopy(double *d, const double *s, int n) { memcpy(d, s, n * sizeof *d); }
static double vdot(const double *a, const double *b, int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
static void vaxpy(double *y, double a, const double *x, int n) {
  int i;
  for (i = 0; i < n; i++) y[i] += a * x[i];
}

/* ---- mat.c ---- */
#pragma sparse encoding(A : CSR)
static void mat_vec(int n, double A[NMAX][NMAX], const double *x, double *y) {
  int i, j;
  for (i = 0; i < n; i++) {
    double s = 0.0;
    for (j = 0; j < n; j++) s += A[i][j] * x[j];
    y[i] = s;
  }
}

#pragma sparse encoding(A : CSR)
static void mat_diag(int n, double A[NMAX][NMAX], double *d) {
  int i, j;
  for (i = 0; i < n; i++) {
    d[i] = 0.0;
    for (j = 0; j < n; j++)
      if (i == j) d[i] = A[i][j];
  }
}

#pragma sparse encoding(A : CSR)
static int mat_nnz(int n, double A[NMAX][NMAX]) {
  int i, j, c = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      if (A[i][j] != 0.0) c++;
  return c;
}

/* ---- pcg.c ---- */
#pragma sparse encoding(A : CSR)
static int pcg(int n, double A[NMAX][NMAX], const double *b, double *x, double tol) {
  vec_t r, z, p, q, dinv;
  double rz, rz1, alpha;
  int i, it;
  mat_diag(n, A, dinv);
  for (i = 0; i < n; i++) dinv[i] = 1.0 / dinv[i];
  for (i = 0; i < n; i++) x[i] = 0.0;
  vcopy(r, b, n);
  for (i = 0; i < n; i++) z[i] = dinv[i] * r[i];
  vcopy(p, z, n);
  rz = vdot(r, z, n);
  for (it = 0; it < 200; it++) {
    mat_vec(n, A, p, q);
    alpha = rz / vdot(p, q, n);
    vaxpy(x, alpha, p, n);
    vaxpy(r, -alpha, q, n);
    if (sqrt(vdot(r, r, n)) < tol) return it + 1;
    for (i = 0; i < n; i++) z[i] = dinv[i] * r[i];
    rz1 = vdot(r, z, n);
    for (i = 0; i < n; i++) p[i] = z[i] + (rz1 / rz) * p[i];
    rz = rz1;
  }
  return it;
}

/* ---- main.c ---- */
#pragma sparse encoding(K : CSR)
static double K[NMAX][NMAX];

int main(void) {
  vec_t b, x;
  int n = 36, i, its;
  for (i = 0; i < n; i++) {
    K[i][i] = 2.5 + (i % 4);
    if (i + 1 < n) { K[i][i + 1] = -1.0; K[i + 1][i] = -1.0; }
    if (i + 6 < n) { K[i][i + 6] = -0.25; K[i + 6][i] = -0.25; }
    b[i] = 1.0 + 0.1 * i;
  }
  its = pcg(n, K, b, x, 1e-12);
  printf("nnz %d iterations %d\n", mat_nnz(n, K), its);
  for (i = 0; i < n; i += 5) printf("%.10f\n", x[i]);
  return 0;
}
