/* empty_rows.c — SpMV over a hypersparse CSR matrix whose empty rows come
 * in runs of T (-DT=...): T empty rows first, one row of two entries, T
 * empty rows, one row of one entry, T + 1 empty rows last. With a
 * fixed-lane backend the kernels run the scalar output's loops (short
 * rows), which skip runs of empty rows 16 at a time
 * (src/lower/empty_rows.c): run lengths around 16, with an
 * `=` output (every row gets its sum, 0.0 when empty), a `+=` output
 * (empty rows keep their value) and a loop over all rows but the first
 * and the last. Compiled as it is, this is the reference for
 * tests/vector/run_trips.sh. */
#include <stdio.h>

#ifndef T
#define T 5
#endif
#define N (3 * T + 3)
#define M 7

static double A[N][M], x[M], y[N], z[N], w[N];

int main(void) {
  A[T][1] = 0.75;
  A[T][4] = -1.5;
  A[2 * T + 1][6] = 2.25;
  for (int j = 0; j < M; j++) x[j] = (double)(j - 3) / 4.0;
  for (int i = 0; i < N; i++) {
    y[i] = -1.0;
    z[i] = (double)(i % 4) / 2.0;
    w[i] = 0.25;
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += A[i][j] * x[j];

#pragma sparse encoding(A : CSR)
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j < M; j++)
      w[i] += A[i][j] * x[j];

  for (int i = 0; i < N; i++) printf("%d %.17g %.17g %.17g\n", i, y[i], z[i], w[i]);
  return 0;
}
