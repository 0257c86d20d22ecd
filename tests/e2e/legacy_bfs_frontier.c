// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: next[j] += adj[i][j] * frontier[i];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) next(j) += adj(i,j) * frontier(i)
// EXPECT-STDERR-EMPTY
/* BFS by frontier expansion on an adjacency matrix, levels printed. */
#include <stdio.h>
#include <string.h>
#define NV 48

#pragma sparse encoding(adj : CSR)
static int adj[NV][NV];

static void build(void) {
  int i;
  for (i = 0; i < NV; i++) {
    if (i + 1 < NV && i % 7 != 6) { adj[i][i + 1] = 1; adj[i + 1][i] = 1; }
    if (i + 7 < NV && i % 3 == 0) { adj[i][i + 7] = 1; adj[i + 7][i] = 1; }
  }
}

int main(void) {
  int level[NV], frontier[NV], next[NV];
  int i, j, depth = 0, nfront;
  build();
  for (i = 0; i < NV; i++) { level[i] = -1; frontier[i] = 0; }
  level[0] = 0; frontier[0] = 1; nfront = 1;
  while (nfront > 0) {
    memset(next, 0, sizeof next);
    /* next = A^T * frontier (counts of frontier neighbours) */
    for (i = 0; i < NV; i++)
      for (j = 0; j < NV; j++)
        next[j] += adj[i][j] * frontier[i];
    depth++;
    nfront = 0;
    for (j = 0; j < NV; j++) {
      frontier[j] = 0;
      if (next[j] > 0 && level[j] < 0) { level[j] = depth; frontier[j] = 1; nfront++; }
    }
  }
  for (i = 0; i < NV; i++) printf("%d%c", level[i], i % 16 == 15 ? '\n' : ' ');
  return 0;
}
