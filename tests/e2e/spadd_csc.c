// SpAdd C = A + B into a dense C, A and B CSC: a fill loop,
// then a union merge.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: C[i][j] = A[i][j] + B[i][j];
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

static double B[N][M];

static void fill_B(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = sparse_value(0.25);
  for (int j = 0; j < M; j++) B[7][j] = 0.0;
  B[0][0] = 1.5; /* overlaps sometimes, A[0][0] may be zero */
}

int main(void) {
  static double C[N][M];
  fill_A();
  fill_B();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) C[i][j] = -1.0; /* overwritten */

#pragma sparse encoding(A : CSC, B : CSC)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = A[i][j] + B[i][j];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g\n", C[i][j]);
  return 0;
}
