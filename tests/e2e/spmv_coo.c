// SpMV y = A x, A COO inside the nest.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i][j]
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
  double x[M], y[N];
  fill_A();
  for (int j = 0; j < M; j++) x[j] = lcg();

#pragma sparse encoding(A : COO)
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }

  for (int i = 0; i < N; i++) printf("%.10g\n", y[i]);
  return 0;
}
