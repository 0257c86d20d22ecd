// Sums over BSR operands that the level-order walk does not take, so the
// vector backends hold the accumulators across the blocks of a block row
// segment and reduce them once (src/vector/vblocks.c, vec_emit_blocks;
// docs/vectorization.md, "BSR blocks"): a sum of the whole matrix into one
// scalar (the walk would reorder the rows of one sum), and a row's sum into
// a local declared in the row loop (the walk holds only array elements
// across a block row). Block widths 4 (one vector of doubles on avx2, half
// of one on avx512, which runs it on 256-bit vectors), 3 (a constant mask),
// 11 (a masked last vector), 36 (more vectors than accumulators: they are
// reused in turn), `-=`, float, long long, and an int `^=` and `|=`;
// extents that are not a multiple of the block (N = 13, M = 37) so the
// last block of a row is masked, and empty block rows. Every value is a
// small dyadic rational, so any order of the additions gives the same sum.
// EXPECT-SPARSIFIED: 8
// EXPECT-VECTORIZED: 8
// EXPECT-VECTOR-REPORT: inside the blocks of A: 4 entries a block
// EXPECT-VECTOR-REPORT: inside the blocks of B: 3 entries a block
// EXPECT-VECTOR-REPORT: inside the blocks of C: 11 entries a block
// EXPECT-VECTOR-REPORT: inside the blocks of D: 36 entries a block
// EXPECT-VECTOR-REPORT: inside the blocks of F: 8 entries a block
// EXPECT-VECTOR-REPORT: inside the blocks of L: 4 entries a block
// EXPECT-VECTOR-REPORT: inside the blocks of U: 4 entries a block
// EXPECT-VECTOR-REPORT: inside the blocks of V: 4 entries a block
// EXPECT-VECTOR-REPORT: held across the blocks (two blocks a step, one set each), reduced once
// EXPECT-VECTOR-REPORT: held across the blocks, reduced once
// EXPECT-ABSENT: s += A[i][j] * x[j]
// EXPECT-ABSENT: t += B[i][j] * x[j]
// EXPECT-ABSENT: t -= C[i][j] * x[j]
// EXPECT-ABSENT: s2 += D[i][j] * x[j]
// EXPECT-ABSENT: tf += F[i][j] * xf[j]
// EXPECT-ABSENT: h += L[i][j] * xl[j]
// EXPECT-ABSENT: hx ^= U[i][j]
// EXPECT-ABSENT: ho |= V[i][j]
#include <stdio.h>

#define N 13
#define M 37

static double A[N][M], B[N][M], C[N][M], D[N][M], x[M], y[N], y2[N];
static float F[N][M], xf[M], yf[N];
static long long L[N][M], xl[M];
static int U[N][M], V[N][M];

static unsigned long long lcg_state = 2024;
static int lcg(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned long long)n);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      /* about a third of the entries; rows 4 to 7 empty */
      int on = (i < 4 || i > 7) && lcg(3) == 0;
      double e = on ? (lcg(16) - 8) / 4.0 : 0.0;
      A[i][j] = B[i][j] = C[i][j] = D[i][j] = e;
      F[i][j] = (float)e;
      L[i][j] = on ? lcg(2000) - 1000 : 0;
      U[i][j] = on ? lcg(1 << 30) * 2 + 1 : 0;
      /* a few single bits: their or leaves some bits clear */
      V[i][j] = on && lcg(4) == 0 ? 1 << lcg(31) : 0;
    }
  A[N - 1][M - 1] = B[N - 1][M - 1] = C[N - 1][M - 1] = 0.75;
  D[N - 1][M - 1] = 0.75;
  for (int j = 0; j < M; j++) {
    x[j] = (lcg(16) - 8) / 4.0;
    xf[j] = (float)x[j];
    xl[j] = lcg(100) - 50;
  }

  double s = 0.0;
#pragma sparse encoding(A : BSR(2, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];

#pragma sparse encoding(B : BSR(3, 3))
  for (int i = 0; i < N; i++) {
    double t = 0.0;
    for (int j = 0; j < M; j++)
      t += B[i][j] * x[j];
    y[i] = t;
  }

#pragma sparse encoding(C : BSR(2, 11))
  for (int i = 0; i < N; i++) {
    double t = 1.0;
    for (int j = 0; j < M; j++)
      t -= C[i][j] * x[j];
    y2[i] = t;
  }

  double s2 = 0.5;
#pragma sparse encoding(D : BSR(2, 36))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s2 += D[i][j] * x[j];

#pragma sparse encoding(F : BSR(2, 8))
  for (int i = 0; i < N; i++) {
    float tf = 0.0f;
    for (int j = 0; j < M; j++)
      tf += F[i][j] * xf[j];
    yf[i] = tf;
  }

  long long h = 3;
#pragma sparse encoding(L : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      h += L[i][j] * xl[j];

  int hx = 0x5a, ho = 0;
#pragma sparse encoding(U : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      hx ^= U[i][j];
#pragma sparse encoding(V : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ho |= V[i][j];

  printf("s %.17g s2 %.17g h %lld hx %d ho %d\n", s, s2, h, hx, ho);
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.17g %.9g\n", i, y[i], y2[i], (double)yf[i]);
  return 0;
}
