// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (j = 0; j < NP; j++) outdeg[j] += L[i][j];
// EXPECT-ABSENT: for (j = 0; j < NP; j++) nr[i] += d * L[i][j] * rank[j] / outdeg[j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) outdeg(j) += L(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) { nr(i) = (1 - d) / NP; forall(j) nr(i) += d * L(i,j) * rank(j) / outdeg(j) }
// EXPECT-STDERR-EMPTY
/* PageRank on a graph with at most 3 out-links per page, links stored ELL. */
#include <math.h>
#include <stdio.h>
#define NP 36

int main(void) {
#pragma sparse encoding(L : ELL(3))
  static double L[NP][NP];
  double rank[NP], nr[NP], outdeg[NP], d = 0.85, delta;
  int i, j, it;
  for (i = 0; i < NP; i++) {
    L[(i * 5 + 1) % NP][i] = 1.0;
    L[(i + 1) % NP][i] = 1.0;
    if (i % 4 == 0) L[(i * 3 + 7) % NP][i] = 1.0;
  }
  for (j = 0; j < NP; j++) outdeg[j] = 0;
  for (i = 0; i < NP; i++)
    for (j = 0; j < NP; j++) outdeg[j] += L[i][j];
  for (i = 0; i < NP; i++) rank[i] = 1.0 / NP;
  for (it = 0; it < 100; it++) {
    for (i = 0; i < NP; i++) {
      nr[i] = (1 - d) / NP;
      for (j = 0; j < NP; j++) nr[i] += d * L[i][j] * rank[j] / outdeg[j];
    }
    delta = 0;
    for (i = 0; i < NP; i++) { delta += fabs(nr[i] - rank[i]); rank[i] = nr[i]; }
    if (delta < 1e-14) break;
  }
  printf("%d\n", it);
  for (i = 0; i < NP; i += 3) printf("%.10f\n", rank[i]);
  return 0;
}
