// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: pragma sparse ignored: not followed by a declaration, function definition or loop; the statement after it assigns 'P': put the pragma before the declaration of 'P'
// EXPECT-REPORT: 'adj' stored as a sparse tensor (CSR)
// EXPECT-NOT-REPORT: 'P' stored as a sparse tensor
// A pragma written before the allocation of a global row-pointer matrix
// (`P = malloc(...)`, an assignment, no declaration) applies to nothing;
// the warning names the array the statement assigns and says where the
// pragma goes: before its declaration, as the one on 'adj' is. The
// program is left correct either way.
#include <stdio.h>
#include <stdlib.h>

#define NODES 40

#pragma sparse encoding(adj[NODES][NODES] : CSR)
int **adj;
double **P;
int outdeg[NODES];

int main(void) {
  int u, v;
  adj = malloc(NODES * sizeof *adj);
  for (u = 0; u < NODES; u++)
    adj[u] = calloc(NODES, sizeof **adj);
  for (u = 0; u < NODES; u++) {
    adj[u][(u * 7 + 1) % NODES] = 1;
    if (u % 3) adj[u][(u + 5) % NODES] = 1;
  }
  for (u = 0; u < NODES; u++) {
    outdeg[u] = 0;
    for (v = 0; v < NODES; v++)
      outdeg[u] += adj[u][v];
  }
#pragma sparse encoding(P[NODES][NODES] : CSR)
  P = malloc(NODES * sizeof(double *));
  for (v = 0; v < NODES; v++)
    P[v] = calloc(NODES, sizeof(double));
  for (u = 0; u < NODES; u++)
    for (v = 0; v < NODES; v++)
      if (adj[u][v]) P[v][u] = 1.0 / outdeg[u];
  for (v = 0; v < NODES; v += 7) {
    double s = 0.0;
    for (u = 0; u < NODES; u++) s += P[v][u];
    printf("in-weight[%d] = %.17g outdeg %d\n", v, s, outdeg[v]);
  }
  for (u = 0; u < NODES; u++) { free(adj[u]); free(P[u]); }
  free(adj);
  free(P);
  return 0;
}
