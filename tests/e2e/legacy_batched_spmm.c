// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (j = 0; j < N; j++) Y[b][i][k] += A[i][j] * X[b][j][k];
// EXPECT-ABSENT: for (i = 0; i < N; i++) dots[b] += S[b][i] * Y[b][i][0];
// EXPECT-REPORT: kernel sparsified: forall(b) forall(i) forall(k) { Y(b,i,k) = 0; forall(j) Y(b,i,k) += A(i,j) * X(b,j,k) }
// EXPECT-REPORT: kernel sparsified: forall(b) { dots(b) = 0; forall(i) dots(b) += S(b,i) * Y(b,i,0) }
// EXPECT-STDERR-EMPTY
/* Sparse matrix times dense matrix into a 3-D dense output by slices, and
   a batch of sparse vectors as a 2-D COO (float). */
#include <stdio.h>
#define B 4
#define N 12
#define K 5

int main(void) {
#pragma sparse encoding(A : CSR)
  static float A[N][N];
#pragma sparse encoding(S : COO)
  static float S[B][N];
  float X[B][N][K], Y[B][N][K], dots[B];
  int b, i, j, k;
  for (i = 0; i < N; i++) { A[i][i] = 2.0f; A[i][(i * 5) % N] -= 1.0f; }
  for (b = 0; b < B; b++)
    for (i = 0; i < N; i++) {
      if ((b + i) % 4 == 0) S[b][i] = 0.5f * (b + 1);
      for (k = 0; k < K; k++) X[b][i][k] = (float)((b + i + k) % 3) - 1.0f;
    }
  for (b = 0; b < B; b++)
    for (i = 0; i < N; i++)
      for (k = 0; k < K; k++) {
        Y[b][i][k] = 0;
        for (j = 0; j < N; j++) Y[b][i][k] += A[i][j] * X[b][j][k];
      }
  for (b = 0; b < B; b++) {
    dots[b] = 0;
    for (i = 0; i < N; i++) dots[b] += S[b][i] * Y[b][i][0];
  }
  for (b = 0; b < B; b++) printf("%.3f %.3f\n", dots[b], Y[b][b][1]);
  return 0;
}
