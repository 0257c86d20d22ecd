// The dense levels inside BSR blocks, vectorized (src/vector,
// vec_emit_blocks): SpMV over BSR(4, 4), BSR(3, 3) and BSR(2, 2) with the
// row's accumulators held across its blocks and reduced once per row
// (the block widths 4, 3 and 2 run as one vector, the last two under a
// constant mask), a partial last block column (M = 4 * 7 + 3), the
// transposed product (a store per block), a float SpMV with a scalar
// invariant (printed to 4 digits: float sums reassociate), SpMV through pointer parameters (vectorized per row after a
// run-time check that y[i] lies outside the range of x the row's blocks
// read; called with distinct arrays, with y inside x and overlapping it),
// and a loop whose variable is declared outside its header, which stays
// scalar with that reason. The SpMV nests now take BSR's level-order walk
// under a SIMD backend (docs/vectorization.md, "Block rows in level
// order"): BSR(4, 4) vectorized there, BSR(3, 3), (2, 2) and the float
// (4, 4) scalar (a row of a block narrower than the lanes); the
// transposed product keeps the block path.
// EXPECT-SPARSIFIED: 7
// EXPECT-VECTORIZED: 2
// EXPECT-VECTOR-REPORT: the last block of the extent masked, no scalar remainder; compiled when
// EXPECT-VECTOR-REPORT: inside the blocks of A: 4 entries a block
// EXPECT-VECTOR-REPORT: in the level-order walk of A: each row of a 4 x 4 block = 1 x 4 lanes
// EXPECT-VECTOR-REPORT: loop j: not vectorized: the level-order walk of B's 3 x 3 blocks
// EXPECT-VECTOR-REPORT: loop j: not vectorized: the level-order walk of C's 2 x 2 blocks
// EXPECT-VECTOR-REPORT: loop j: not vectorized: j is declared outside its for header
// EXPECT-ABSENT: y[i] += A[i][j] * x[j]
// EXPECT-ABSENT: z[j] += A[i][j] * v[i]
#include <stdio.h>

static unsigned long long lcg_state = 777;
/* deterministic pseudo-random values in [-5, 5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 26
#define M 31

static double A[N][M], B[N][M], C[N][M], D[N][M];
static float F[N][M];
static double x[M], y[N], y3[N], y2[N], yd[N], v[N], z[M];
static float xf[M], yf[N];

static void spmv_p(const double *xp, double *yp) {
#pragma sparse encoding(C : BSR(2, 2))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yp[i] += C[i][j] * xp[j];
}

int main(void) {
  /* blocks: about a third of the 4 x 4 blocks present, half full inside;
   * block row 2 empty */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      int on = i / 4 != 2 && (i / 4 + j / 4) % 3 == 0 && lcg() > 0.0;
      double e = on ? lcg() : 0.0;
      A[i][j] = B[i][j] = C[i][j] = D[i][j] = e;
      F[i][j] = (float)e;
    }
  A[N - 1][M - 1] = 1.5; /* the last, partial block column */
  for (int j = 0; j < M; j++) x[j] = lcg(), xf[j] = (float)x[j], z[j] = 0.0;
  for (int i = 0; i < N; i++) v[i] = lcg(), y[i] = y3[i] = y2[i] = yd[i] = 0.0, yf[i] = 0.0f;
  float alpha = 0.5f;

#pragma sparse encoding(A : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];

#pragma sparse encoding(B : BSR(3, 3))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y3[i] += B[i][j] * x[j];

#pragma sparse encoding(C : BSR(2, 2))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y2[i] += C[i][j] * x[j];

#pragma sparse encoding(A : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += A[i][j] * v[i];

#pragma sparse encoding(F : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yf[i] += alpha * F[i][j] * xf[j];

  int j;
#pragma sparse encoding(D : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      yd[i] += D[i][j] * x[j];

  static double buf[N + M];
  for (int k = 0; k < N + M; k++) buf[k] = 0.125 * (k % 9);
  spmv_p(x, buf);          /* distinct */
  spmv_p(buf, buf + 3);    /* y inside x */
  spmv_p(buf + 2, buf);    /* y overlapping x from below */
  for (int k = 0; k < N + M; k++) printf("buf %d %.12g\n", k, buf[k]);

  for (int i = 0; i < N; i++)
    printf("%d %.12g %.12g %.12g %.4g %.12g\n", i, y[i], y3[i], y2[i], yf[i], yd[i]);
  for (int k = 0; k < M; k++) printf("z %d %.12g\n", k, z[k]);
  printf("j %d\n", j);
  return 0;
}
