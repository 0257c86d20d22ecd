// EXPECT-SPARSIFIED: 6
// EXPECT-REPORT: kernel sparsified: forall(i) forall(sc__diag_i) tr += A(i,sc__diag_i)
// EXPECT-ABSENT: static double L[N][N];
// EXPECT-ABSENT: for (int j = 0; j <= i; j++) y[i] += L[i][j] * x[j];
// EXPECT-ABSENT: acc += W[r][k] * in[k];
// A static local array stored sparse in a function called from an
// iteration loop (created once, kept across calls), several kernels in one
// function (SpMV, transposed SpMV, a Frobenius norm; the trace walks each
// row up to the diagonal), and a float matrix in CSC with the
// scalar accumulator idiom and a ReLU.
#include <math.h>
#include <stdio.h>
#define N 40
#define R 33
#define K 21

static void step(double *y, const double *x) {
#pragma sparse encoding(L : CSR)
  static double L[N][N];
  static int initialized = 0;
  if (!initialized) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j <= i; j++)
        if ((i + 2 * j) % 9 == 0) L[i][j] = 0.5 + j;
    initialized = 1;
  }
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j <= i; j++) y[i] += L[i][j] * x[j];
  }
}

static void several(void) {
#pragma sparse encoding(A : CSR)
  double A[N][N];
  double x[N], y[N], z[N], nrm = 0, tr = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (j == i || j == (i * 2) % N) ? 1.0 + (i % 3) : 0.0;
  for (int i = 0; i < N; i++) x[i] = (i % 5) * 0.5;
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];
  }
  for (int j = 0; j < N; j++) z[j] = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) z[j] += A[i][j] * y[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) nrm += A[i][j] * A[i][j];
  for (int i = 0; i < N; i++) tr += A[i][i];
  double s = 0;
  for (int i = 0; i < N; i++) s += z[i];
  printf("%g %g %g\n", s, sqrt(nrm), tr);
}

int main(void) {
  double x[N], y[N];
  for (int i = 0; i < N; i++) x[i] = 1;
  for (int it = 0; it < 3; it++) {
    step(y, x);
    for (int i = 0; i < N; i++) x[i] = y[i] / 16 + 1;
  }
  double c = 0;
  for (int i = 0; i < N; i++) c += x[i] * (i + 1);
  printf("%.12g\n", c);
  several();

#pragma sparse encoding(W : CSC)
  float W[R][K];
  float in[K], out[R];
  for (int r = 0; r < R; r++)
    for (int k = 0; k < K; k++)
      W[r][k] = ((r * 13 + k * 7) % 10 == 0) ? 0.25f * (k - r) : 0.0f;
  for (int k = 0; k < K; k++) in[k] = 0.5f * (k % 3);
  for (int r = 0; r < R; r++) {
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += W[r][k] * in[k];
    out[r] = acc > 0 ? acc : 0;
  }
  for (int r = 0; r < R; r++) printf("%.3f ", out[r]);
  printf("\n");
  return 0;
}
