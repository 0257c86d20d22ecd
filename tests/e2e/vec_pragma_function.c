// A vectorize/novectorize line in the pragma group before a function
// definition applies to every kernel of that function (it was silently
// ignored): spmv's row loop is vectorized by the generic backend the
// pragma names, whatever the command line says; `novectorize` keeps
// colsum scalar under every backend. A vectorize line before a
// declaration is ignored with a warning saying so.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-ABSENT: c[j] += B[i][j];
// EXPECT-REPORT: loop j: vectorized: generic
// EXPECT-VECTORIZED: 1
// EXPECT-WARNING: pragma sparse vectorize ignored: it applies to a loop or a function definition, not a declaration
#include <stdio.h>

#define N 37

#pragma sparse vectorize(simd = generic, vl = 4)
#pragma sparse encoding(A : CSR)
static void spmv(int n, double A[n][n], const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++) s += A[i][j] * x[j];
    y[i] = s;
  }
}

#pragma sparse vectorize(vl = 8)
#pragma sparse encoding(B : DCSR)
static double B[N][N];

#pragma sparse novectorize
static void colsum(double *c) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) c[j] += B[i][j];
}

int main(void) {
  static double M[N][N], x[N], y[N], c[N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      M[i][j] = (i * 7 + j * 3) % 4 == 0 ? 1.0 / (1 + i + j) : 0;
    x[i] = i % 5 - 2;
  }
  for (int i = 0; i < N; i += 2) B[i][(i * 3) % N] = i + 0.5;
  spmv(N, M, x, y);
  colsum(c);
  for (int i = 0; i < N; i += 3) printf("%.12g %g\n", y[i], c[i]);
  return 0;
}
