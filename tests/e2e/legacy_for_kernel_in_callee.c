// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: loop not sparsified: the for loop holds no loop nest using 'a' (it is passed to 'matvec': a pragma on the definition of 'matvec' makes its loops kernels)
// EXPECT-WARNING: loop not sparsified: the for loop holds no loop nest using 'a' (it is passed to 'matvec2', whose pragma makes its loops kernels: each call assembles 'a'; this pragma has no effect)
// EXPECT-ABSENT: for (j = 0; j < n; j++) y[i] += v[j] * m[i][j];
// EXPECT-REPORT: function 'matvec2' takes sparse tensors
// A pragma on a CG iteration loop written with `for` (a compound condition,
// a break) whose kernel is in the functions it calls: the warning says
// where the pragma belongs, as for a while loop, not why the loop's header
// or body is no kernel; with the pragma on matvec2's definition, its loop
// is the kernel.
#include <math.h>
#include <stdio.h>
#define NMAX 30

static void matvec(int n, double m[NMAX][NMAX], const double *v, double *y) {
  int i, j;
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (j = 0; j < n; j++) y[i] += m[i][j] * v[j];
  }
}

#pragma sparse encoding(m : CSR)
static void matvec2(int n, double m[NMAX][NMAX], const double *v, double *y) {
  int i, j;
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (j = 0; j < n; j++) y[i] += v[j] * m[i][j];
  }
}

static double dot(int n, const double *u, const double *v) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += u[i] * v[i];
  return s;
}

static int cg(int n, double a[NMAX][NMAX], const double *b, double *x, int two) {
  double r[NMAX], p[NMAX], q[NMAX], rho, rho0, alpha;
  int i, k;
  for (i = 0; i < n; i++) { x[i] = 0.0; r[i] = b[i]; p[i] = r[i]; }
  rho = dot(n, r, r);
  if (!two) {
#pragma sparse encoding(a : CSR)
    for (k = 0; k < 200 && sqrt(rho) > 1e-12; k++) {
      matvec(n, a, p, q);
      alpha = rho / dot(n, p, q);
      for (i = 0; i < n; i++) { x[i] += alpha * p[i]; r[i] -= alpha * q[i]; }
      rho0 = rho;
      rho = dot(n, r, r);
      for (i = 0; i < n; i++) p[i] = r[i] + rho / rho0 * p[i];
    }
    return k;
  }
#pragma sparse encoding(a : CSR)
  for (k = 0; k < 200; k++) {
    if (sqrt(rho) <= 1e-12) break;
    matvec2(n, a, p, q);
    alpha = rho / dot(n, p, q);
    for (i = 0; i < n; i++) { x[i] += alpha * p[i]; r[i] -= alpha * q[i]; }
    rho0 = rho;
    rho = dot(n, r, r);
    for (i = 0; i < n; i++) p[i] = r[i] + rho / rho0 * p[i];
  }
  return k;
}

int main(void) {
  static double A[NMAX][NMAX];
  double b[NMAX], x[NMAX];
  int n = 25, i;
  for (i = 0; i < n; i++) {
    A[i][i] = 4.0;
    if (i + 3 < n) A[i][i + 3] = A[i + 3][i] = -1.0;
    b[i] = 1.0 + i % 3;
  }
  int k1 = cg(n, A, b, x, 0);
  printf("%d iterations: %.9f %.9f\n", k1, x[0], x[n - 1]);
  int k2 = cg(n, A, b, x, 1);
  printf("%d iterations: %.9f %.9f\n", k2, x[0], x[n - 1]);
  return 0;
}
