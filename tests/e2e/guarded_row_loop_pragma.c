// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: the guarded body reads a fixed row of 'G', which is dense here: assembling 'G' at each entry of the nest would cost a pass over all of it; a pragma on the declaration of 'G' stores it sparse, and the walk reads the row in place
// EXPECT-REPORT: walk: H's stored entries in the loops' order, levels (u : dense (fixed), v : compressed)
// EXPECT-ABSENT: if (H[u][v] != 0 && lev2[v] < 0) {
// A breadth-first search over an adjacency matrix, written twice. In the
// first, a loop pragma names 'G' on the neighbour loop: its guarded body
// (visit an unseen neighbour, keep the deepest level) reads row u of a dense G, and assembling G
// per popped vertex would cost more than the dense loop, so the loop
// stays as written and the warning says where the pragma goes instead.
// The second search reads H, stored sparse by a pragma on its
// declaration: the loop walks row u's stored entries in place.
#include <stdio.h>

#define NV 40

static int G[NV][NV];
#pragma sparse encoding(H : CSR)
static int H[NV][NV];
static int lev1[NV], lev2[NV], queue[NV];

int main(void) {
  int i, k, u, v, head, tail, depth1 = 0, depth2 = 0;
  unsigned s = 7;
  for (i = 0; i < NV; i++)
    for (k = 0; k < 2; k++) {
      s = s * 1664525u + 1013904223u;
      v = (int)((s >> 8) % NV);
      if (v != i) {
        G[i][v] = G[v][i] = 1;
        H[i][v] = H[v][i] = 1;
      }
    }
  for (v = 0; v < NV; v++) lev1[v] = lev2[v] = -1;

  head = tail = 0;
  lev1[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    u = queue[head++];
#pragma sparse encoding(G : CSR)
    for (v = 0; v < NV; v++) {
      if (G[u][v] != 0 && lev1[v] < 0) {
        lev1[v] = lev1[u] + 1;
        queue[tail++] = v;
        if (lev1[v] > depth1) depth1 = lev1[v];
      }
    }
  }

  head = tail = 0;
  lev2[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    u = queue[head++];
    for (v = 0; v < NV; v++) {
      if (H[u][v] != 0 && lev2[v] < 0) {
        lev2[v] = lev2[u] + 1;
        queue[tail++] = v;
        if (lev2[v] > depth2) depth2 = lev2[v];
      }
    }
  }
  for (v = 0; v < NV; v++)
    printf("%d: %d %d\n", v, lev1[v], lev2[v]);
  printf("depth %d %d\n", depth1, depth2);
  return 0;
}
