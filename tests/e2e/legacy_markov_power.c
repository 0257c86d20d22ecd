// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (j = 0; j < n; j++) nxt[j] += pi[i] * P[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) nxt(j) += pi(i) * P(i,j)
// EXPECT-STDERR-EMPTY
/* Markov chain: a row-stochastic transition matrix held in malloc'ed
   rows, power iteration to the steady state. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define NS 30

int main(void) {
  int n = NS, i, j, it = 0;
  double *pi = malloc(n * sizeof *pi), *nxt = malloc(n * sizeof *nxt);
  double diff;
#pragma sparse encoding(P[NS][NS] : CSR)
  double **P = malloc(n * sizeof *P);
  for (i = 0; i < n; i++) P[i] = calloc(n, sizeof **P);
  for (i = 0; i < n; i++) {
    int a = (i + 1) % n, b = (i * 7 + 3) % n;
    P[i][a] += 0.6;
    P[i][b] += 0.3;
    P[i][i] += 0.1;
  }
  for (i = 0; i < n; i++) pi[i] = 1.0 / n;
  do {
    for (j = 0; j < n; j++) nxt[j] = 0;
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++) nxt[j] += pi[i] * P[i][j];
    diff = 0;
    for (j = 0; j < n; j++) { diff += fabs(nxt[j] - pi[j]); pi[j] = nxt[j]; }
    it++;
  } while (diff > 1e-12 && it < 1000);
  printf("converged after %d\n", it);
  for (i = 0; i < n; i += 3) printf("%.8f\n", pi[i]);
  for (i = 0; i < n; i++) free(P[i]);
  free(P);
  free(pi);
  free(nxt);
  return 0;
}
