// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: s += R[u][i];
// EXPECT-ABSENT: for (i = 0; i < NI; i++) pop[i] += R[u][i];
// EXPECT-ABSENT: for (b = 0; b < NI; b++) S[a][b] += R[u][a] * R[u][b];
// EXPECT-REPORT: kernel sparsified: forall(u) { s = 0; c = 0; forall(i) { s += R(u,i); c += R(u,i) != 0.0f }; umean(u) = c > 0 ? s / c : 0 }
// EXPECT-REPORT: kernel sparsified: forall(u) forall(i) pop(i) += R(u,i)
// EXPECT-STDERR-EMPTY
/* User-item ratings: user means, item popularity, item-item similarity by
   dot products of columns, predictions for one user. */
#include <math.h>
#include <stdio.h>
#define NU 40
#define NI 15

static float ratings[NU][NI];

#pragma sparse encoding(R : CSR)
static void stats(float R[NU][NI], double *umean, double *pop) {
  int u, i;
  for (u = 0; u < NU; u++) {
    double s = 0, c = 0;
    for (i = 0; i < NI; i++) {
      s += R[u][i];
      c += R[u][i] != 0.0f;
    }
    umean[u] = c > 0 ? s / c : 0;
  }
  for (i = 0; i < NI; i++) pop[i] = 0;
  for (u = 0; u < NU; u++)
    for (i = 0; i < NI; i++) pop[i] += R[u][i];
}

#pragma sparse encoding(R : CSR)
static void item_sim(float R[NU][NI], double S[NI][NI]) {
  int a, b, u;
  for (a = 0; a < NI; a++)
    for (b = 0; b < NI; b++) S[a][b] = 0;
  for (u = 0; u < NU; u++)
    for (a = 0; a < NI; a++)
      for (b = 0; b < NI; b++) S[a][b] += R[u][a] * R[u][b];
}

int main(void) {
  double umean[NU], pop[NI], S[NI][NI], pred[NI];
  int u, i, j;
  for (u = 0; u < NU; u++)
    for (i = 0; i < NI; i++)
      if ((u * 3 + i * 11) % 7 < 2) ratings[u][i] = (float)(1 + (u + 2 * i) % 5);
  stats(ratings, umean, pop);
  item_sim(ratings, S);
  for (i = 0; i < NI; i++) {
    pred[i] = 0;
    for (j = 0; j < NI; j++) pred[i] += S[i][j] * ratings[3][j];
  }
  for (u = 0; u < NU; u += 5) printf("%.4f ", umean[u]);
  printf("\n");
  for (i = 0; i < NI; i++) printf("%.1f %.1f %.1f\n", pop[i], S[i][(i + 1) % NI], pred[i]);
  return 0;
}
