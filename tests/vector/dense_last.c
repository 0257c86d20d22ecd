/* dense_last.c — loops over the dense last level of a sparse operand
 * (src/lower/coiter.c dense_last_parents, VecLoop.last_parent) with trip
 * count T (-DT=...; the dense level holds T + 1 entries, the loops read
 * the first T): SpMV and a scaled update of a dense array over
 * `(i : compressed, j : dense)`, a float SpMV, an int row sum, a TTV over
 * `(i : dense, j : compressed, k : dense)`, SpMM with the sparse operand
 * on the right (`(j : compressed, k : dense)`: register-blocked across
 * its rows), and the same SpMM with a CSR left operand (co-iterated: the
 * vector loop runs under the dense rows' presence flag). Every operand
 * has empty rows. Compiled as it is,
 * this is the reference for tests/vector/run_trips.sh and run_sve.sh. */
#include <stdio.h>

#ifndef T
#define T 5
#endif
#define N 5
#define K (T + 1)

static unsigned long long st = 4242;
static int rnd(void) { /* in [1, 16] */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return 1 + (int)((st >> 33) % 16);
}

static double A[N][K], x[K], y[N], Z[N][K], R[N][N][K], Y[N][N], D[N][N],
    B[N][K], C[N][K], S[N][N], C2[N][K];
static float Af[N][K], xf[K], yf[N];
static int Ai[N][K], ri[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < K; k++) {
      /* rows 1 and 3 empty (dropped by the compressed level) */
      int on = i % 2 == 0 || i == N - 1;
      A[i][k] = on ? rnd() / 8.0 : 0.0;
      Af[i][k] = (float)A[i][k];
      Ai[i][k] = on ? rnd() - 8 : 0;
      B[i][k] = i != 2 ? rnd() / 4.0 : 0.0;
      for (int j = 0; j < N; j++)
        R[i][j][k] = (i + j) % 3 ? rnd() / 16.0 : 0.0;
    }
    for (int j = 0; j < N; j++) {
      D[i][j] = rnd() / 2.0;
      S[i][j] = (i + j) % 2 ? rnd() / 2.0 : 0.0;
    }
  }
  for (int k = 0; k < K; k++) {
    x[k] = rnd() / 4.0;
    xf[k] = (float)x[k];
  }
#pragma sparse encoding(A : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < T; j++)
      y[i] += A[i][j] * x[j];
#pragma sparse encoding(A : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < T; j++)
      Z[i][j] -= 0.5 * A[i][j] * x[j];
#pragma sparse encoding(Af : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++) {
    float s = 1.0f;
    for (int j = 0; j < T; j++)
      s += Af[i][j] * xf[j];
    yf[i] = s;
  }
#pragma sparse encoding(Ai : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < T; j++)
      ri[i] += Ai[i][j];
#pragma sparse encoding(R : (i, j, k) -> (i : dense, j : compressed, k : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < T; k++)
        Y[i][j] += R[i][j][k] * x[k];
#pragma sparse encoding(B : (j, k) -> (j : compressed, k : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < T; k++)
        C[i][k] += D[i][j] * B[j][k];
#pragma sparse encoding(S : CSR, B : (j, k) -> (j : compressed, k : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < T; k++)
        C2[i][k] += S[i][j] * B[j][k];
  for (int i = 0; i < N; i++) {
    printf("%d: %.17g %.9g %d", i, y[i], (double)yf[i], ri[i]);
    for (int k = 0; k < K; k++)
      printf(" %.17g %.17g %.17g", Z[i][k], C[i][k], C2[i][k]);
    for (int j = 0; j < N; j++) printf(" %.17g", Y[i][j]);
    printf("\n");
  }
  return 0;
}
