// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: for (j = 0; j < NV; j++) deg[i] += A[i][j];
// EXPECT-ABSENT: for (j = 0; j < NV; j++) L[i][j] = -A[i][j];
// EXPECT-ABSENT: for (j = 0; j < NV; j++) S[i][j] = 0.5 * (A[i][j] + A[j][i]);
// EXPECT-REPORT: kernel sparsified: forall(i) { deg(i) = 0; forall(j) deg(i) += A(i,j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) L(i,j) = -A(i,j)
// EXPECT-WARNING: loop not sparsified: call to function 'printf', which may have side effects; its element reads become lookups
/* Graph Laplacian L = D - A built into a matrix stored sparse, the
   symmetric part (A + A^T)/2 and the skew part, and a quadratic form. */
#include <stdio.h>
#define NV 20

int main(void) {
#pragma sparse encoding(A : CSR)
  double A[NV][NV];
#pragma sparse encoding(L : CSR)
  double L[NV][NV];
#pragma sparse encoding(S : DCSR)
  double S[NV][NV];
  double deg[NV], x[NV], q = 0, skew = 0;
  int i, j;
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++)
      A[i][j] = (i != j && (3 * i + j) % 7 == 2) ? 1.0 + (j % 2) : 0.0;
  for (i = 0; i < NV; i++) {
    deg[i] = 0;
    for (j = 0; j < NV; j++) deg[i] += A[i][j];
  }
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++) L[i][j] = -A[i][j];
  for (i = 0; i < NV; i++) L[i][i] += deg[i];
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++) S[i][j] = 0.5 * (A[i][j] + A[j][i]);
  for (i = 0; i < NV; i++) x[i] = (i % 4) - 1.5;
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++) q += x[i] * L[i][j] * x[j];
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++) skew += (A[i][j] - S[i][j]) * (A[i][j] - S[i][j]);
  printf("%.6f %.6f\n", q, skew);
  for (i = 0; i < NV; i += 4) printf("%.3f %.3f\n", L[i][i], S[i][(i + 3) % NV]);
  return 0;
}
