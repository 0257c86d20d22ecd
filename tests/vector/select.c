/* select.c — comparisons and selections in vectorized loops with trip
 * count T (-DT=...): max and min written as a comparison (`if (e > m)
 * m = e;`, `m = m >= e ? e : m`) over doubles and floats, with ties of
 * 0.0 and -0.0 (the scalar loop keeps the first, or the last, of them)
 * and NaNs (never taken; a NaN start stays); counts of comparisons into
 * int and long (`if (e < 0) c++;`, `c += e > 0`) in lanes of double,
 * float, int and 64-bit int; ReLU-like sums (`y += e > 0 ? e : 0`);
 * fabs and fabsf; stores of selections under masks made with && and !.
 * Position loops over compressed rows of exactly T entries and dense loops
 * of T iterations. Every result is printed with its sign (a 0.0 for a -0.0
 * is a difference) and the comparison results are exact, so the vector
 * code must print exactly what the scalar code prints. Compiled as it is,
 * this is the reference for run_trips.sh and run_sve.sh. */
#include <math.h>
#include <stdio.h>

#ifndef T
#define T 5
#endif
#define N 3
#define M (2 * T + 3)
#define K (T)

static unsigned long long st = 4242;
static int rnd(int n) { /* in [0, n) */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((st >> 33) % (unsigned)n);
}

static double A[N][M], x[M], y[N], r[N], mx[N];
static double G[N][K + 1], E[N][K + 1], H[N][K + 1], gmx[N], gmn[N];
static float FG[N][K + 1], FH[N][K + 1], fmx[N];
static int IA[N][M], IG[N][K + 1], IH[N][K + 1], ic[N], gcnt[N];
static long LG[N][K + 1], lc[N];

static void pr(const char *what, double v) {
  printf(" %s %.17g %c", what, v, signbit(v) ? '-' : '+');
}

int main(void) {
  for (int t = 0; t < T; t++) {
    A[0][t] = (double)(rnd(17) - 8) / 4.0 + (rnd(2) ? 0.0 : 0.125);
    if (A[0][t] == 0.0) A[0][t] = 0.5;         /* row 0: columns 0..T-1 */
    A[1][2 * t + 1] = -(double)(rnd(32) + 1) / 8.0; /* row 1: odd columns */
    IA[0][t] = rnd(41) - 20;
    if (IA[0][t] == 0) IA[0][t] = 7;
    IA[1][2 * t + 1] = -(rnd(100) + 1);
  }                                            /* row 2: empty */
  for (int j = 0; j < M; j++) x[j] = (double)(rnd(9) - 4) / 2.0;
  for (int i = 0; i < N; i++) {
    mx[i] = -100.0;
    gmx[i] = i == 2 ? -0.0 : -50.0;
    gmn[i] = i == 2 ? NAN : 50.0;
    fmx[i] = i == 1 ? NAN : -50.0f;
    for (int k = 0; k <= K; k++) {
      if (i == 0) /* negatives, then zeros of both signs */
        G[i][k] = k < T / 2 ? -(double)(k + 1)
                            : ((k + T) % 3 ? 0.0 : -0.0);
      else if (i == 1) /* NaNs among values */
        G[i][k] = k % 4 == 1 ? NAN : (double)(k % 5) - 2.0;
      else /* zeros only, starting with +0.0 */
        G[i][k] = k % 2 ? -0.0 : 0.0;
      E[i][k] = (double)(rnd(9) - 4) / 4.0;
      FG[i][k] = (float)G[i][k];
      IG[i][k] = rnd(21) - 10;
      LG[i][k] = (long)(rnd(21) - 10) * 3000000001L;
    }
  }
  int c = 0, fc = 0, icl = 0;
  long lcnt = 5;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      if (A[i][j] > mx[i]) mx[i] = A[i][j];      /* positions: max */
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j] > 0 ? A[i][j] * x[j] : 0; /* ReLU, gathers */
    for (int j = 0; j < M; j++)
      r[i] += fabs(A[i][j]) * x[j];              /* fabs */
    for (int k = 0; k < K; k++)
      if (G[i][k] > gmx[i]) gmx[i] = G[i][k];    /* dense max, first tie */
    for (int k = 0; k < K; k++)
      gmn[i] = gmn[i] >= G[i][k] ? G[i][k] : gmn[i]; /* min, last tie */
    for (int k = 0; k < K; k++)
      H[i][k] = E[i][k] + (G[i][k] < -0.25 && !(E[i][k] > 0) ? E[i][k]
                                                              : fabs(G[i][k]));
    for (int k = 0; k < K; k++)
      fmx[i] = FG[i][k] > fmx[i] ? FG[i][k] : fmx[i]; /* float max */
    for (int k = 0; k < K; k++)
      if (FG[i][k] <= 0.0f) fc++;                /* count in float lanes */
    for (int k = 0; k < K; k++)
      FH[i][k] = fabsf(FG[i][k]) * 0.5f;         /* fabsf */
    for (int k = 0; k < K; k++)
      IH[i][k] = IG[i][k] > 3 ? IG[i][k] - 3 : -IG[i][k]; /* int select */
    for (int k = 0; k < K; k++)
      gcnt[i] += IG[i][k] != 0 && IG[i][k] < 5; /* int truth values */
    for (int k = 0; k < K; k++)
      if (LG[i][k] > 0) icl++;                   /* int count, long lanes */
    for (int k = 0; k < K; k++)
      lcnt += IG[i][k] < 0 ? 0 : 1;              /* long count, int lanes */
    for (int k = 0; k < K; k++)
      lc[i] -= LG[i][k] < 0 ? 1 : 0;             /* long count, long lanes */
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > 0.75) c++;                   /* count in double lanes */

#pragma sparse encoding(IA : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ic[i] += IA[i][j] > 0;                     /* int positions */

  printf("c %d fc %d icl %d lcnt %ld\n", c, fc, icl, lcnt);
  for (int i = 0; i < N; i++) {
    pr("mx", mx[i]);
    pr("y", y[i]);
    pr("r", r[i]);
    pr("gmx", gmx[i]);
    pr("gmn", gmn[i]);
    pr("fmx", fmx[i]);
    printf(" ic %d gcnt %d lc %ld\n", ic[i], gcnt[i], lc[i]);
    for (int k = 0; k < K; k++) {
      pr("H", H[i][k]);
      pr("FH", FH[i][k]);
      printf(" IH %d\n", IH[i][k]);
    }
  }
  return 0;
}
