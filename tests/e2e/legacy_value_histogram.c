// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: if (A[i][j] != 0) hist[A[i][j]]++;
// EXPECT-REPORT: kernel sparsified: guarded body with effects, run at the stored entries in source order
// EXPECT-REPORT: kernel sparsified: forall(i) { above(i) = 0; forall(j) above(i) += A(i,j) > 3 ? 1 : 0 }
// EXPECT-STDERR-EMPTY
/* Histogram of the stored values of a sparse integer matrix and the
   count of entries above a threshold per row. */
#include <stdio.h>
#define N 30
#define NB 8

int main(void) {
#pragma sparse encoding(A : CSR)
  static int A[N][N];
  int hist[NB] = {0}, above[N];
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if ((i * 11 + j * 13) % 9 == 0) A[i][j] = 1 + (i * j) % (NB - 1);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (A[i][j] != 0) hist[A[i][j]]++;
  for (i = 0; i < N; i++) {
    above[i] = 0;
    for (j = 0; j < N; j++)
      if (A[i][j] > 3) above[i]++;
  }
  for (i = 0; i < NB; i++) printf("%d ", hist[i]);
  printf("\n");
  for (i = 0; i < N; i++) printf("%d", above[i]);
  printf("\n");
  return 0;
}
