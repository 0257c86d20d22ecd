// Row sums of BSR matrices (`y[i] += A[i][j]`: the column index read by
// nothing but the loop) under every backend. The vector walk of a block row
// named the block's first column for operands read at j; a sum reads none,
// and the unused name made the output fail -Werror (unused variable) where
// a vector is wider than a block (avx512, doubles, block width 4). Extents
// that are not a multiple of the block (masked last blocks) and ones that
// are (full blocks only), rows of 1 and 2 blocks, double and float.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: y[i] += A[i][j];
// EXPECT-ABSENT: z[i] += B[i][j];
// EXPECT-ABSENT: w[i] += C[i][j];
// EXPECT-ABSENT: f[i] += F[i][j];
#include <stdio.h>

#define N 13
#define M 37
#define P 16

static double A[N][M], B[N][M], C[P][P], y[N], z[N], w[P];
static float F[P][P], f[P];

static unsigned seed = 11;
static int rnd(int n) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 16) % (unsigned)n);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if (rnd(5) == 0) A[i][j] = (rnd(16) - 8) / 4.0;
      if (rnd(4) == 0) B[i][j] = (rnd(16) - 7) / 8.0;
    }
  for (int i = 0; i < P; i++)
    for (int j = 0; j < P; j++) {
      if (rnd(3) == 0) C[i][j] = (rnd(10) + 1) / 2.0;
      if (rnd(3) == 0) F[i][j] = (float)(rnd(10) - 5) / 4.0f;
    }
#pragma sparse encoding(A : BSR(1, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j];
#pragma sparse encoding(B : BSR(2, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += B[i][j];
#pragma sparse encoding(C : BSR(2, 4))
  for (int i = 0; i < P; i++)
    for (int j = 0; j < P; j++)
      w[i] += C[i][j];
#pragma sparse encoding(F : BSR(1, 8))
  for (int i = 0; i < P; i++)
    for (int j = 0; j < P; j++)
      f[i] += F[i][j];
  for (int i = 0; i < N; i++) printf("%d %g %g\n", i, y[i], z[i]);
  for (int i = 0; i < P; i++) printf("%d %g %g\n", i, w[i], (double)f[i]);
  return 0;
}
