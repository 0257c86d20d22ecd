// SDDMM into a dense array, D[i][j] += S(i,j) * U[i][k] * V[j][k], and a
// reduction over a dense level into a dense element, r[i] -= xs(i) *
// Z[i][k] * V[i][k]: the element does not move with k and nothing else in
// the k loop reads it, so it is updated in a local across the loop and
// stored once after it. Covered: a float element updated with -= by a
// descending k loop, k loops of zero trips (the element is not touched),
// and pointer parameters that reach the updated element through the array
// the loop reads (kept as it is: each update reads the previous one).
// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: D[i][j] updated in a local across the loop
// EXPECT-REPORT: F[i][j] updated in a local across the loop
// EXPECT-REPORT: r[i] updated in a local across the loop
// EXPECT-NOT-REPORT: P[i][1] updated in a local
// EXPECT-ABSENT: for (int k = 0; k < kt; k++) D[i][j] += S[i][j] * U[i][k] * V[j][k];
// EXPECT-ABSENT: for (int k = 0; k < kt; k++) r[i] -= xs[i] * Z[i][k] * V[i][k];
#include <stdio.h>

#define N 12
#define K 5

static double S[N][N], U[N][K], V[N][K], D[N][N], r[N], Z[N][K], xs[N];
static double X[N][K];
static float F[N][N];

static void alias(double (*P)[K], double (*Q)[K]) {
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++) P[i][1] += S[i][j] * Q[i][k];
}

int main(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      if (i != 3 && (i + 2 * j) % 5 < 2) S[i][j] = 0.5 + (i * j) % 3;
    for (int k = 0; k < K; k++) {
      U[i][k] = 0.25 * (i % 4) - 0.125 * k;
      V[i][k] = 1.0 + 0.5 * ((i + k) % 3);
      Z[i][k] = 0.1 * i + k;
      X[i][k] = 0.5 * k - 0.25 * i;
    }
    xs[i] = i % 3 ? 0.0 : 1.5 + i;
    r[i] = i;
  }
  const int kk[3] = {K, 0, 3};
  for (int c = 0; c < 3; c++) {
    int kt = kk[c];
#pragma sparse encoding(S : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < kt; k++) D[i][j] += S[i][j] * U[i][k] * V[j][k];
#pragma sparse encoding(S : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = kt - 1; k >= 0; k--) F[i][j] -= S[i][j] * U[i][k] * V[j][k];
#pragma sparse encoding(xs : SparseVector)
    for (int i = 0; i < N; i++)
      for (int k = 0; k < kt; k++) r[i] -= xs[i] * Z[i][k] * V[i][k];
    alias(X, X);
    double sd = 0, sf = 0, sr = 0, sx = 0;
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < N; j++) {
        sd += D[i][j] * (i + 3 * j + 1);
        sf += F[i][j] * (2 * i + j + 1);
      }
      sr += r[i] * (i + 1);
      for (int k = 0; k < K; k++) sx += X[i][k] * (i + k + 1);
    }
    printf("%d: %.17g %.9g %.17g %.17g\n", c, sd, sf, sr, sx);
  }
  return 0;
}
