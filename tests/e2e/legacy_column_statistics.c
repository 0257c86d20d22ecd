// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: mean[j] += X[i][j];
// EXPECT-ABSENT: for (k = 0; k < NF; k++) cov[j][k] += X[i][j] * X[i][k];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { mean(j) += X(i,j); sq(j) += X(i,j) * X(i,j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) forall(k) cov(j,k) += X(i,j) * X(i,k)
// EXPECT-STDERR-EMPTY
/* Column statistics of a sparse data matrix: means, variances and the
   covariance matrix (X^T X / n - mean mean^T). */
#include <math.h>
#include <stdio.h>
#define NS 50
#define NF 8

#pragma sparse encoding(X : CSC)
static float X[NS][NF];

int main(void) {
  double mean[NF], sq[NF], var[NF], cov[NF][NF];
  int i, j, k;
  for (i = 0; i < NS; i++)
    for (j = 0; j < NF; j++)
      if ((i * 7 + j * 3) % 5 == 0) X[i][j] = (float)(1 + (i + j) % 6) * 0.5f;
  for (j = 0; j < NF; j++) { mean[j] = 0; sq[j] = 0; }
  for (i = 0; i < NS; i++)
    for (j = 0; j < NF; j++) {
      mean[j] += X[i][j];
      sq[j] += X[i][j] * X[i][j];
    }
  for (j = 0; j < NF; j++) {
    mean[j] /= NS;
    var[j] = sq[j] / NS - mean[j] * mean[j];
  }
  for (j = 0; j < NF; j++)
    for (k = 0; k < NF; k++) cov[j][k] = 0;
  for (i = 0; i < NS; i++)
    for (j = 0; j < NF; j++)
      for (k = 0; k < NF; k++) cov[j][k] += X[i][j] * X[i][k];
  for (j = 0; j < NF; j++)
    for (k = 0; k < NF; k++) cov[j][k] = cov[j][k] / NS - mean[j] * mean[k];
  for (j = 0; j < NF; j++) printf("%.6f %.6f %.6f\n", mean[j], var[j], sqrt(var[j] > 0 ? var[j] : 0));
  for (j = 0; j < NF; j++) printf("%.6f ", cov[j][(j + 1) % NF]);
  printf("\n");
  return 0;
}
