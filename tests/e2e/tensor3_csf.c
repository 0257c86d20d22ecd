// TTV, MTTKRP and a 3-D sum over a CSF tensor (and a dense-compressed-
// compressed variant).
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: Y[i][j] += T[i][j][k]
// EXPECT-ABSENT: Am[i][r] += T[i][j][k]
// EXPECT-ABSENT: total += T[i][j][k];
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 12345;
/* deterministic pseudo-random values in [-5, 5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
/* about `keep` of the entries non-zero, the rest exactly 0 */
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define I 9
#define J 7
#define K 11
#define R 3
static double T[I][J][K];
int main(void) {
  static double c[K], Y[I][J], Bm[J][R], Cm[K][R], Am[I][R];
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++) T[i][j][k] = sparse_value(0.15);
  for (int j = 0; j < J; j++)
    for (int k = 0; k < K; k++) T[2][j][k] = 0.0;
  for (int k = 0; k < K; k++) c[k] = lcg();
  for (int j = 0; j < J; j++)
    for (int r = 0; r < R; r++) Bm[j][r] = lcg();
  for (int k = 0; k < K; k++)
    for (int r = 0; r < R; r++) Cm[k][r] = lcg();
  for (int i = 0; i < I; i++) {
    for (int j = 0; j < J; j++) Y[i][j] = 0.0;
    for (int r = 0; r < R; r++) Am[i][r] = 0.0;
  }
  double total = 0.0;

#pragma sparse encoding(T : CSF)
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        Y[i][j] += T[i][j][k] * c[k];

#pragma sparse encoding(T : CSF)
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        for (int r = 0; r < R; r++)
          Am[i][r] += T[i][j][k] * Bm[j][r] * Cm[k][r];

#pragma sparse encoding(T : (i, j, k) -> (i : dense, j : compressed, k : compressed))
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        total += T[i][j][k];

  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++) printf("%.10g\n", Y[i][j]);
  for (int i = 0; i < I; i++)
    for (int r = 0; r < R; r++) printf("%.10g\n", Am[i][r]);
  printf("%.10g\n", total);
  return 0;
}
