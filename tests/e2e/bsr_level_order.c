// The scalar output walks BSR operands in level order (each block row
// once: its blocks, then the entries of each block; docs/lowering.md
// "Blocked levels in level order"): SpMV over BSR(2, 2), (3, 3), (4, 4)
// and (2, 4), the transposed product, SpMM and a row sum, with extents
// that are not a multiple of the block (N = 23, M = 19), empty block rows
// (rows 8 to 11), stored zeros inside the blocks, and rows and columns
// that hold +1e17 and -1e17 around small terms, so any change of the
// order in which one element is summed changes the printed result (the
// small terms vanish only when added to 1e17 first, as the program does).
// SpMV through pointer parameters takes a run-time check: called with
// distinct arrays (the walk) and with y overlapping x (the loops as
// declared: each row reads the x[j] that earlier rows wrote). The nests
// are marked novectorize: the vector backends may reassociate sums
// (SPEC §6), which these data would show.
// EXPECT-SPARSIFIED: 8
// EXPECT-REPORT: loops i j: A walked in level order (each block row once: its blocks, then the 2 x 2 entries of each)
// EXPECT-REPORT: loops i j: B walked in level order (each block row once: its blocks, then the 3 x 3 entries of each)
// EXPECT-REPORT: loops i j: C walked in level order (each block row once: its blocks, then the 4 x 4 entries of each)
// EXPECT-REPORT: loops i j: D walked in level order (each block row once: its blocks, then the 2 x 4 entries of each)
// EXPECT-REPORT: y[i] of the block row's rows held in locals across its blocks
// EXPECT-REPORT: run-time check that the arrays written overlap nothing else the loops touch, else row by row
// EXPECT-ABSENT: y[i] += A[i][j] * x[j]
// EXPECT-ABSENT: y3[i] += B[i][j] * x[j]
// EXPECT-ABSENT: y4[i] += C[i][j] * x[j]
// EXPECT-ABSENT: y24[i] += D[i][j] * x[j]
// EXPECT-ABSENT: z[j] += B[i][j] * v[i]
// EXPECT-ABSENT: Cm[i][k] += D[i][j] * Bm[j][k]
// EXPECT-ABSENT: rs[i] += C[i][j]
// EXPECT-ABSENT: yp[i] += A[i][j] * xp[j]
#include <stdio.h>

#define N 23
#define M 19
#define K 5

static double A[N][M], B[N][M], C[N][M], D[N][M];
static double x[M], v[N], y[N], y3[N], y4[N], y24[N], z[M], rs[N];
static double Bm[M][K], Cm[N][K];
static double buf[N + M];

static unsigned long long lcg_state = 4321;
/* small dyadic values in [-4, 4): exact alone, not next to 1e17 */
static double small(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((long)((lcg_state >> 33) % 64) - 32) / 8.0;
}

static void spmv_p(int n, int m, const double *xp, double *yp) {
#pragma sparse novectorize
#pragma sparse encoding(A : BSR(2, 2))
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      yp[i] += A[i][j] * xp[j];
}

static void print(const char *name, const double *a, int n) {
  printf("%s:", name);
  for (int t = 0; t < n; t++) printf(" %.17g", a[t]);
  printf("\n");
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      /* about half the entries; rows 8-11 empty; zeros left inside the
       * stored blocks */
      double e = (i >= 8 && i < 12) || (i * 7 + j * 3) % 5 < 2 ? 0.0 : small();
      A[i][j] = B[i][j] = C[i][j] = D[i][j] = e;
    }
  for (int i = 0; i < N; i++)
    if (i < 8 || i >= 12) { /* big terms at both ends of the row */
      A[i][0] = B[i][0] = C[i][0] = D[i][0] = 1e17;
      A[i][M - 1] = B[i][M - 1] = C[i][M - 1] = D[i][M - 1] = -1e17;
    }
  for (int j = 1; j < M - 1; j++) { /* and of the columns */
    B[0][j] = 1e17;
    B[N - 1][j] = -1e17;
  }
  for (int j = 0; j < M; j++) x[j] = j == 0 || j == M - 1 ? 1.0 : small();
  for (int i = 0; i < N; i++) v[i] = i == 0 || i == N - 1 ? 1.0 : small();
  for (int j = 0; j < M; j++)
    for (int k = 0; k < K; k++) Bm[j][k] = j == 0 || j == M - 1 ? 1.0 : small();

#pragma sparse novectorize
#pragma sparse encoding(A : BSR(2, 2))
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }
  print("y22", y, N);

#pragma sparse novectorize
#pragma sparse encoding(B : BSR(3, 3))
  for (int i = 0; i < N; i++) {
    y3[i] = 0.5;
    for (int j = 0; j < M; j++)
      y3[i] += B[i][j] * x[j];
    y3[i] = y3[i] * 2.0;
  }
  print("y33", y3, N);

#pragma sparse novectorize
#pragma sparse encoding(C : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y4[i] += C[i][j] * x[j];
  print("y44", y4, N);

#pragma sparse novectorize
#pragma sparse encoding(D : BSR(2, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y24[i] -= D[i][j] * x[j];
  print("y24", y24, N);

  /* transposed: z[j] collects rows in increasing i */
#pragma sparse novectorize
#pragma sparse encoding(B : BSR(3, 3))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += B[i][j] * v[i];
  print("z", z, M);

#pragma sparse novectorize
#pragma sparse encoding(D : BSR(2, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        Cm[i][k] += D[i][j] * Bm[j][k];
  for (int i = 0; i < N; i++) print("Cm", Cm[i], K);

#pragma sparse novectorize
#pragma sparse encoding(C : BSR(4, 4))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rs[i] += C[i][j];
  print("rs", rs, N);

  /* pointers: apart (level order), then y overlapping x (as declared) */
  double yp[N];
  for (int i = 0; i < N; i++) yp[i] = 0.25;
  spmv_p(N, M, x, yp);
  print("yp", yp, N);
  for (int t = 0; t < N + M; t++) buf[t] = t < M ? x[t] : 0.0;
  spmv_p(N, M, buf, buf + 3);
  print("buf", buf, N + M);
  return 0;
}
