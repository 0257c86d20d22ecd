/* diag_extract.c — Jacobi's diagonal extraction, `r[i] = A[i][i]`, from a
 * matrix stored sparse (CSR, SPEC §4 case 1): a banded N x N matrix with
 * half-bandwidth B (2B+1 entries per row, the diagonal among them), filled
 * by element writes, then the diagonal read DIAG_REPS times per sample.
 * Only the sparsecc output is meant to run (the dense block would take
 * N*N doubles); diag_run.sh builds it with two sparsecc binaries and runs
 * them alternately. Prints the median time per extraction (CPU time of
 * the thread with BENCH_CLOCK=cpu) and a checksum of r. */
#include "bench_common.h"

#ifndef N
#define N 200000
#endif
#ifndef B
#define B 8
#endif
#define DIAG_REPS 20
#define SAMPLES 15

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double r[N];

int main(void) {
  uint64_t seed = 7;
  for (long i = 0; i < N; i++)
    for (long j = i - B; j <= i + B; j++)
      if (j >= 0 && j < N) A[i][j] = bench_rand_value(&seed);
  double t[SAMPLES];
  for (int s = 0; s < SAMPLES; s++) {
    double t0 = bench_now();
    for (int rep = 0; rep < DIAG_REPS; rep++)
      for (int i = 0; i < N; i++)
        r[i] = A[i][i];
    t[s] = (bench_now() - t0) / DIAG_REPS;
  }
  double sum = 0;
  for (int i = 0; i < N; i++) sum += r[i];
  printf("RESULT bench=diag_extract n=%d b=%d median_s=%.6e checksum=%.10e\n",
         N, B, bench_median(t, SAMPLES), sum);
  return 0;
}
