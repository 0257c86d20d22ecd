// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: if (rowsum[i] > 0) P[i][j] /= rowsum[i];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) P(i,j) = rowsum(i) > 0 ? P(i,j) / rowsum(i) : P(i,j)
// EXPECT-REPORT: P: updated in place
// EXPECT-ABSENT: for (j = 0; j < N; j++) rowsum[i] += P[i][j];
// EXPECT-ABSENT: for (j = 0; j < N; j++) rowmax[i] = fmax(rowmax[i], fabs(P[i][j]));
// EXPECT-ABSENT: if (P[i][j] != 0) nnz++;
// EXPECT-REPORT: kernel sparsified: forall(i) { rowsum(i) = 0; forall(j) rowsum(i) += P(i,j) }
// EXPECT-REPORT: kernel sparsified: forall(i) { rowmax(i) = 0; forall(j) rowmax(i) = fmax(rowmax(i), fabs(P(i,j))) }
// EXPECT-STDERR-EMPTY
/* Row normalisation of a count matrix in place (a transition matrix from
   counts), row maxima, nonzero counts, and scaling columns. */
#include <math.h>
#include <stdio.h>
#define N 24

int main(void) {
#pragma sparse encoding(P : CSR)
  double P[N][N];
  double rowsum[N], rowmax[N], colscale[N];
  int nnz = 0, i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      P[i][j] = ((i * 5 + j * 3) % 7 == 0) ? (double)(1 + (i + j) % 4) : 0.0;
  for (i = 0; i < N; i++) {
    rowsum[i] = 0;
    for (j = 0; j < N; j++) rowsum[i] += P[i][j];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (rowsum[i] > 0) P[i][j] /= rowsum[i];
  for (i = 0; i < N; i++) {
    rowmax[i] = 0;
    for (j = 0; j < N; j++) rowmax[i] = fmax(rowmax[i], fabs(P[i][j]));
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (P[i][j] != 0) nnz++;
  for (j = 0; j < N; j++) colscale[j] = 1.0 + 0.1 * j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) P[i][j] *= colscale[j];
  printf("%d\n", nnz);
  for (i = 0; i < N; i += 3) {
    double s = 0;
    for (j = 0; j < N; j++) s += P[i][j];
    printf("%.6f %.6f\n", rowmax[i], s);
  }
  return 0;
}
