// SDDMM with an explicit init before the reduction loop, as users write
// it: `D[i][j] = 0; for (k) D[i][j] += S[i][j] * U[i][k] * V[j][k];`
// into a dense result, the scalar accumulator `double s = 0; for (k) s +=
// ...; O[i][j] = s;`, a float `-=` from a non-zero init, and the output
// also named in the pragma (updated in place: union of O and S). The
// inits run in a dense fill loop, the reductions only where S is stored.
// A scalar accumulator declared outside the nest stays dense (its last
// value is observable).
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: for (int k = 0; k < K; k++) D[i][j] += S[i][j] * U[i][k] * V[j][k];
// EXPECT-ABSENT: for (int k = 0; k < K; k++) s += U[i][k] * V[j][k] * S[i][j];
// EXPECT-ABSENT: for (int k = 0; k < K; k++) Df[i][j] -= Sf[i][j] * (float)(U[i][k] * V[j][k]);
// EXPECT-ABSENT: for (int k = 0; k < K; k++) O[i][j] += S[i][j] * U[i][k] * V[j][k];
// EXPECT-WARNING: loop not sparsified: no loop can skip absent entries
#include <stdio.h>

#define N 12
#define K 5

static double S[N][N], U[N][K], V[N][K], O[N][N], D[N][N];
static float Sf[N][N], Df[N][N];

static void show(double (*X)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += X[i][j] * (i + 2 * j + 1);
  printf("%.15g\n", s);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      S[i][j] = ((i * j + i) % 7 == 1) ? 1.0 + i - j : 0;
      Sf[i][j] = (float)S[i][j];
      O[i][j] = 9;
      D[i][j] = 7;
      Df[i][j] = 3;
    }
  for (int j = 0; j < N; j++) S[4][j] = Sf[4][j] = 0; /* an empty row */
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) {
      U[i][k] = i * 0.1 + k;
      V[i][k] = k - i * 0.2;
    }
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      D[i][j] = 0;
      for (int k = 0; k < K; k++) D[i][j] += S[i][j] * U[i][k] * V[j][k];
    }
  show(D);
#pragma sparse encoding(S : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < K; k++) s += U[i][k] * V[j][k] * S[i][j];
      O[i][j] = s;
    }
  show(O);
#pragma sparse encoding(Sf : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      Df[i][j] = 1.5f;
      for (int k = 0; k < K; k++) Df[i][j] -= Sf[i][j] * (float)(U[i][k] * V[j][k]);
    }
  {
    double s = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) s += Df[i][j] * (i + j);
    printf("%.9g\n", s);
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) O[i][j] = (i == j) ? 2.0 : 0.0;
#pragma sparse encoding(S : CSR, O : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      O[i][j] = 0;
      for (int k = 0; k < K; k++) O[i][j] += S[i][j] * U[i][k] * V[j][k];
    }
  show(O);
  double t = 0;
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t = 0;
      for (int k = 0; k < K; k++) t += S[i][j] * U[i][k] * V[j][k];
      D[i][j] = t;
    }
  show(D);
  printf("%g\n", t);
  return 0;
}
