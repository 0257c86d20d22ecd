// Unions with a dense side over CSC and DCSR operands stored sparse: a
// difference with a scalar read through the transpose (`y[j] -= alpha +
// A[j][i]`, CSC converted to follow the loops), a DCSR matrix plus a dense
// matrix into a dense output (the row level walked by a merge cursor, a
// fill loop then B's entries in each row),
// and an integer DCSR union with explicit zeros stored and empty rows.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[j] -= alpha + A[j][i];
// EXPECT-ABSENT: C[i][j] = D[i][j] + 2.0 * B[i][j];
// EXPECT-ABSENT: cnt[j] += K[i][j] - 1 + h[i];
// EXPECT-REPORT: loop i: dense, every i visited ('y[j] -= alpha + A[j][i]' has an effect where A is absent); A walked by a merge cursor
// EXPECT-REPORT: loop i: dense, every i visited ('C[i][j] = D[i][j] + 2.0 * B[i][j]' has an effect where B is absent); B walked by a merge cursor
// EXPECT-REPORT: loop j: positions of B (after a fill loop for `=`)
// EXPECT-REPORT: K walked by a merge cursor
#include <stdio.h>

#define N 17
#define M 13

static unsigned long long lcg_state = 777;
static int lcg(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned long long)n);
}

#pragma sparse encoding(A : CSC)
static double A[M][N];
#pragma sparse encoding(B : DCSR)
static double B[N][M];
#pragma sparse encoding(K : DCSR)
static int K[N][M];
static double D[N][M], C[N][M], y[M];
static int h[N], cnt[M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      int r = lcg(10);
      if (r == 0 && j != 3) A[j][i] = lcg(100) / 8.0 - 6.0;
      if (r >= 8 && i % 4 != 1) B[i][j] = lcg(100) / 4.0 - 12.5;
      if (r == 5 && i > 2) K[i][j] = lcg(9) - 4; /* may store a 0 */
      D[i][j] = lcg(50) / 16.0;
    }
  K[5][2] = 0;   /* explicit zeros: read as 0, as in the dense program */
  K[5][3] = 7;
  K[5][3] = 0;
  for (int i = 0; i < N; i++) h[i] = lcg(5);

  double alpha = 0.375;
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++)
      y[j] -= alpha + A[j][i];
  for (int j = 0; j < M; j++) printf("%.10g\n", y[j]);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = D[i][j] + 2.0 * B[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      cnt[j] += K[i][j] - 1 + h[i];
  for (int j = 0; j < M; j++) printf("%d\n", cnt[j]);
  return 0;
}
