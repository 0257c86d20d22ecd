// A kernel refused after its loops were planned (a C89 loop variable whose
// final value is read after the nest, in a loop the lowering walks by
// positions) stays as written; under a SIMD backend its report lists the
// planned loops but says nothing of vector code or prefetches, which the
// output does not have (it said `loop k: vectorized: ...` and `prefetched`
// before). The SpMV beside it is sparsified and vectorized: exactly one
// `vectorized:` line.
// EXPECT-SPARSIFIED: 1
// EXPECT-VECTORIZED: 1
// EXPECT-WARNING: loop variable 'k' is used after the nest
// EXPECT-REPORT: kernel not sparsified: loop variable 'k' is used after the nest
// EXPECT-NOT-REPORT: D[i][j] prefetched
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
#include <stdio.h>

#define N 9
#define K 23
static double A[N][N], U[N][K], V[N][K], D[N][N], x[N], y[N];

static long sddmm(long lo, long hi) {
  long k;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (k = lo; k < hi; k++)
        D[i][j] += A[i][j] * U[i][k] * V[j][k];
  return k;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + 0.5 * i;
    for (int j = 0; j < N; j++)
      if ((i * 2 + j) % 3 == 0)
        A[i][j] = 0.25 * (i + 1) - 0.5 * j;
    for (int k = 0; k < K; k++) {
      U[i][k] = (i + k) % 4 - 1.5;
      V[i][k] = (i * k) % 5 * 0.25;
    }
  }
  long last = sddmm(1, K);
  printf("last k %ld\n", last);
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) {
    printf("y[%d] = %.17g\n", i, y[i]);
    for (int j = 0; j < N; j++)
      printf("D[%d][%d] = %.17g\n", i, j, D[i][j]);
  }
  return 0;
}
