// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (k = 0; k < N; k++) C[i][j] += A[i][k] * B[k][j];
// EXPECT-ABSENT: for (j = 0; j < N; j++) H[i][j] = A[i][j] * C[i][j];
// EXPECT-ABSENT: for (j = 0; j < N; j++) rs[i] += C[i][j] + H[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { C(i,j) = 0; forall(k) C(i,j) += A(i,k) * B(k,j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) H(i,j) = A(i,j) * C(i,j)
// EXPECT-STDERR-EMPTY
/* Float SpGEMM into a matrix stored sparse, then its row sums and the
   Hadamard product with the first operand. */
#include <stdio.h>
#define N 22

int main(void) {
#pragma sparse encoding(A : CSR, B : CSR, C : CSR, H : DCSR)
  float A[N][N] = {{0}}, B[N][N] = {{0}}, C[N][N], H[N][N];
  float rs[N];
  int i, j, k;
  for (i = 0; i < N; i++) {
    A[i][(i * 3) % N] = 1.5f;
    A[i][(i + 5) % N] = -0.5f;
    B[(i * 7) % N][i] = 2.0f;
    B[i][i] += 1.0f;
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      C[i][j] = 0;
      for (k = 0; k < N; k++) C[i][j] += A[i][k] * B[k][j];
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) H[i][j] = A[i][j] * C[i][j];
  for (i = 0; i < N; i++) {
    rs[i] = 0;
    for (j = 0; j < N; j++) rs[i] += C[i][j] + H[i][j];
  }
  for (i = 0; i < N; i++) printf("%.3f ", rs[i]);
  printf("\n");
  return 0;
}
