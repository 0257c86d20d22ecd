// `--simd=none` on the command line and kernels whose vectorize pragma
// names no backend (`vectorize(vla)`, `vectorize(vl = 8)` on a function,
// `vectorize()`): the pragma's fields override only what they name, so
// none stands and those kernels are scalar; the report now says so for
// each (before, such a kernel had no vectorization line at all, and the
// vla it asked for was dropped without a word). A kernel whose pragma
// names its backend (`simd = generic`) is vectorized whatever the command
// line says. With the harness's backends (given after these arguments)
// every kernel is vectorized.
// SPARSECC-ARGS: --simd=none
// EXPECT-SPARSIFIED: 4
// EXPECT-SCALAR-REPORT: vectorization: scalar: --simd=none applies to this kernel, whose vectorize pragma names no backend (vla ignored; 'simd = B' in the pragma picks one)
// EXPECT-SCALAR-REPORT: vectorization: scalar: --simd=none applies to this kernel, whose vectorize pragma names no backend ('simd = B' in the pragma picks one)
// EXPECT-SCALAR-REPORT: vectorized: generic, vl 4 [pragma]
// EXPECT-VECTORIZED: 4
#include <stdio.h>

#define N 40
#define M 120

static double A[N][M], x[M], y1v[N], y2v[N], y3v[N], y4v[N];

#pragma sparse vectorize(vl = 8)
static void spmv_fn(double *y) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((j * 7 + i * 13) % M < (i % 5) * 30)
        A[i][j] = 0.25 + ((i * 31 + j * 17) % 97) / 64.0;
  for (int j = 0; j < M; j++) x[j] = 1.0 + (j % 13) / 8.0;
#pragma sparse vectorize(vla)
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y1v[i] += A[i][j] * x[j];
  spmv_fn(y2v);
#pragma sparse encoding(A : CSR)
#pragma sparse vectorize()
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y3v[i] += A[i][j] * x[j];
#pragma sparse vectorize(simd = generic, vl = 4)
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y4v[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.17g %.17g %.17g\n", i, y1v[i], y2v[i], y3v[i], y4v[i]);
  return 0;
}
