/* transposed_union.c — a symmetric part applied in a timing loop:
 * y += (A + A^T) x with the pragma on the nest (A dense outside), N = 2000,
 * about 10 entries per row, 20 repetitions. The transposed read is a
 * second assembly of A in the loops' order (A_1); SPEC §4: hoisted out of
 * the timing loop with the first. Prints the time of the timing loop
 * (clock_gettime, CLOCK_MONOTONIC) on stderr and the result on stdout. */
#include <stdio.h>
#include <time.h>
#define N 2000
#define REPS 20

static double A[N][N];
static double x[N], y[N];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    A[i][i] = 4.0;
    for (int k = 0; k < 9; k++) {
      s = s * 1103515245u + 12345u;
      A[i][(s >> 8) % N] += 0.01 * (1 + (s >> 20) % 7);
    }
    x[i] = 1.0 / (1 + i % 13);
  }
  double t0 = now();
  for (int r = 0; r < REPS; r++) {
#pragma sparse encoding(A : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += (A[i][j] + A[j][i]) * x[j];
  }
  double t1 = now();
  fprintf(stderr, "%.6f\n", t1 - t0);
  for (int i = 0; i < N; i += 400) printf("%.17g\n", y[i]);
  return 0;
}
