// Flat arrays with a shape in the pragma, whose inner loop bound is written
// differently from the shape's extent: a literal for a macro (`j < 6` with
// `#define M 6`), a triangular bound (`j <= i`, `j < i`) under an outer
// bound that is the extent, and a lower bound from the outer loop
// (`j = i + 1`). The last subscript is provably within [0, M) in each, so
// each nest is delinearized and sparsified.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: y1[i] += A[i * M + j] * x[j];
// EXPECT-ABSENT: y2[i] += A[i * M + j] * x[j];
// EXPECT-ABSENT: y3[i] -= A[i * M + j] * x[j];
// EXPECT-ABSENT: s += A[i * M + j];
#include <stdio.h>
#include <stdlib.h>

#define N 6
#define M 6

static unsigned long long state = 7;
static double next_value(int keep_pct) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  int r = (int)((state >> 33) % 100);
  return r < keep_pct ? (double)((int)((state >> 40) % 17) - 8) / 4.0 : 0.0;
}

int main(void) {
  double *A = malloc(sizeof(double) * N * M);
  double x[M], y1[N], y2[N], y3[N], s = 0;
  if (!A) return 1;
  for (int i = 0; i < N * M; i++) A[i] = next_value(40);
  for (int j = 0; j < M; j++) x[j] = next_value(100);
  for (int i = 0; i < N; i++) y1[i] = y2[i] = y3[i] = 0;

#pragma sparse encoding(A[N][M] : CSR)
  for (size_t i = 0; i < 6; i++)
    for (size_t j = 0; j < 6; j++)
      y1[i] += A[i * M + j] * x[j];

#pragma sparse encoding(A[N][M] : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      y2[i] += A[i * M + j] * x[j];

#pragma sparse encoding(A[N][M] : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < M; j++)
      y3[i] -= A[i * M + j] * x[j];

#pragma sparse encoding(A[N][M] : COO)
  for (long i = 1; i < N; i++)
    for (long j = 0; j < i; j++)
      s += A[i * M + j];

  for (int i = 0; i < N; i++) printf("%g %g %g\n", y1[i], y2[i], y3[i]);
  printf("%g\n", s);
  free(A);
  return 0;
}
