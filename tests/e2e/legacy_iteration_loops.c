// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: s += A[i][j] * p[j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += M[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) w[i] += M[i][j] * v[j];
// EXPECT-REPORT: loop nest split: loop header without the form 'i = lo'
// EXPECT-REPORT: M: assembled once, before the loop at line 94
// EXPECT-REPORT: M: assembled once, before the loop at line 111
// EXPECT-WARNING: legacy_iteration_loops.c:130:22: warning: loop not sparsified: call to function 'printf'
// EXPECT-WARNING: legacy_iteration_loops.c:129:5: note: this inner loop is no kernel of its own: it reads 'M' at a subscript fixed by the annotated loop
// EXPECT-WARNING: legacy_iteration_loops.c:69:3: warning: loop not sparsified: the while loop holds no loop nest using 'J' (the while loop at line 71 reads 'J', but only for loops become kernels: write it as a for loop)
// EXPECT-REPORT: kernel not sparsified: loop condition 'it < maxit && sqrt(rr) > tol' is not 'i < bound' or 'i <= bound'; it uses the arrays stored sparse only whole (calls, allocations, frees), which are rewritten
// EXPECT-NOT-REPORT: its element writes become buffered inserts
// Iteration loops as legacy solvers write them. A conjugate gradient whose
// parameter A is a sparse tensor (a pragma on its definition) passes A to
// a matrix-vector product, itself a function with the pragma: its loop is
// no kernel, and the report says it only passes A on (it has no element
// write to turn into buffered inserts). A Jacobi iteration written with
// while loops throughout has its pragma on the outer while: the warning
// says that the inner while loop reads J but only for loops are kernels.
// Iteration loops with no 'i = lo' in their header (`for (;;)` left by a
// break, `for (; it < 20; it++)` counting from a parameter) hold the
// products as kernels of their own, M assembled once before the loop. A
// row loop holding a printf is refused whole; its inner product loop,
// which reads row i of M, is no kernel alone (a note says why and what
// makes it one).
#include <math.h>
#include <stdio.h>
#define N 40

static double M[N][N], J[N][N];

#pragma sparse encoding(A : CSR)
static void spmv(double A[N][N], const double *p, double *q) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += A[i][j] * p[j];
    q[i] = s;
  }
}

static double dot(const double *u, const double *v) {
  double s = 0;
  for (int i = 0; i < N; i++) s += u[i] * v[i];
  return s;
}

#pragma sparse encoding(A : CSR)
static int cg(double A[N][N], const double *b, double *x, int maxit, double tol) {
  double r[N], p[N], q[N];
  int it;
  for (int i = 0; i < N; i++) { x[i] = 0; r[i] = b[i]; p[i] = b[i]; }
  double rr = dot(r, r);
  for (it = 0; it < maxit && sqrt(rr) > tol; it++) {
    spmv(A, p, q);
    double al = rr / dot(p, q);
    for (int i = 0; i < N; i++) { x[i] += al * p[i]; r[i] -= al * q[i]; }
    double rn = dot(r, r);
    for (int i = 0; i < N; i++) p[i] = r[i] + rn / rr * p[i];
    rr = rn;
  }
  return it;
}

static int jacobi(const double *b, double *x) {
  double xn[N], diff = 1;
  int i, j, iter = 0;
  for (i = 0; i < N; i++) x[i] = 0;
#pragma sparse encoding(J : CSR)
  while (diff > 1e-10 && iter < 200) {
    i = 0;
    while (i < N) {
      double s = 0;
      j = 0;
      while (j < N) {
        if (j != i) s += J[i][j] * x[j];
        j++;
      }
      xn[i] = (b[i] - s) / J[i][i];
      i++;
    }
    diff = 0;
    for (i = 0; i < N; i++) { diff += fabs(xn[i] - x[i]); x[i] = xn[i]; }
    iter++;
  }
  return iter;
}

/* relaxation sweeps until converged: an endless for with a break */
static int relax(const double *b, double *x) {
  double xn[N];
  int it = 0;
  for (int i = 0; i < N; i++) x[i] = 0;
#pragma sparse encoding(M : CSR)
  for (;;) {
    double err = 0;
    for (int i = 0; i < N; i++) {
      double s = 0;
      for (int j = 0; j < N; j++) s += M[i][j] * x[j];
      xn[i] = x[i] + (b[i] - s) / 3.0;
    }
    for (int i = 0; i < N; i++) { err += fabs(xn[i] - x[i]); x[i] = xn[i]; }
    if (++it >= 300 || err < 1e-12) break;
  }
  return it;
}

/* power steps counted by a variable set before the loop */
static double power(double *v, int it) {
  double w[N], lam = 0;
#pragma sparse encoding(M : CSR)
  for (; it < 20; it++) {
    for (int i = 0; i < N; i++) {
      w[i] = 0;
      for (int j = 0; j < N; j++) w[i] += M[i][j] * v[j];
    }
    double nrm = sqrt(dot(w, w));
    lam = dot(v, w);
    for (int i = 0; i < N; i++) v[i] = w[i] / nrm;
  }
  return lam;
}

/* a progress line left in the row loop: the row products are no kernels
 * of their own (each would assemble M), the note says what would help */
static void progress(const double *x, double *y) {
#pragma sparse encoding(M : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += M[i][j] * x[j];
    if (i % 16 == 0) printf("row %d: %.10f\n", i, y[i]);
  }
}

int main(void) {
  double b[N], x[N], y[N];
  for (int i = 0; i < N; i++) {
    M[i][i] = 3.0;
    if (i) M[i][i - 1] = M[i - 1][i] = -1.0;
    J[i][i] = 10.0;
    if (i >= 2) J[i][i - 2] = -2.0;
    if (i + 3 < N) J[i][i + 3] = -1.5;
    b[i] = 1.0 + (i % 5);
  }
  int it = cg(M, b, x, 100, 1e-12);
  printf("cg %d %.10f %.10f\n", it, x[0], x[N / 2]);
  it = jacobi(b, x);
  printf("jacobi %d %.10f %.10f\n", it, x[1], x[N - 1]);
  it = relax(b, x);
  printf("relax %d %.10f\n", it, x[N / 3]);
  printf("power %.10f\n", power(x, 3));
  progress(x, y);
  return 0;
}
