/* legacy_spmv_1m.c — memory benchmark of a declaration-level sparse array:
 * a 1,000,000 x 1,000,000 global matrix (8 TB dense, never allocated once
 * sparsecc stores it sparse) filled by 5 million element writes in a loop,
 * then SpMV. Only the sparsecc output is meant to run; legacy_run.sh
 * measures its peak RSS. Prints the checksum of y. */
#include <stdio.h>

#define N 1000000
#define NNZ 5000000

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N];

static unsigned long long state = 12345;
static long next(long n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (long)((state >> 33) % (unsigned long long)n);
}

int main(void) {
  for (long k = 0; k < NNZ; k++) {
    long i = next(N), j = next(N);
    A[i][j] = 1.0 + (double)(k % 7);
  }
  for (int j = 0; j < N; j++) x[j] = 1.0 / (1 + j % 10);
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i];
  printf("checksum %.10e\n", s);
  return 0;
}
