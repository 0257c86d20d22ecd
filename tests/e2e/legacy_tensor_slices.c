// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (d = 0; d < D; d++) tot[u] += T[u][i][d];
// EXPECT-ABSENT: for (i = 0; i < IT; i++) day2 += T[u][i][2];
// EXPECT-ABSENT: for (d = 0; d < D; d++) w[u][i] += T[u][i][d] * (d + 1) * 0.5;
// EXPECT-REPORT: kernel sparsified: forall(u) { tot(u) = 0; forall(i) forall(d) tot(u) += T(u,i,d) }
// EXPECT-REPORT: kernel sparsified: forall(u) forall(i) day2 += T(u,i,2)
// EXPECT-STDERR-EMPTY
/* A 3-D count tensor (user x item x day, int) stored COO-like sparse:
   fixed-day slices, per-user totals, and a day-weighted sum into a 2-D
   dense matrix. */
#include <stdio.h>
#define U 9
#define IT 7
#define D 5

#pragma sparse format COO3 = (u, i, d) -> (u : compressed(nonunique), i : singleton(nonunique), d : singleton)
#pragma sparse encoding(T : COO3)
static int T[U][IT][D];

int main(void) {
  long tot[U], day2 = 0;
  double w[U][IT];
  int u, i, d;
  for (u = 0; u < U; u++)
    for (i = 0; i < IT; i++)
      for (d = 0; d < D; d++)
        if ((u * 7 + i * 3 + d * 5) % 11 == 0) T[u][i][d] = 1 + (u + d) % 4;
  for (u = 0; u < U; u++) {
    tot[u] = 0;
    for (i = 0; i < IT; i++)
      for (d = 0; d < D; d++) tot[u] += T[u][i][d];
  }
  for (u = 0; u < U; u++)
    for (i = 0; i < IT; i++) day2 += T[u][i][2];
  for (u = 0; u < U; u++)
    for (i = 0; i < IT; i++) {
      w[u][i] = 0;
      for (d = 0; d < D; d++) w[u][i] += T[u][i][d] * (d + 1) * 0.5;
    }
  printf("%ld\n", day2);
  for (u = 0; u < U; u++) printf("%ld %.1f %.1f\n", tot[u], w[u][u % IT], w[u][(u + 3) % IT]);
  return 0;
}
