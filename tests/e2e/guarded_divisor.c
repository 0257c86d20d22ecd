// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: if (outdeg[u] > 0) next[v] += 0.85 * G[u][v] * rank[u] / outdeg[u];
// EXPECT-ABSENT: if (deg[j] != 0) y[i] += A[i][j] / deg[j];
// EXPECT-ABSENT: if (0 < w[j] && w[j] < 5) z[i] += B[i][j] / w[j];
// EXPECT-REPORT: loop v: positions of G
// EXPECT-REPORT: a sparse operand divided by a value that may be zero (0 / 0 is NaN in the dense program); divide by a non-zero constant, guard the update with 'divisor > 0', or multiply by a precomputed inverse); every position is visited
// A quotient of a sparse operand by a value that may be zero has an
// effect where the operand is absent (0 / 0 is NaN), unless a guard proves
// the divisor non-zero: the PageRank update `if (outdeg[u] > 0) next[v] +=
// ... / outdeg[u]`, an integer degree tested with `!= 0`, a window `0 < w
// && w < 5`. Tested with `!= 0`, a floating divisor may be a NaN (0 / NaN
// is NaN): that nest visits every position (B stored sparse is walked by
// a merge cursor), and the report says why.
#include <stdio.h>
#define N 23
#pragma sparse encoding(G : CSR)
static double G[N][N];
#pragma sparse encoding(A : DCSR)
static long A[N][N];
#pragma sparse encoding(B : CSC)
static double B[N][N];
static double outdeg[N], rank[N], next[N], w[N], z[N], q[N];
static long deg[N], y[N];

int main(void) {
  for (int u = 0; u < N; u++) {
    if (u % 5 != 3) G[u][(u * 7 + 3) % N] = 1.0;
    if (u % 3 == 0) G[u][(u + 1) % N] = 1.0;
    A[u][(u * u) % N] = 3 * u + 1;
    if (u % 2) A[u][(u + 4) % N] = -u;
    B[(u * 3) % N][u] = 0.5 * u;
    deg[u] = u % 4;
    w[u] = u % 6 - 1.0;
    outdeg[u] = 0;
    rank[u] = 1.0 / N;
  }
  w[7] = 0.0 / 0.0; /* a NaN divisor */
  for (int u = 0; u < N; u++)
    for (int v = 0; v < N; v++) outdeg[u] += G[u][v];
  for (int it = 0; it < 3; it++) {
    for (int v = 0; v < N; v++) next[v] = 0.15 / N;
    for (int u = 0; u < N; u++)
      for (int v = 0; v < N; v++)
        if (outdeg[u] > 0) next[v] += 0.85 * G[u][v] * rank[u] / outdeg[u];
    for (int v = 0; v < N; v++) rank[v] = next[v];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (deg[j] != 0) y[i] += A[i][j] / deg[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (0 < w[j] && w[j] < 5) z[i] += B[i][j] / w[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (w[j] != 0) q[i] += B[i][j] / w[j];
  for (int i = 0; i < N; i++)
    printf("%d %.17g %ld %.17g %.17g\n", i, rank[i], y[i], z[i], q[i]);
  return 0;
}
