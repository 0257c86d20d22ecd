// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: tri[i] += A[i][j] * A[j][k] * A[k][i];
// EXPECT-REPORT: kernel sparsified: forall(i) { tri(i) = 0; forall(j) forall(k) tri(i) += A(i,j) * A(j,k) * A(k,i) }
// EXPECT-STDERR-EMPTY
/* Triangle counting: sum over i,j,k of A[i][j]*A[j][k]*A[k][i] / 6,
   and per-vertex triangle counts through a masked product. */
#include <stdio.h>
#define N 36

int main(void) {
#pragma sparse encoding(A : DCSR)
  static long A[N][N];
  long tri[N];
  long total = 0;
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (i != j && ((i * j) % 5 == 1 || (i + j) % 11 == 0)) A[i][j] = 1;
  for (i = 0; i < N; i++) {
    tri[i] = 0;
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        tri[i] += A[i][j] * A[j][k] * A[k][i];
  }
  for (i = 0; i < N; i++) total += tri[i];
  printf("triangles %ld\n", total / 6);
  for (i = 0; i < N; i++) printf("%ld ", tri[i] / 2);
  printf("\n");
  return 0;
}
