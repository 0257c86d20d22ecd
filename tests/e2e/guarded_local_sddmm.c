// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (int k = 0; k < NK; k++) dotp += U[u][k] * V[i][k];
// EXPECT-ABSENT: for (int k = 0; k < NK; k++) p += U[u][k] * V[i][k];
// EXPECT-REPORT: p = R(u,i) != 0.0 && den(i) > 0 ? 0.5 : 0
// EXPECT-REPORT: dotp = R(u,i) != 0.0 ? 0.0 : 0
// EXPECT-REPORT: loop i: positions of R
// EXPECT-STDERR-EMPTY
// The residual of a recommender on its rated entries, written as users
// write it: a local accumulator declared under `if (R[u][i] != 0)`, an
// inner dot product into it, then the residual stored. Guarded, the
// declaration is `dotp = g ? e : 0`: it is read only under the same guard,
// so the loop over i walks R's stored entries. A second nest guards on
// the sparse operand and a dense one (so the loop still walks R) and sums
// a weighted squared error with a counter.
#include <stdio.h>
#define NU 13
#define NI 11
#define NK 4
#pragma sparse encoding(R : CSR)
static double R[NU][NI];
static double U[NU][NK], V[NI][NK], E[NU][NI], den[NI];

int main(void) {
  for (int u = 0; u < NU; u++)
    for (int t = 0; t < 3; t++) R[u][(u * 5 + t * 7) % NI] = 1 + (u + t) % 5;
  R[2][3] = 0.0; /* an explicit zero */
  for (int u = 0; u < NU; u++)
    for (int k = 0; k < NK; k++) U[u][k] = 0.25 * ((u + k) % 3 + 1);
  for (int i = 0; i < NI; i++) {
    den[i] = i % 4;
    for (int k = 0; k < NK; k++) V[i][k] = 0.125 * ((i * k) % 4 + 1);
  }
  for (int u = 0; u < NU; u++)
    for (int i = 0; i < NI; i++) {
      E[u][i] = -1.0;
      if (R[u][i] != 0.0) {
        double dotp = 0.0;
        for (int k = 0; k < NK; k++) dotp += U[u][k] * V[i][k];
        E[u][i] = R[u][i] - dotp;
      }
    }
  double loss = 0.0;
  int rated = 0;
  for (int u = 0; u < NU; u++)
    for (int i = 0; i < NI; i++)
      if (R[u][i] != 0.0 && den[i] > 0) {
        double p = 0.5;
        for (int k = 0; k < NK; k++) p += U[u][k] * V[i][k];
        loss += (R[u][i] - p) * (R[u][i] - p) / den[i];
        rated++;
      }
  printf("rated %d loss %.17g\n", rated, loss);
  for (int u = 0; u < NU; u++) {
    for (int i = 0; i < NI; i++) printf(" %.17g", E[u][i]);
    printf("\n");
  }
  return 0;
}
