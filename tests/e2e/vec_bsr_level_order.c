// BSR SpMV in the level-order walk under a SIMD backend (vblocks.c,
// "Block rows in level order"): the rows' sums of each block row in
// vector accumulators across its whole blocks, a block reaching past an
// extent masked, the scalar walk where a row of a block is narrower than
// the lanes. Blocks (2, 2) and (3, 3) (scalar under avx2's 4 lanes),
// (4, 4) with a per-row factor w[i] (i bound in each row of a block),
// (2, 4), (8, 8) (two vectors a row on 4 lanes), float (8, 8) with `-=`,
// int (4, 8). Extents 13 x 19: no block shape divides them (the last
// block row and block column are partial); rows 4 to 7 are empty (a
// whole empty block row for r = 2, 4); row 9 holds only the last column.
// The default output takes the same walk, scalar.
// EXPECT-SPARSIFIED: 7
// EXPECT-REPORT: loops i j: A2 walked in level order (each block row once: its blocks, then the 2 x 2 entries of each)
// EXPECT-REPORT: loops i j: A8 walked in level order (each block row once: its blocks, then the 8 x 8 entries of each)
// EXPECT-REPORT: loops i j: I4 walked in level order (each block row once: its blocks, then the 4 x 8 entries of each)
// EXPECT-VECTOR-REPORT: loop j: not vectorized: the level-order walk of A2's 2 x 2 blocks
// EXPECT-VECTOR-REPORT: loop j: not vectorized: the level-order walk of A3's 3 x 3 blocks
// EXPECT-VECTOR-REPORT: in the level-order walk of A4: each row of a 4 x 4 block = 1 x 4 lanes
// EXPECT-VECTOR-REPORT: in the level-order walk of B4: each row of a 2 x 4 block
// EXPECT-VECTOR-REPORT: in the level-order walk of A8: each row of a 8 x 8 block
// EXPECT-VECTOR-REPORT: float, in the level-order walk of F8
// EXPECT-VECTOR-REPORT: int, in the level-order walk of I4
// EXPECT-VECTOR-REPORT: a block reaching past an extent masked
// EXPECT-ABSENT: y2[i] += A2[i][j] * x[j]
// EXPECT-ABSENT: y4[i] += w[i] * A4[i][j] * x[j]
// EXPECT-ABSENT: y8[i] += A8[i][j] * x[j]
// EXPECT-ABSENT: yf[i] -= F8[i][j] * xf[j]
// EXPECT-ABSENT: yi[i] += I4[i][j] * xi[j]
#include <stdio.h>

#define N 13
#define M 19

static double A2[N][M], A3[N][M], A4[N][M], B4[N][M], A8[N][M], x[M], w[N];
static double y2[N], y3[N], y4[N], yb[N], y8[N];
static float F8[N][M], xf[M], yf[N];
static int I4[N][M], xi[M], yi[N];

static unsigned long long st = 11;
static int rnd(void) { /* in [1, 16] */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return 1 + (int)((st >> 33) % 16);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      int on = (i >= 4 && i <= 7) ? 0 : i == 9 ? j == M - 1 : rnd() > 6;
      double e = on ? (double)rnd() / 8.0 - 1.0 : 0.0;
      A2[i][j] = A3[i][j] = A4[i][j] = B4[i][j] = A8[i][j] = e;
      F8[i][j] = (float)e;
      I4[i][j] = on ? rnd() - 9 : 0;
    }
  for (int j = 0; j < M; j++) {
    x[j] = (double)rnd() / 4.0;
    xf[j] = (float)x[j];
    xi[j] = rnd() - 7;
  }
  for (int i = 0; i < N; i++) {
    w[i] = 0.5 * i;
    y2[i] = y3[i] = y4[i] = yb[i] = y8[i] = 0.25 * i;
    yf[i] = 1.0f;
    yi[i] = i;
  }

#pragma sparse encoding(A2 : BSR(2, 2))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y2[i] += A2[i][j] * x[j];

#pragma sparse encoding(A3 : BSR(3, 3))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y3[i] += A3[i][j] * x[j];

#pragma sparse encoding(A4 : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y4[i] += w[i] * A4[i][j] * x[j];

#pragma sparse encoding(B4 : BSR(2, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yb[i] += B4[i][j] * x[j];

#pragma sparse encoding(A8 : BSR(8, 8))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y8[i] += A8[i][j] * x[j];

#pragma sparse encoding(F8 : BSR(8, 8))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yf[i] -= F8[i][j] * xf[j];

#pragma sparse encoding(I4 : BSR(4, 8))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yi[i] += I4[i][j] * xi[j];

  for (int i = 0; i < N; i++)
    printf("%d %.17g %.17g %.17g %.17g %.17g %.9g %d\n", i, y2[i], y3[i],
           y4[i], yb[i], y8[i], yf[i], yi[i]);
  return 0;
}
