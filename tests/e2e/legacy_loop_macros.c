// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: invocations of element-access macros expanded
// EXPECT-ABSENT: FOR(j, N) y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: FOR(i, N) FOR(j, N) C[i][j] = A[i][j] - 2.0 * B[i][j];
// EXPECT-ABSENT: DO(j, 1, N) s += A[i - 1][j - 1] * w[j];
// EXPECT-ABSENT: LOOP(k, 0, N) t += B[i][k] * x[k];
// EXPECT-REPORT: kernel sparsified: forall(i) { y(i) = 0; forall(j) y(i) += A(i,j) * x(j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) C(i,j) = A(i,j) - 2.0 * B(i,j)
// Loops written through macros, as legacy numerical code has them: a
// FOR(i, n) macro declaring its variable, a Fortran-like DO(i, a, b) over
// 1..n with `<=`, and LOOP(i, lo, hi) with a variable declared outside and
// `++i`. A macro whose body is a for header is expanded at each
// invocation (as the preprocessor would), so the nests written through it
// are loops to sparsecc and become kernels; the macros used elsewhere
// (loops over dense arrays) expand to the same loops.
#include <stdio.h>
#define N 150
#define FOR(i, n) for (int i = 0; i < (n); i++)
#define DO(i, a, b) for (i = (a); i <= (b); i++)
#define LOOP(i, lo, hi) for (i = (lo); i < (hi); ++i)

#pragma sparse encoding(A : CSR, B : CSR)
static double A[N][N], B[N][N];
static double C[N][N];
static double x[N], y[N], w[N + 1], z[N];

int main(void) {
  int i, j, k;
  unsigned s0 = 77;
  FOR(r, N) {
    s0 = s0 * 1664525u + 1013904223u;
    A[r][s0 % N] = 1.0 + r % 3;
    B[r][(r * 11) % N] = 2.0;
    B[r][r] = -1.0;
    x[r] = r % 6;
  }
  DO(j, 1, N) w[j] = 1.0 / j;
  FOR(i, N) {
    y[i] = 0;
    FOR(j, N) y[i] += A[i][j] * x[j];
  }
  FOR(i, N) FOR(j, N) C[i][j] = A[i][j] - 2.0 * B[i][j];
  DO(i, 1, N) {
    double s = 0;
    DO(j, 1, N) s += A[i - 1][j - 1] * w[j];
    z[i - 1] = s;
  }
  LOOP(i, 0, N) {
    double t = 0;
    LOOP(k, 0, N) t += B[i][k] * x[k];
    z[i] += t;
  }
  double a = 0, b = 0, c = 0;
  FOR(i, N) a += y[i];
  FOR(i, N) FOR(j, N) b += C[i][j] * (j + 1);
  FOR(i, N) c += z[i] * (i % 4);
  printf("%.10f %.10f %.10f\n", a, b, c);
  return 0;
}
