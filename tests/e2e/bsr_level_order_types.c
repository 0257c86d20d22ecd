// The level-order walk of BSR operands in the scalar output
// (docs/lowering.md "Blocked levels in level order") on float and int
// elements and on blocks stored column by column
// (`(i floordiv 2, j floordiv 3, j mod 3, i mod 2)`: the walk follows the
// levels, j before i inside a block): float SpMV over BSR(3, 3) whose
// rows hold +1e8 and -1e8 around small terms (a float sum in another
// order prints differently), int SpMV over BSR(2, 4) and the transposed
// int product over BSR(4, 4), a float row sum over BSR(2, 2), and a
// double SpMV over the column-major blocks, and over them a triangular
// product whose rows start at 1 and stop before N - 1 (i checked against
// its bounds, j <= i checked once both are bound), and SpMV over a
// global array stored as BSR(3, 2) (its handle walked as stored). Extents
// 13 x 11 (no block shape divides both), block rows 2 and 3 of BSR(2, *)
// empty.
// EXPECT-SPARSIFIED: 7
// EXPECT-REPORT: loops i j: F walked in level order (each block row once: its blocks, then the 3 x 3 entries of each)
// EXPECT-REPORT: loops i j: I walked in level order (each block row once: its blocks, then the 2 x 4 entries of each)
// EXPECT-REPORT: loops i j: T walked in level order (each block row once: its blocks, then the 4 x 4 entries of each)
// EXPECT-REPORT: loops i j: G walked in level order (each block row once: its blocks, then the 2 x 2 entries of each)
// EXPECT-REPORT: loops i j: K walked in level order (each block row once: its blocks, then the 2 x 3 entries of each)
// EXPECT-REPORT: yf[i] of the block row's rows held in locals across its blocks
// EXPECT-ABSENT: yf[i] += F[i][j] * xf[j]
// EXPECT-ABSENT: yi[i] += I[i][j] * xi[j]
// EXPECT-ABSENT: zi[j] += T[i][j] * vi[i]
// EXPECT-ABSENT: rf[i] += G[i][j]
// EXPECT-ABSENT: yk[i] += K[i][j] * x[j]
// EXPECT-ABSENT: yt[i] += K[i][j] * x[j]
// EXPECT-ABSENT: yh[i] += H[i][j] * x[j]
// EXPECT-REPORT: loops i j: H walked in level order (each block row once: its blocks, then the 3 x 2 entries of each)
#include <stdio.h>

#define N 13
#define M 11

static float F[N][M], G[N][M], xf[M], yf[N], rf[N];
static int I[N][M], T[N][M], xi[M], vi[N], yi[N], zi[M];
static double K[N][M], x[M], yk[N], yt[N], yh[N];
#pragma sparse encoding(H : BSR(3, 2))
static double H[N][M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      int on = !(i >= 4 && i < 8) && (i * 5 + j * 3) % 7 < 4;
      int e = on ? (i * 7 + j * 11) % 9 - 4 : 0; /* zeros inside blocks too */
      F[i][j] = G[i][j] = (float)e / 4.0f;
      I[i][j] = T[i][j] = e;
      K[i][j] = (double)e / 8.0;
      H[i][j] = (double)e / 4.0;
    }
  for (int i = 0; i < N; i++)
    if (i < 4 || i >= 8) {
      F[i][0] = G[i][0] = 1e8f;
      F[i][M - 1] = G[i][M - 1] = -1e8f;
    }
  for (int j = 0; j < M; j++) {
    xf[j] = j == 0 || j == M - 1 ? 1.0f : (float)(j % 5) - 1.75f;
    xi[j] = j % 4 - 1;
    x[j] = (double)(j % 6) / 3.0;
  }
  for (int i = 0; i < N; i++) vi[i] = 2 - i % 5;

#pragma sparse novectorize
#pragma sparse encoding(F : BSR(3, 3))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yf[i] += F[i][j] * xf[j];

#pragma sparse novectorize
#pragma sparse encoding(I : BSR(2, 4))
  for (int i = 0; i < N; i++) {
    yi[i] = 1;
    for (int j = 0; j < M; j++)
      yi[i] += I[i][j] * xi[j];
  }

#pragma sparse novectorize
#pragma sparse encoding(T : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      zi[j] += T[i][j] * vi[i];

#pragma sparse novectorize
#pragma sparse encoding(G : BSR(2, 2))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rf[i] += G[i][j];

#pragma sparse novectorize
#pragma sparse encoding(K : (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, j mod 3 : dense, i mod 2 : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yk[i] += K[i][j] * x[j];

#pragma sparse novectorize
#pragma sparse encoding(K : (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, j mod 3 : dense, i mod 2 : dense))
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j <= i; j++)
      yt[i] += K[i][j] * x[j];

#pragma sparse novectorize
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yh[i] += H[i][j] * x[j];

  for (int i = 0; i < N; i++)
    printf("%d: %.9g %d %.9g %.17g %.17g %.17g\n", i, yf[i], yi[i], rf[i],
           yk[i], yt[i], yh[i]);
  for (int j = 0; j < M; j++) printf("z%d: %d\n", j, zi[j]);
  return 0;
}
