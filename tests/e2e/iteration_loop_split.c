// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: loop nest split: call to function 'dot', which may have side effects
// EXPECT-REPORT: A: assembled once, before the loop at line 40, and reused while A is unchanged
// EXPECT-REPORT: loop nest split: subscript 'k % M' is not affine in the loop variables
// EXPECT-REPORT: J: assembled once, before the loop at line 78
// EXPECT-REPORT: J: this write also updates the tensor kept since the loop at line 78
// EXPECT-REPORT: loop nest split: while loop
// EXPECT-REPORT: loop nest split: do-while loop
// EXPECT-REPORT: W: assembled once, before the loop at line 104
// EXPECT-WARNING: loop not sparsified: call to function 'dot', which may have side effects
// EXPECT-ABSENT: q[i] += A[i][j] * p[j];
// EXPECT-ABSENT: s += J[i][j] * xo[j];
// SPEC §4 case 3 with the pragma on the iteration loop, as the SPEC
// recommends, when that loop also calls functions of the file: the nest is
// split ("a call to an unknown function splits it"), the inner products are
// kernels, and the matrix — sparse inside the annotated loop by the pragma —
// is assembled once before it, even when it is a `double **` parameter
// (CG). When the annotated loop itself writes the matrix (Jacobi with an
// entry shifted per sweep), the write also updates the kept tensor (a
// buffered insert), so it is still assembled once. A nest over
// one row (its subscripts name the outer loop's variable) is not a kernel
// of its own: it would assemble the whole matrix once per row. An
// iteration loop written with while or do-while is annotated the same way.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double dot(int n, const double *a, const double *b) {
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

static int cg(int n, double **A, const double *b, double *x, int maxit) {
  double *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
  int i, j, it;
  for (i = 0; i < n; i++) { x[i] = 0; r[i] = b[i]; p[i] = b[i]; }
  double rr = dot(n, r, r);
#pragma sparse encoding(A : CSR)
  for (it = 0; it < maxit; it++) {
    for (i = 0; i < n; i++) {
      q[i] = 0;
      for (j = 0; j < n; j++)
        q[i] += A[i][j] * p[j];
    }
    double alpha = rr / dot(n, p, q);
    for (i = 0; i < n; i++) { x[i] += alpha * p[i]; r[i] -= alpha * q[i]; }
    double rr1 = dot(n, r, r);
    if (rr1 < 1e-24) break;
    for (i = 0; i < n; i++) p[i] = r[i] + rr1 / rr * p[i];
    rr = rr1;
  }
  free(r); free(p); free(q);
  return it;
}

static void rows_scaled(int n, double **A, const double *x, double *y) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
    y[i] = s / dot(n, x, x);
  }
}

#define M 40
static double J[M][M], xo[M], xn[M], rhs[M];

static double norm2(const double *v) {
  double s = 0;
  for (int i = 0; i < M; i++) s += v[i] * v[i];
  return sqrt(s);
}

static void jacobi(int sweeps) {
  #pragma sparse encoding(J : DCSR)
  for (int k = 0; k < sweeps; k++) {
    for (int i = 0; i < M; i++) {
      double s = 0;
      for (int j = 0; j < M; j++)
        s += J[i][j] * xo[j];
      xn[i] = (rhs[i] - s) / 4.0;
    }
    for (int i = 0; i < M; i++) xo[i] = xn[i];
    J[k % M][(k + 1) % M] += 0.001; /* the matrix changes every sweep */
    if (k % 10 == 0) printf("sweep %d: %.12f\n", k, norm2(xo));
  }
}

#define K 30
static double W[K][K], v[K], w[K];

static double normK(const double *u) {
  double s = 0;
  for (int i = 0; i < K; i++) s += u[i] * u[i];
  return sqrt(s);
}

static int power(double tol) {
  double change = 1.0;
  int it = 0;
#pragma sparse encoding(W : CSR)
  while (change > tol && it < 60) {
    for (int i = 0; i < K; i++) {
      double s = 0;
      for (int j = 0; j < K; j++)
        s += W[i][j] * v[j];
      w[i] = s;
    }
    double nw = normK(w);
    change = 0;
    for (int i = 0; i < K; i++) {
      change += fabs(w[i] / nw - v[i]);
      v[i] = w[i] / nw;
    }
    it++;
  }
  int sweeps = 0;
#pragma sparse encoding(W : DCSR)
  do {
    for (int i = 0; i < K; i++)
      for (int j = 0; j < K; j++)
        w[j] += W[i][j] * v[i];
    sweeps++;
  } while (sweeps < 3);
  return it;
}

int main(void) {
  int n = 60;
  double **A = malloc(n * sizeof *A), *b = malloc(n * sizeof *b), *x = malloc(n * sizeof *x);
  for (int i = 0; i < n; i++) {
    A[i] = calloc(n, sizeof **A);
    A[i][i] = 4.0;
    if (i > 0) A[i][i - 1] = -1.0;
    if (i + 1 < n) A[i][i + 1] = -1.0;
    if (i + 7 < n) { A[i][i + 7] = -0.5; }
    if (i >= 7) A[i][i - 7] = -0.5;
    b[i] = 1.0 + (i % 3);
  }
  int it = cg(n, A, b, x, 200);
  printf("cg: %d iterations\n", it);
  for (int i = 0; i < n; i += 6) printf("x[%d] = %.10f\n", i, x[i]);
  rows_scaled(n, A, b, x);
  for (int i = 0; i < n; i += 9) printf("y[%d] = %.15g\n", i, x[i]);
  for (int i = 0; i < M; i++) {
    rhs[i] = 1.0 + i % 5;
    J[i][(i + 3) % M] = -1.0;
    J[i][(i + 11) % M] = 0.5;
  }
  jacobi(40);
  for (int i = 0; i < K; i++) {
    v[i] = 1.0;
    W[i][i] = 2.0 + (i % 4);
    W[i][(i * 7 + 1) % K] = 0.5;
  }
  printf("power: %d iterations\n", power(1e-9));
  for (int i = 0; i < K; i += 5) printf("v[%d] = %.12f w = %.12f\n", i, v[i], w[i]);
  printf("xo[7] = %.15g\n", xo[7]);
  for (int i = 0; i < n; i++) free(A[i]);
  free(A); free(b); free(x);
  return 0;
}
