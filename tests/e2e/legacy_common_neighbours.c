// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (j = 0; j < NV; j++) deg[i] += A[i][j];
// EXPECT-ABSENT: for (k = 0; k < NV; k++) cn[i][j] += A[i][k] * A[j][k];
// EXPECT-REPORT: kernel sparsified: forall(i) { deg(i) = 0; forall(j) deg(i) += A(i,j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { cn(i,j) = 0; forall(k) cn(i,j) += A(i,k) * A(j,k) }
// EXPECT-STDERR-EMPTY
/* Common neighbours A*A^T and Jaccard similarity of graph vertices. */
#include <stdio.h>
#define NV 28

int main(void) {
#pragma sparse encoding(A : CSR)
  int A[NV][NV];
  int cn[NV][NV], deg[NV];
  int i, j, k;
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++) A[i][j] = (i != j && (i * j + i + j) % 6 == 1);
  for (i = 0; i < NV; i++) {
    deg[i] = 0;
    for (j = 0; j < NV; j++) deg[i] += A[i][j];
  }
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++) {
      cn[i][j] = 0;
      for (k = 0; k < NV; k++) cn[i][j] += A[i][k] * A[j][k];
    }
  for (i = 0; i < NV; i += 3) {
    for (j = 0; j < NV; j += 4) {
      int un = deg[i] + deg[j] - cn[i][j];
      printf("%.3f ", un > 0 ? (double)cn[i][j] / un : 0.0);
    }
    printf("\n");
  }
  return 0;
}
