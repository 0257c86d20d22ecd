/* union_dense.c — a sum of a sparse matrix and a dense vector (a union
 * with a dense side), `y[i] += A[i][j] + x[j]`, over an N x N matrix with
 * NNZ_ROW random entries per row. Built three ways by union_dense_run.sh:
 *   dense    the file as it is (the pragma ignored): the dense array;
 *   merged   STORED: A stored sparse (CSR), the dense loop over j walks
 *            each row with a merge cursor;
 *   lookups  STORED and LOOKUPS: A read as A[i][id[j]] (id[j] == j), a
 *            subscript that is not affine, so every read is an element
 *            lookup (a search in the row), as a union with a dense side
 *            over an array stored sparse was read before merge cursors.
 * Prints a checksum on stdout and the CPU time of one pass (the median of
 * REPS passes, in ms) on stderr. */
#include <stdio.h>
#include <time.h>

#ifndef N
#define N 3000
#endif
#ifndef NNZ_ROW
#define NNZ_ROW 30
#endif
#ifndef REPS
#define REPS 9
#endif

#ifdef STORED
#pragma sparse encoding(A : CSR)
#endif
static double A[N][N];
static double x[N], y[N];
#ifdef LOOKUPS
static int id[N];
#endif

static double cpu_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(void) {
  unsigned long long st = 1;
  for (int i = 0; i < N; i++)
    for (int e = 0; e < NNZ_ROW; e++) {
      st = st * 6364136223846793005ULL + 1442695040888963407ULL;
      int c = (int)((st >> 33) % N);
      A[i][c] = (double)((st >> 20) % 100) / 8.0 + 0.125;
    }
  for (int j = 0; j < N; j++) x[j] = j * 0.25 - 1;
#ifdef LOOKUPS
  for (int j = 0; j < N; j++) id[j] = j;
#endif
  double ms[REPS];
  for (int r = 0; r < REPS; r++) {
    double t0 = cpu_ms();
#ifdef LOOKUPS
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += A[i][id[j]] + x[j];
#else
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += A[i][j] + x[j];
#endif
    ms[r] = cpu_ms() - t0;
  }
  for (int a = 1; a < REPS; a++)
    for (int b = a; b > 0 && ms[b - 1] > ms[b]; b--) {
      double t = ms[b]; ms[b] = ms[b - 1]; ms[b - 1] = t;
    }
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i];
  printf("%.6e\n", s);
  fprintf(stderr, "%.3f\n", ms[REPS / 2]);
  return 0;
}
