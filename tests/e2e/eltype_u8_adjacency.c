// An undirected graph as a uint8_t adjacency matrix (the common legacy
// form), stored sparse for its whole life: degrees counted into unsigned
// counters, triangles counted with uint8_t products (promoted to int, as C
// does), and a degree function whose adjacency parameter is sparse.
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) deg(i) += A(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) forall(k) tri += A(i,j) * A(j,k) * A(i,k)
// EXPECT-REPORT: new prototype
// EXPECT-ABSENT: for (int j = 0; j < N; j++) deg[i] += A[i][j];
// EXPECT-ABSENT: for (int k = 0; k < N; k++) tri += A[i][j] * A[j][k] * A[i][k];
// EXPECT-ABSENT: for (int j = 0; j < n; j++) d += B[i][j] != 0;
#include <stdint.h>
#include <stdio.h>

#define N 90

#pragma sparse encoding(A : CSR)
static uint8_t A[N][N];

#pragma sparse encoding(B[n][N] : CSR)
static unsigned count_edges(int n, uint8_t B[][N]) {
  unsigned d = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) d += B[i][j] != 0;
  return d;
}

int main(void) {
  unsigned seed = 12345u;
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++) {
      seed = seed * 1103515245u + 12345u;
      if ((seed >> 16) % 9 == 0) A[i][j] = A[j][i] = 1;
    }
  unsigned deg[N] = {0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) deg[i] += A[i][j];
  /* each triangle once, as i < j < k with its edges ij, jk and ik */
  long tri = 0;
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++)
      for (int k = j + 1; k < N; k++) tri += A[i][j] * A[j][k] * A[i][k];
  unsigned maxdeg = 0, sum = 0;
  for (int i = 0; i < N; i++) {
    sum += deg[i];
    if (deg[i] > maxdeg) maxdeg = deg[i];
  }
  printf("edges %u (%u) max degree %u triangles %ld\n", sum / 2,
         count_edges(N, A) / 2, maxdeg, tri);
  return 0;
}
