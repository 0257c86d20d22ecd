/* band_spmv.c — a band SpMV as banded legacy C writes it, through MAX/MIN
 * macros, over a matrix stored CSR (a pragma on its declaration):
 *
 *   for (j = MAX(0, i - BW); j <= MIN(N - 1, i + BW); j++) s += A[i][j] * x[j];
 *
 * or (GUARD = 1, 2) with the band as a guard that is the whole loop body:
 *
 *   for (j = 0; j < N; j++) if (j >= i - BW && j <= i + BW) s += A[i][j] * x[j];
 *   for (j = 0; j < N; j++) if (abs(i - j) <= BW) s += A[i][j] * x[j];
 *
 * The matrix holds the band and, with OUT > 0, OUT more entries per row
 * outside it (a matrix whose band is read alone), at random columns; with
 * SIDE > 0, SIDE more entries next to the band on each side (rows longer
 * than the band both ways); with EMPTY > 1, only every EMPTY-th row holds
 * entries (most rows empty). Built by two sparsecc
 * binaries (band_run.sh): one that models the band (the whole nest is a
 * kernel, each row's walk starts at the band by binary search) and one
 * compared with. Compiled as it is, it is the dense reference.
 * Prints "RESULT median_s=... checksum=...": the median of 15 samples of
 * one SpMV over all rows. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef N
#define N 20000
#endif
#ifndef BW
#define BW 4
#endif
#ifndef OUT
#define OUT 0
#endif
#ifndef GUARD
#define GUARD 0
#endif
#ifndef SIDE
#define SIDE 0
#endif
#ifndef EMPTY
#define EMPTY 1
#endif
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N];

static double now(void) {
  struct timespec ts;
  const char *c = getenv("BENCH_CLOCK");
  clock_gettime(c && !strcmp(c, "cpu") ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double u = *(const double *)a, v = *(const double *)b;
  return (u > v) - (u < v);
}

/* GUARD 0: the band as loop bounds; 1: as a guard that is the whole
 * loop body, `if (j >= i - BW && j <= i + BW)`; 2: `if (abs(i - j) <= BW)`
 * (one function each: a preprocessor line inside the nest would cut it) */
#if GUARD == 1
static void spmv(void) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      if (j >= i - BW && j <= i + BW) s += A[i][j] * x[j];
    y[i] = s;
  }
}
#elif GUARD == 2
static void spmv(void) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      if (abs(i - j) <= BW) s += A[i][j] * x[j];
    y[i] = s;
  }
}
#else
static void spmv(void) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - BW); j <= MIN(N - 1, i + BW); j++) s += A[i][j] * x[j];
    y[i] = s;
  }
}
#endif

int main(void) {
  unsigned long long r = 1;
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + (i % 7);
    if (i % EMPTY) continue;
    for (int j = MAX(0, i - BW - SIDE); j <= MIN(N - 1, i + BW + SIDE); j++)
      A[i][j] = 1.0 + (double)((i + 3 * j) % 17) / 16.0;
    for (int k = 0; k < OUT; k++) {
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      A[i][(int)((r >> 33) % N)] = 0.5;
    }
  }
  spmv(); /* the first read assembles the inserts */
  double t[15], sum = 0;
  for (int k = 0; k < 15; k++) {
    int reps = 0;
    double t0 = now(), t1;
    do {
      spmv();
      sum += y[reps % N];
      reps++;
    } while ((t1 = now()) - t0 < 0.05);
    t[k] = (t1 - t0) / reps;
  }
  qsort(t, 15, sizeof *t, cmp);
  double cs = 0;
  for (int i = 0; i < N; i++) cs += y[i] * (1 + i % 3);
  printf("RESULT median_s=%.9f checksum=%.6e\n", t[7], cs);
  return sum == 42.0;
}
