/* types.c — the vectorized loop shapes for float, int and long elements
 * with trip count T (-DT=...): position loops over compressed rows of
 * exactly T entries (gathers with sum reductions, with 64-bit and 32-bit
 * coordinates; conflict-free scatters; idempotent fmaxf and integer max
 * written as a selection; integer xor), dense loops (contiguous stores
 * with negation, division, an invariant scalar, ^=; product, min and or
 * reductions), the
 * register-blocked SpMM nest and the SDDMM dense sum. The float values are
 * multiples of 1/8 (products: powers of two), so every sum and product is
 * exact in float and any association prints the same; the integer
 * products stay far from overflow (the reference must not overflow).
 * Compiled as it is, this is the reference for run_trips.sh and
 * run_sve.sh. */
#include <math.h>
#include <stdio.h>

#ifndef T
#define T 5
#endif
#define N 3
#define M (2 * T + 3)
#define K (T)

static unsigned long long st = 991;
static int rnd(int n) { /* in [0, n) */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((st >> 33) % (unsigned)n);
}

static float A[N][M], x[M], x2[N], y[N], y32[N], y2[M], fm[N];
static float B[M][K + 1], C[N][K + 1], W[N][K + 1], Z[N][K + 1], P[N],
    mn[N], D[N][M], U[N][K + 1], V[M][K + 1];
static int IA[N][M], ix[M], iy[N], imx[N], iy2[M], IW[N][K + 1],
    IZ[N][K + 1], ip[N], imn[N];
static int ih[N], ior[N], IX[N][K + 1];
static long LA[N][M], lx[M], ly[N], LW[N][K + 1], lp[N], lmx[N], lh[N];

int main(void) {
  for (int t = 0; t < T; t++) {
    A[0][t] = (float)(rnd(32) + 1) / 8.0f;          /* row 0: 0..T-1 */
    A[1][2 * t + 1] = -(float)(rnd(32) + 1) / 8.0f; /* row 1: T odd columns */
    IA[0][t] = rnd(2001) - 1000;
    IA[1][2 * t + 1] = -(rnd(1000) + 1);
    LA[0][t] = (long)(rnd(2001) - 1000) * 4000000007L;
    LA[1][2 * t + 1] = -(long)(rnd(1000) + 1) * 3000000001L;
  }                                                 /* row 2: empty */
  for (int j = 0; j < M; j++) {
    x[j] = (float)(rnd(17) - 8) / 8.0f;
    y2[j] = 0.25f;
    ix[j] = rnd(21) - 10;
    iy2[j] = j;
    lx[j] = rnd(2001) - 1000;
    for (int k = 0; k <= K; k++)
      B[j][k] = (float)(rnd(17) - 8) / 8.0f, V[j][k] = (float)(rnd(9)) / 8.0f;
  }
  for (int i = 0; i < N; i++) {
    x2[i] = (float)(rnd(9) + 1) / 8.0f;
    P[i] = 1.0f, mn[i] = 2.0f, fm[i] = -7.0f;
    ip[i] = 1, imn[i] = 50, imx[i] = -5000, lp[i] = 3, lmx[i] = -1;
    for (int k = 0; k <= K; k++) {
      int r = rnd(8);
      W[i][k] = r == 0 ? 2.0f : r == 1 ? 0.5f : r == 2 ? -1.0f : 1.0f;
      U[i][k] = (float)(rnd(9)) / 8.0f;
      C[i][k] = 0.5f, Z[i][k] = 9.0f;
      IW[i][k] = r == 0 ? 2 : r == 2 ? -1 : r == 3 ? 3 : r == 4 ? -1 : 1;
      IZ[i][k] = 7, IX[i][k] = 0x5a5a ^ k;
      LW[i][k] = r == 0 ? 3 : r == 2 ? -1 : 1;
    }
    for (int j = 0; j < M; j++) D[i][j] = 0.125f;
  }
  float alpha = 0.75f;
  int beta = -3;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];               /* float gather, sum */
    for (int k = 0; k < K; k++)
      P[i] *= W[i][k];                      /* float dense product */
    for (int k = 0; k < K; k++)
      mn[i] = fminf(mn[i], W[i][k]);        /* float dense min */
    for (int k = 0; k < K; k++)
      Z[i][k] = -W[i][k] / 3.0f + alpha;    /* float dense store */
  }

#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    y32[i] = 0.0f;
    for (int j = 0; j < M; j++)
      y32[i] += A[i][j] * x[j];             /* float, 32-bit coordinates */
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y2[j] += A[i][j] * x2[i];             /* float scatter */

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += A[i][j] * B[j][k];       /* float SpMM (register-blocked) */

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        D[i][j] += A[i][j] * U[i][k] * V[j][k]; /* float SDDMM dense sum */

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      fm[i] = fmaxf(fm[i], A[i][j]);        /* float idempotent max */

#pragma sparse encoding(IA : CSR)
  for (int i = 0; i < N; i++) {
    iy[i] = 0;
    for (int j = 0; j < M; j++)
      iy[i] += IA[i][j] * ix[j];            /* int gather, sum */
    for (int k = 0; k < K; k++)
      ip[i] *= IW[i][k];                    /* int dense product */
    for (int k = 0; k < K; k++)
      imn[i] = IW[i][k] < imn[i] ? IW[i][k] : imn[i]; /* int dense min */
    for (int k = 0; k < K; k++)
      IZ[i][k] = -IW[i][k] * beta + 5;      /* int dense store */
  }

#pragma sparse encoding(IA : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (IA[i][j] > imx[i]) imx[i] = IA[i][j]; /* int idempotent max */

#pragma sparse encoding(IA : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      iy2[j] -= IA[i][j] * 3;               /* int scatter */

#pragma sparse encoding(LA : CSR)
  for (int i = 0; i < N; i++) {
    ly[i] = 7;
    for (int j = 0; j < M; j++)
      ly[i] += LA[i][j] * lx[j];            /* long gather, sum */
    for (int k = 0; k < K; k++)
      lp[i] *= LW[i][k];                    /* long dense product */
    for (int j = 0; j < M; j++)
      lmx[i] = lmx[i] > LA[i][j] ? lmx[i] : LA[i][j]; /* long max */
  }

#pragma sparse encoding(IA : CSR)
  for (int i = 0; i < N; i++) {
    ih[i] = 0x1234;
    for (int j = 0; j < M; j++)
      ih[i] ^= IA[i][j] * 3;                /* int xor over positions */
    ior[i] = 0;
    for (int k = 0; k < K; k++)
      ior[i] |= IW[i][k] * 5;               /* int or, dense */
    for (int k = 0; k < K; k++)
      IX[i][k] ^= IW[i][k] * 9;             /* int xor store */
  }

#pragma sparse encoding(LA : CSR)
  for (int i = 0; i < N; i++) {
    lh[i] = -1;
    for (int j = 0; j < M; j++)
      lh[i] ^= LA[i][j];                    /* long xor over positions */
  }

  for (int i = 0; i < N; i++) {
    printf("ih %d ior %d lh %ld\n", ih[i], ior[i], lh[i]);
    for (int k = 0; k <= K; k++) printf(" IX %d\n", IX[i][k]);
    printf("y %.9g %.9g P %.9g mn %.9g fm %.9g\n", y[i], y32[i], P[i], mn[i],
           fm[i]);
    printf("iy %d ip %d imn %d imx %d ly %ld lp %ld lmx %ld\n", iy[i], ip[i],
           imn[i], imx[i], ly[i], lp[i], lmx[i]);
    for (int k = 0; k <= K; k++)
      printf(" C %.9g Z %.9g IZ %d\n", C[i][k], Z[i][k], IZ[i][k]);
    for (int j = 0; j < M; j++) printf(" D %.9g\n", D[i][j]);
  }
  for (int j = 0; j < M; j++) printf("y2 %.9g iy2 %d\n", y2[j], iy2[j]);
  return 0;
}
