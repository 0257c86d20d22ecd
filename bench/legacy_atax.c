/* legacy_atax.c — PolyBench's atax (y = A^T (A x)) at N = 8000 as legacy C:
 * a static N x N array, zero-initialized, filled with 0.1% non-zeros by
 * element writes, the kernel as PolyBench writes it. legacy_run.sh times
 * the whole program (dense original vs sparsecc output). */
#include <stdio.h>

#define N 8000
#define _PB_N N
#define DATA_TYPE double

#pragma sparse encoding(A : CSR)
static DATA_TYPE A[N][N];
static DATA_TYPE x[N], y[N], tmp[N];

static unsigned long long state = 7;
static int next(int n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((state >> 33) % (unsigned long long)n);
}

static void kernel_atax(int n) {
  int i, j;
  for (i = 0; i < _PB_N; i++) y[i] = 0;
  for (i = 0; i < _PB_N; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < _PB_N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < _PB_N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
  (void)n;
}

int main(void) {
  long nnz = (long)N * N / 1000; /* 0.1% */
  for (long k = 0; k < nnz; k++) A[next(N)][next(N)] = 1.0 + (double)(k % 5) / 5;
  for (int i = 0; i < N; i++) x[i] = 1 + (i / (DATA_TYPE)N);
  kernel_atax(N);
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i];
  printf("checksum %.10e\n", s);
  return 0;
}
