// seed 38: double, loops i<10 j<1: C[i][j] += fabs(A[i][j] * (alpha * B[i][j])) [size_t loop variables] | A : BSR(2, 2);
// Regression: the level-order walk's loops for whole blocks indexed C[i][1] of
// a one-column array (a block of 2 wider than the extent 1): gcc warned that
// the unchecked loops invoke undefined behaviour; a constant extent below the
// block size now makes the whole-block test constant false.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: C[i][j] += fabs(A[i][j] * (alpha * B[i][j]));
// EXPECT-SCALAR-REPORT: walked in level order
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10
#define M 1

static unsigned long long lcg_state = 100868571263ULL;
/* deterministic pseudo-random integer in [0, n) */
static int rnd(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned long long)n);
}
/* a non-zero multiple of 1/4 in [-4, 4] */
static double dval(void) {
  int k = rnd(32) - 16;
  return (k >= 0 ? k + 1 : k) / 4.0;
}

static double B[N][M];
static double alpha = 1.5;

int main(void) {
  double A[N][M];
  double C[N][M];
  for (int p0 = 0; p0 < N; p0++)
    for (int p1 = 0; p1 < M; p1++)
      A[p0][p1] = rnd(1000) < 600 ? dval() : 0;
  for (int p0 = 0; p0 < N; p0++)
    for (int p1 = 0; p1 < M; p1++)
      if (p1 == 0) A[p0][p1] = 0;
  for (int p0 = 0; p0 < N; p0++)
    for (int p1 = 0; p1 < M; p1++)
      B[p0][p1] = dval();
  for (int p0 = 0; p0 < N; p0++)
    for (int p1 = 0; p1 < M; p1++)
      C[p0][p1] = rnd(1000) < 300 ? dval() : 0;
  #pragma sparse encoding(A : BSR(2, 2))
  for (size_t i = 0; i < N; i++)
    for (size_t j = 0; j < M; j++)
      C[i][j] += fabs(A[i][j] * (alpha * B[i][j]));
  printf("C\n");
  for (int p0 = 0; p0 < N; p0++)
    for (int p1 = 0; p1 < M; p1++)
      printf("%.12g\n", C[p0][p1]);
  {
    double cs = 0.0;
    for (int p0 = 0; p0 < N; p0++)
      for (int p1 = 0; p1 < M; p1++)
        cs += (double)A[p0][p1] * (p0 * 31 + p1 + 1);
    printf("A %.12g\n", cs);
  }
  return 0;
}
