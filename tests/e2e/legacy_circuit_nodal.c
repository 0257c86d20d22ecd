// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (i = 0; i < NODES; i++) diag[i] = G[i][i];
// EXPECT-ABSENT: if (j != i) s -= G[i][j] * v[j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(sc__diag_i) diag(sc__diag_i) = G(i,sc__diag_i)
// EXPECT-REPORT: kernel sparsified: forall(it) { forall(i) { s = I(i); forall(j) s -= j != i ? G(i,j) * v(j) : 0; vn(i) = s / diag(i) }; forall(i) v(i) = vn(i) }
// EXPECT-STDERR-EMPTY
/* Nodal analysis of a resistor ladder: conductances stamped into G,
   solved by Jacobi iterations (diagonal taken out of the product). */
#include <math.h>
#include <stdio.h>
#define NODES 25

struct res { int a, b; double g; };

int main(void) {
#pragma sparse encoding(G : CSR)
  double G[NODES][NODES];
  double I[NODES], v[NODES], vn[NODES], diag[NODES];
  struct res rs[3 * NODES];
  int nr = 0, k, i, j, it;
  for (i = 0; i < NODES; i++)
    for (j = 0; j < NODES; j++) G[i][j] = 0;
  for (i = 0; i + 1 < NODES; i++) { rs[nr].a = i; rs[nr].b = i + 1; rs[nr].g = 1.0 / (1 + i % 4); nr++; }
  for (i = 0; i < NODES; i++) { rs[nr].a = i; rs[nr].b = -1; rs[nr].g = 0.05; nr++; }
  for (i = 0; i + 5 < NODES; i += 5) { rs[nr].a = i; rs[nr].b = i + 5; rs[nr].g = 0.5; nr++; }
  for (k = 0; k < nr; k++) {
    int a = rs[k].a, b = rs[k].b;
    double g = rs[k].g;
    G[a][a] += g;
    if (b >= 0) { G[b][b] += g; G[a][b] -= g; G[b][a] -= g; }
  }
  for (i = 0; i < NODES; i++) { I[i] = 0; v[i] = 0; }
  I[0] = 1.0; I[NODES - 1] = -0.5;
  for (i = 0; i < NODES; i++) diag[i] = G[i][i];
  for (it = 0; it < 400; it++) {
    for (i = 0; i < NODES; i++) {
      double s = I[i];
      for (j = 0; j < NODES; j++)
        if (j != i) s -= G[i][j] * v[j];
      vn[i] = s / diag[i];
    }
    for (i = 0; i < NODES; i++) v[i] = vn[i];
  }
  for (i = 0; i < NODES; i += 3) printf("v%d = %.6f\n", i, v[i]);
  return 0;
}
