// EXPECT-SPARSIFIED: 5
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: s += A[i * (long)n + j] * x[j];
// EXPECT-ABSENT: t += B[i * (long)m + j] * x[j];
// EXPECT-ABSENT: u += B[i * (ptrdiff_t)m + j];
// EXPECT-ABSENT: for (long j = 0; j < (long)m - k; j++) s += C[i][j] * x[j];
// EXPECT-ABSENT: for (long j = 0; j < (long)nc; j++) D[i][j] += C[i][k] * E[k][j];
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0; forall(j) s += A(i,j) * x(j); y(i) = s }
// Loop bounds that cast an unsigned size to a signed type, as code built
// with -Wsign-compare writes them (`i < (long)n`, `i <= (ptrdiff_t)m - 1`,
// `i < (long)n - k`). The subscripts read through the cast, and the
// rewritten loop header keeps it: compared with the bare size_t, a signed
// loop variable makes the output warn, and a bound that is negative in
// the source (`(long)n - k` with k > n: no iteration) would wrap around
// to a huge unsigned one, in the header as in the test that ends a
// row's walk early (`j < (long)m - k`) and in the vector loops over a
// dense column range (`j < (long)nc` in an SpMM).
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned lcg = 12345u;
static double next(void) {
  lcg = lcg * 1103515245u + 12345u;
  return (double)((lcg >> 16) % 64) / 8.0 - 4.0;
}

static double rows_but(size_t n, long k) {
  double *A = calloc(n * n, sizeof *A), *x = malloc(n * sizeof *x);
  double *y = calloc(n, sizeof *y), t = 0;
  if (!A || !x || !y) return -1;
  for (size_t i = 0; i < n; i++) {
    A[i * n + (i * 7) % n] = 1.0 + (double)i;
    A[i * n + (i * 3 + 1) % n] += next();
    x[i] = 0.5 + (double)(i % 3);
  }
#pragma sparse encoding(A[n][n] : CSR)
  for (long i = 0; i < (long)n - k; i++) {
    double s = 0;
    for (long j = 0; j < (long)n; j++) s += A[i * (long)n + j] * x[j];
    y[i] = s;
  }
  for (size_t i = 0; i < n; i++) t += y[i] * (double)(i + 1);
  free(A);
  free(x);
  free(y);
  return t;
}

#define R 50
#define W 40
static double C[R][W], cx[W];

static double cols_but(size_t m, long k) {
  double t = 0;
  const double *x = cx;
#pragma sparse encoding(C : CSR)
  for (long i = 0; i < R; i++) {
    double s = 0;
    for (long j = 0; j < (long)m - k; j++) s += C[i][j] * x[j];
    t += s * (double)(i + 1);
  }
  return t;
}

#define NC 24
static double D[R][NC], E[W][NC];

static double spmm(size_t nr, size_t nc) {
  double t = 0;
#pragma sparse encoding(C : CSR)
  for (long i = 0; i < (long)nr; i++)
    for (long k = 0; k < W; k++)
      for (long j = 0; j < (long)nc; j++) D[i][j] += C[i][k] * E[k][j];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < NC; j++) t += D[i][j] * (i + j);
  return t;
}

int main(void) {
  size_t n = 300, m = 240;
  double *B = calloc(n * m, sizeof *B), *x = malloc(m * sizeof *x);
  double *y = malloc(n * sizeof *y), u = 0;
  if (!B || !x || !y) return 1;
  for (size_t k = 0; k < n * 3; k++) {
    size_t c = (size_t)(next() + 4) * 29 % m;
    B[(k / 3) * m + c] = next();
  }
  for (size_t j = 0; j < m; j++) x[j] = 1.0 + (double)(j % 3);
#pragma sparse encoding(B[n][m] : CSR)
  for (long i = 0; i < (long)n; i++) {
    double t = 0;
    for (long j = 0; j < (long)m; j++) t += B[i * (long)m + j] * x[j];
    y[i] = t;
  }
#pragma sparse encoding(B[n][m] : CSR)
  for (ptrdiff_t i = 0; i <= (ptrdiff_t)n - 1; i++)
    for (ptrdiff_t j = 0; j < (ptrdiff_t)m; j++) u += B[i * (ptrdiff_t)m + j];
  for (size_t i = 0; i < n; i += 37) printf("y[%zu] = %.10f\n", i, y[i]);
  printf("sum %.10f\n", u);
  printf("%.6f\n", rows_but(60, 5));
  printf("%.6f\n", rows_but(3, 5));
  printf("%.6f\n", rows_but(90, 0));
  for (int i = 0; i < R; i++) {
    C[i][(i * 7) % W] = 1.0 + i;
    C[i][W - 1] = 2.0;
  }
  for (int j = 0; j < W; j++) cx[j] = 0.5 + (j % 3);
  printf("%.4f\n", cols_but(W, 1));
  printf("%.4f\n", cols_but(3, 5));
  printf("%.4f\n", cols_but(W, 0));
  for (int k = 0; k < W; k++)
    for (int j = 0; j < NC; j++) E[k][j] = (k + j) % 5 * 0.25;
  printf("%.4f\n", spmm(R, NC));
  printf("%.4f\n", spmm(R - 3, NC - 5));
  free(B);
  free(x);
  free(y);
  return 0;
}
