// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (j = 0; j < M; j++) rs[i] += Wt[i][j] * V[i][j] + Wt[i][j];
// EXPECT-ABSENT: for (j = 0; j < M; j++) tot += (long)Wt[i][j] * Wt[i][j];
// EXPECT-ABSENT: for (j = 0; j < M; j++) cs[j] += V[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) { rs(i) = 0; forall(j) rs(i) += Wt(i,j) * V(i,j) + Wt(i,j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) tot += (long)Wt(i,j) * Wt(i,j)
// EXPECT-STDERR-EMPTY
/* Small integer element types: a short weight matrix and signed char
   votes, sums into int and long. */
#include <stdio.h>
#define N 20
#define M 16

#pragma sparse encoding(Wt : CSR)
short Wt[N][M];
#pragma sparse encoding(V : CSC)
signed char V[N][M];

int main(void) {
  int rs[N];
  long cs[M], tot = 0;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      if ((i + j) % 5 == 0) Wt[i][j] = (short)(300 * (i - 9) + j);
      if ((i * j) % 7 == 1) V[i][j] = (signed char)((i % 3) - 1 ? (i % 3) - 1 : -2);
    }
  for (i = 0; i < N; i++) {
    rs[i] = 0;
    for (j = 0; j < M; j++) rs[i] += Wt[i][j] * V[i][j] + Wt[i][j];
  }
  for (j = 0; j < M; j++) cs[j] = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) cs[j] += V[i][j];
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) tot += (long)Wt[i][j] * Wt[i][j];
  for (i = 0; i < N; i++) printf("%d ", rs[i]);
  printf("\n");
  for (j = 0; j < M; j++) printf("%ld ", cs[j]);
  printf("\n%ld\n", tot);
  return 0;
}
