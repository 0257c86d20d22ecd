// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (v = 0; v < n; v++) deg[u] += E[u][v];
// EXPECT-ABSENT: for (v = 0; v < n; v++) indeg[v] += E[u][v];
// EXPECT-REPORT: kernel sparsified: forall(u) { deg(u) = 0; forall(v) deg(u) += E(u,v) }
// EXPECT-REPORT: kernel sparsified: forall(u) forall(v) indeg(v) += E(u,v)
// EXPECT-STDERR-EMPTY
/* Degree histogram of a graph; unsigned indices and size_t bounds. */
#include <stddef.h>
#include <stdio.h>
#define NV 64u
#define MAXD 16

int main(void) {
#pragma sparse encoding(E : CSR)
  static unsigned char E[NV][NV];
  unsigned int deg[NV];
  unsigned int indeg[NV];
  size_t n = NV, u, v;
  int hist[MAXD] = {0};
  for (u = 0; u < n; u++)
    for (v = 0; v < n; v++)
      if ((u * 13 + v * 7) % 17 == 0 && u != v) E[u][v] = 1;
  for (u = 0; u < n; u++) {
    deg[u] = 0;
    for (v = 0; v < n; v++) deg[u] += E[u][v];
  }
  for (v = 0; v < n; v++) indeg[v] = 0;
  for (u = 0; u < n; u++)
    for (v = 0; v < n; v++) indeg[v] += E[u][v];
  for (u = 0; u < n; u++) hist[deg[u] < MAXD ? deg[u] : MAXD - 1]++;
  for (u = 0; u < MAXD; u++) printf("%d ", hist[u]);
  printf("\n");
  for (u = 0; u < n; u += 8) printf("%u/%u ", deg[u], indeg[u]);
  printf("\n");
  return 0;
}
