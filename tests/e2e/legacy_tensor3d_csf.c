// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (k = 0; k < K; k++) Y[i][j] += T[i][j][k] * v[k];
// EXPECT-ABSENT: for (k = 0; k < K; k++) s1[i] += T[i][j][k];
// EXPECT-ABSENT: for (r = 0; r < R; r++) M[i][r] += T[i][j][k] * B[j][r] * Cm[k][r];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { Y(i,j) = 0; forall(k) Y(i,j) += T(i,j,k) * v(k) }
// EXPECT-REPORT: kernel sparsified: forall(i) { s1(i) = 0; forall(j) forall(k) s1(i) += T(i,j,k) }
// EXPECT-STDERR-EMPTY
/* A 3-D tensor stored CSF: tensor-times-vector, mode-1 sums, MTTKRP. */
#include <stdio.h>
#define I 10
#define J 8
#define K 12
#define R 3

#pragma sparse encoding(T : CSF)
double T[I][J][K];

int main(void) {
  double v[K], Y[I][J], s1[I], B[J][R], Cm[K][R], M[I][R];
  int i, j, k, r;
  for (i = 0; i < I; i++)
    for (j = 0; j < J; j++)
      for (k = 0; k < K; k++)
        if ((i * 31 + j * 17 + k * 7) % 23 == 0) T[i][j][k] = 1.0 + i - 0.5 * j + 0.25 * k;
  for (k = 0; k < K; k++) v[k] = 1.0 / (k + 1);
  for (j = 0; j < J; j++) for (r = 0; r < R; r++) B[j][r] = (j + r) % 3 - 0.5;
  for (k = 0; k < K; k++) for (r = 0; r < R; r++) Cm[k][r] = (k * r) % 4 * 0.25;
  for (i = 0; i < I; i++)
    for (j = 0; j < J; j++) {
      Y[i][j] = 0;
      for (k = 0; k < K; k++) Y[i][j] += T[i][j][k] * v[k];
    }
  for (i = 0; i < I; i++) {
    s1[i] = 0;
    for (j = 0; j < J; j++)
      for (k = 0; k < K; k++) s1[i] += T[i][j][k];
  }
  for (i = 0; i < I; i++)
    for (r = 0; r < R; r++) M[i][r] = 0;
  for (i = 0; i < I; i++)
    for (j = 0; j < J; j++)
      for (k = 0; k < K; k++)
        for (r = 0; r < R; r++) M[i][r] += T[i][j][k] * B[j][r] * Cm[k][r];
  for (i = 0; i < I; i++) printf("%.6f %.6f %.6f %.6f\n", s1[i], Y[i][i % J], M[i][0], M[i][2]);
  return 0;
}
