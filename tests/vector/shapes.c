/* shapes.c — every vectorized loop shape with trip count T (-DT=...):
 * dense loops (contiguous store; sum, product, min reductions; negation,
 * division, an invariant scalar) and position loops over compressed rows
 * of exactly T entries (gather + sum reduction, conflict-free scatter,
 * idempotent max with its entry counter), plus an empty row. Compiled as it
 * is, this is the reference for tests/vector/run_trips.sh. */
#include <math.h>
#include <stdio.h>

#ifndef T
#define T 5
#endif
#define N 3
#define M (2 * T + 3)
#define K (T)

static unsigned long long st = 777;
static double rnd(void) { /* in [0.5, 1.5) */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return 0.5 + (double)((st >> 33) % 1000) / 1000.0;
}

static double A[N][M], x[M], x2[N], y[N], y2[M], C[N][K + 1], B[M][K + 1];
static double W[N][K + 1], Z[N][K + 1], P[N], mn[N], D[N][M], U[N][K + 1],
    V[M][K + 1], mx[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = 0.0;
  for (int t = 0; t < T; t++) {
    A[0][t] = rnd();          /* row 0: columns 0..T-1 */
    A[1][2 * t + 1] = -rnd(); /* row 1: T odd columns */
  }                           /* row 2: empty */
  for (int j = 0; j < M; j++) {
    x[j] = rnd();
    y2[j] = 0.25;
    for (int k = 0; k <= K; k++) B[j][k] = rnd(), V[j][k] = rnd();
  }
  for (int i = 0; i < N; i++) {
    x2[i] = rnd();
    P[i] = 1.0;
    mn[i] = 2.0;
    mx[i] = -7.0;
    for (int k = 0; k <= K; k++) {
      W[i][k] = rnd(), U[i][k] = rnd(), C[i][k] = 0.5, Z[i][k] = 9.0;
    }
    for (int j = 0; j < M; j++) D[i][j] = 0.125;
  }
  double alpha = 0.75;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];               /* gather, sum */
    for (int k = 0; k < K; k++)
      P[i] *= W[i][k];                      /* dense product */
    for (int k = 0; k < K; k++)
      mn[i] = fmin(mn[i], W[i][k]);         /* dense min */
    for (int k = 0; k < K; k++)
      Z[i][k] = -W[i][k] / 3.0 + alpha;     /* dense store */
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y2[j] += A[i][j] * x2[i];             /* scatter */

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += A[i][j] * B[j][k];       /* dense store under positions */

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        D[i][j] += A[i][j] * U[i][k] * V[j][k]; /* dense sum (SDDMM) */

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      mx[i] = fmax(mx[i], A[i][j]);         /* idempotent max */

  for (int i = 0; i < N; i++) {
    printf("y %.12g P %.12g mn %.12g mx %.12g\n", y[i], P[i], mn[i], mx[i]);
    for (int k = 0; k <= K; k++) printf(" C %.12g Z %.12g\n", C[i][k], Z[i][k]);
    for (int j = 0; j < M; j++) printf(" D %.12g\n", D[i][j]);
  }
  for (int j = 0; j < M; j++) printf("y2 %.12g\n", y2[j]);
  return 0;
}
