/* iteration_writes.c — a power iteration whose annotated loop shifts the
 * matrix's diagonal at every step (SPEC §4.3, "annotate the outermost loop
 * that repeats the work to pay once"): N = 2000, about 10 entries per row,
 * 40 iterations. Prints the time of the iteration loop (clock_gettime,
 * CLOCK_MONOTONIC) on stderr and the result on stdout. */
#include <stdio.h>
#include <time.h>
#define N 2000
#define ITERS 40

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
    x[i] = 1.0;
  }
  double t0 = now();
#pragma sparse encoding(A : CSR)
  for (int it = 0; it < ITERS; it++) {
    for (int i = 0; i < N; i++) {
      double acc = 0;
      for (int j = 0; j < N; j++)
        acc += A[i][j] * x[j];
      y[i] = acc;
    }
    double nrm = 0;
    for (int i = 0; i < N; i++) nrm += y[i] * y[i];
    for (int i = 0; i < N; i++) x[i] = y[i] / nrm;
    for (int i = 0; i < N; i++)
      A[i][i] *= 1.001;
  }
  double t1 = now();
  fprintf(stderr, "%.6f\n", t1 - t0);
  for (int i = 0; i < N; i += 400) printf("%.17g\n", x[i]);
  return 0;
}
