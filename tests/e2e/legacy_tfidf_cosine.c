// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: for (t = 0; t < NT; t++) Wt[d][t] = C[d][t] * idf[t];
// EXPECT-ABSENT: for (t = 0; t < NT; t++) s += Wt[d][t] * Wt[d][t];
// EXPECT-ABSENT: for (t = 0; t < NT; t++) sim[d][e] += Wt[d][t] * Wt[e][t];
// EXPECT-REPORT: kernel sparsified: forall(d) forall(t) df(t) += C(d,t) > 0 ? 1 : 0
// EXPECT-REPORT: kernel sparsified: forall(d) forall(t) Wt(d,t) = C(d,t) * idf(t)
// EXPECT-STDERR-EMPTY
/* Term-document counts, document frequencies, tf-idf weights into a
   matrix stored sparse, and cosine similarity of documents. */
#include <math.h>
#include <stdio.h>
#define ND 12
#define NT 30


int main(void) {
#pragma sparse encoding(C : CSR)
  int C[ND][NT];
#pragma sparse encoding(Wt : CSR)
  double Wt[ND][NT];
  int df[NT];
  double idf[NT], norm[ND], sim[ND][ND];
  int d, t, e;
  for (d = 0; d < ND; d++)
    for (t = 0; t < NT; t++)
      C[d][t] = ((d * 5 + t * 3) % 7 == 0) ? 1 + (d + t) % 3 : 0;
  for (t = 0; t < NT; t++) df[t] = 0;
  for (d = 0; d < ND; d++)
    for (t = 0; t < NT; t++)
      if (C[d][t] > 0) df[t]++;
  for (t = 0; t < NT; t++) idf[t] = log((double)(ND + 1) / (df[t] + 1));
  for (d = 0; d < ND; d++)
    for (t = 0; t < NT; t++) Wt[d][t] = C[d][t] * idf[t];
  for (d = 0; d < ND; d++) {
    double s = 0;
    for (t = 0; t < NT; t++) s += Wt[d][t] * Wt[d][t];
    norm[d] = sqrt(s);
  }
  for (d = 0; d < ND; d++)
    for (e = 0; e < ND; e++) {
      sim[d][e] = 0;
      for (t = 0; t < NT; t++) sim[d][e] += Wt[d][t] * Wt[e][t];
    }
  for (d = 0; d < ND; d++) {
    for (e = 0; e < ND; e++)
      printf("%.4f ", norm[d] > 0 && norm[e] > 0 ? sim[d][e] / (norm[d] * norm[e]) : 0.0);
    printf("\n");
  }
  return 0;
}
