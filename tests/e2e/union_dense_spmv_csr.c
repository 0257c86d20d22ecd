// A sum of a sparse operand stored as CSR with dense operands (a union
// with a dense side): every (i, j) is visited, in the source's order, and
// A's row is walked by a merge cursor (no search per element). Empty rows,
// a stored NaN, and a float kernel where the running sums round at every
// step (the order is the dense program's); a CSR function parameter.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: y[i] += A[i][j] + x[j];
// EXPECT-ABSENT: s -= B[i][j] - F[i][j];
// EXPECT-ABSENT: z[i] += F[i][j] * 0.5f + (w[j] - F[i][j]);
// EXPECT-REPORT: loop j: dense, every j visited ('y[i] += A[i][j] + x[j]' has an effect where A is absent); A walked by a merge cursor
// EXPECT-REPORT: F walked by a merge cursor
// EXPECT-ABSENT: yv[i] -= P[i][j] - xv[j];
// EXPECT-REPORT: loop j: dense, every j visited ('yv[i] -= P[i][j] - xv[j]' has an effect where P is absent); P walked by a merge cursor
#include <math.h>
#include <stdio.h>

#define N 23
#define M 19

static unsigned long long lcg_state = 4242;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#pragma sparse encoding(A : CSR)
static double A[N][M];
#pragma sparse encoding(F : CSR)
static float F[N][M];
static double x[M], y[N], B[N][M];
static float w[M], z[N];

#pragma sparse encoding(P : CSR)
static void sub_rows(int n, int m, double P[n][m], const double *xv, double *yv) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      yv[i] -= P[i][j] - xv[j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double r = lcg();
      if (i % 5 != 2 && r > 3.0) A[i][j] = lcg();
      if (i != 7 && r < -3.5) F[i][j] = (float)(lcg() * 1.37);
      B[i][j] = lcg() * 0.01;
    }
  A[0][0] = 2.5;
  A[0][M - 1] = -1.25;
  A[9][4] = NAN; /* row 9 sums to NaN, as in the dense program */
  for (int j = 0; j < M; j++) {
    x[j] = lcg();
    w[j] = (float)(lcg() * 1e-3);
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] + x[j];
  for (int i = 0; i < N; i++) printf("%.10g\n", y[i]);

  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s -= B[i][j] - F[i][j];
  printf("%.10g\n", s);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += F[i][j] * 0.5f + (w[j] - F[i][j]);
  for (int i = 0; i < N; i++) printf("%.9g\n", (double)z[i]);

  static double D[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) D[i][j] = (i * 3 + j) % 7 == 0 ? lcg() : 0.0;
  sub_rows(N, M, D, x, y);
  for (int i = 0; i < N; i++) printf("%.10g\n", y[i]);
  return 0;
}
