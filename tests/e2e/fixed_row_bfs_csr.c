// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (int v = 0; v < N; v++)
// EXPECT-REPORT: G: G[u][v] reads a fixed row: dimension 0 at 'u'
// EXPECT-VECTOR-REPORT: loop v: not vectorized: an append
// Breadth-first search and Prim's minimum spanning tree over an adjacency
// matrix stored sparse (CSR): the neighbour loop of each vertex walks the
// stored entries of its row only.
#include <stdio.h>
#define N 40
#pragma sparse encoding(G : CSR)
static double G[N][N];
static int seen[N], queue[N], dist[N];
static double key[N];
static int done[N], parent[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    int a = (7 * i + 3) % N, b = (11 * i + 5) % N;
    if (a != i) { G[i][a] = 1 + (i % 5); G[a][i] = 1 + (i % 5); }
    if (b != i && i % 3) { G[i][b] = 2 + (i % 7); G[b][i] = 2 + (i % 7); }
  }
  /* BFS from vertex 0 */
  int head = 0, tail = 0;
  for (int i = 0; i < N; i++) { seen[i] = 0; dist[i] = -1; }
  queue[tail++] = 0;
  seen[0] = 1;
  dist[0] = 0;
  while (head < tail) {
    int u = queue[head++];
    for (int v = 0; v < N; v++)
      if (G[u][v] != 0 && !seen[v]) {
        seen[v] = 1;
        dist[v] = dist[u] + 1;
        queue[tail++] = v;
      }
  }
  for (int i = 0; i < N; i++) printf("%d ", dist[i]);
  printf("\n");
  /* Prim from vertex 0 */
  for (int i = 0; i < N; i++) { key[i] = 1e300; done[i] = 0; parent[i] = -1; }
  key[0] = 0;
  double total = 0;
  for (int it = 0; it < N; it++) {
    int u = -1;
    for (int i = 0; i < N; i++)
      if (!done[i] && (u < 0 || key[i] < key[u])) u = i;
    if (key[u] > 1e299) break;
    done[u] = 1;
    total += key[u];
    for (int v = 0; v < N; v++)
      if (G[u][v] != 0 && !done[v] && G[u][v] < key[v]) {
        key[v] = G[u][v];
        parent[v] = u;
      }
  }
  printf("%g\n", total);
  for (int i = 0; i < N; i++) printf("%d ", parent[i]);
  printf("\n");
  return 0;
}
