// SDDMM into a dense array with the k loop vectorized: each entry of row i
// reduces its k loop into D[i][j], and the position loop hints the element
// of the entry 8 positions ahead (docs/vectorization.md, "Entry prefetch").
// Covered: k = 0..40 around the lane counts (a variable trip count, so the
// full steps, the single vectors and the masked last chunk all run), k = 32
// as a constant (no tail), double and float, -=, reductions into two
// elements in one loop, a flat pointer parameter P[i * N + j],
// rows shorter and longer than the prefetch distance, empty rows. The
// prefetch changes no value: the sums are compared with the input program.
// Rows shorter than the distance hint the next row's entries (the entry
// min(8, the row's length) positions ahead): the last row hints none, nor
// does the last row of a loop over the first M < N rows into an output of
// M rows (T, transposed: the row variable in the second subscript).
// Under a compressed row level (DCSR) the next stored row is not i + 1:
// only the row's own entries, 8 ahead.
// EXPECT-SPARSIFIED: 7
// EXPECT-VECTOR-REPORT: loop j: D[i][j] prefetched min(8, the row's length) entries ahead, into the next row of i
// EXPECT-VECTOR-REPORT: loop j: F[i][j] prefetched min(8, the row's length) entries ahead, into the next row of i
// EXPECT-VECTOR-REPORT: loop j: G[i][j], C[i][j] prefetched min(8, the row's length) entries ahead, into the next row of i
// EXPECT-VECTOR-REPORT: loop j: P[((i)) * (N) + (j)] prefetched min(8, the row's length) entries ahead, into the next row of i
// EXPECT-VECTOR-REPORT: loop j: E[i][j] prefetched min(8, the row's length) entries ahead, into the next row of i
// EXPECT-VECTOR-REPORT: loop j: T[j][i] prefetched min(8, the row's length) entries ahead, into the next row of i
// EXPECT-VECTOR-REPORT: loop j: H[i][j] prefetched 8 entries ahead (each entry
// EXPECT-SCALAR-REPORT: D[i][j] updated in a local across the loop
// EXPECT-ABSENT: for (int k = 0; k < kt; k++) D[i][j] += S[i][j] * U[i][k] * V[j][k];
// EXPECT-ABSENT: for (int k = 0; k < 32; k++) E[i][j] += S[i][j] * U[i][k] * V[j][k];
#include <stdio.h>

#define N 40
#define K 40

static double S[N][N], U[N][K], V[N][K], D[N][N], E[N][N], G[N][N], C[N][N];
static double Pf[N * N];
#define M 23
static double T[N][M]; /* only rows i < M of S: T has M columns */
static double H[N][N];
static float Sf[N][N], Uf[N][K], Vf[N][K], F[N][N];

static void flat(double *P, int kt) {
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < kt; k++) P[i * N + j] -= S[i][j] * U[i][k] * V[j][k];
}

int main(void) {
  for (int i = 0; i < N; i++) {
    /* row i: none (i = 5), a few (i < 10) or many (up to all) entries */
    for (int j = 0; j < N; j++) {
      int keep = i == 5 ? 0 : i < 10 ? (i * 7 + j * 3) % 11 == 0
                                     : (i + 2 * j) % (i % 4 + 1) == 0;
      if (keep) S[i][j] = 0.5 + (i * j) % 5, Sf[i][j] = (float)S[i][j];
    }
    for (int k = 0; k < K; k++) {
      U[i][k] = 0.25 * (i % 4) - 0.125 * (k % 9);
      V[i][k] = 1.0 + 0.5 * ((i + k) % 3);
      Uf[i][k] = (float)(0.5 * (k % 5) - 0.25);
      Vf[i][k] = (float)(1.0 + 0.25 * ((i * k) % 7));
    }
  }
  const int kk[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 39, 40};
  for (unsigned c = 0; c < sizeof kk / sizeof kk[0]; c++) {
    int kt = kk[c];
#pragma sparse encoding(S : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < kt; k++) D[i][j] += S[i][j] * U[i][k] * V[j][k];
#pragma sparse encoding(Sf : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < kt; k++) F[i][j] -= Sf[i][j] * Uf[i][k] * Vf[j][k];
#pragma sparse encoding(S : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < kt; k++) {
          G[i][j] += S[i][j] * U[i][k];
          C[i][j] -= S[i][j] * V[j][k] * V[i][k];
        }
    flat(Pf, kt);
#pragma sparse encoding(S : CSR)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < kt; k++) T[j][i] += S[i][j] * U[i][k] * V[j][k];
#pragma sparse encoding(S : DCSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < kt; k++) H[i][j] += S[i][j] * V[i][k] * U[j][k];
    double sd = 0, sg = 0, sc = 0, sp = 0, st = 0, sh = 0;
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++) st += T[j][i] * (j + 2 * i + 1);
    float sf = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        sd += D[i][j] * (i + 3 * j + 1);
        sg += G[i][j] * (2 * i + j + 1);
        sc += C[i][j] * (i + j + 1);
        sp += Pf[i * N + j] * (i + 2 * j + 1);
        sf += F[i][j] * (float)(i % 3 + 1);
        sh += H[i][j] * (3 * i + j + 1);
      }
    printf("k=%d: %.15g %.15g %.15g %.15g %.6g %.15g %.15g\n", kt, sd, sg, sc, sp, (double)sf, st, sh);
  }
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < 32; k++) E[i][j] += S[i][j] * U[i][k] * V[j][k];
  double se = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) se += E[i][j] * (i * N + j + 1);
  printf("k=32 constant: %.15g\n", se);
  return 0;
}
