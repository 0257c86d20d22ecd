// Transposed SpMV y = A^T x, A CSR.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[j] += A[i][j]
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 12345;
/* deterministic pseudo-random values in [-5, 5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
/* about `keep` of the entries non-zero, the rest exactly 0 */
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define N 23
#define M 19

static double A[N][M];

static void fill_A(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = sparse_value(0.2);
  for (int j = 0; j < M; j++) A[4][j] = 0.0;       /* an empty row */
  for (int i = 0; i < N; i++) A[i][M - 2] = 0.0;   /* an empty column */
}

int main(void) {
  double x[N], y[M];
  fill_A();
  for (int i = 0; i < N; i++) x[i] = lcg();
  for (int j = 0; j < M; j++) y[j] = 0.0;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[j] += A[i][j] * x[i];

  for (int j = 0; j < M; j++) printf("%.10g\n", y[j]);
  return 0;
}
