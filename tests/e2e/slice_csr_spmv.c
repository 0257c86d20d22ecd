// Slice views of a CSR matrix (SPEC §3 slices, MLIR semantics): the whole
// array is assembled, the kernels read the view A[2 + i][1 + j] of
// slice(2, 9, 1), slice(1, 12, 1): SpMV and a row sum walk the stored
// entries of rows 2..10, columns 1..12 only, the columns outside the view
// (0, 13..) skipped by the coordinate filter.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] += A[2 + i][1 + j] * x[j];
// EXPECT-ABSENT: s[i] += A[i + 2][j + 1];
// EXPECT-REPORT: A: walked as a slice view: A[i + 2][j + 1] of slice(2, 9, 1), slice(1, 12, 1)
// EXPECT-REPORT: loop j: positions of A
// EXPECT-NOT-REPORT: not sparsified
#include <stdio.h>

static unsigned long long lcg_state = 4242;
/* deterministic pseudo-random values in [-5, 5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 17
#define M 15

static double A[N][M];

int main(void) {
  double x[M], y[9], s[9];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = lcg() > 2.0 ? lcg() : 0.0;
  for (int j = 0; j < M; j++) A[5][j] = 0.0;   /* an empty row in the view */
  for (int i = 0; i < N; i++) A[i][0] = 7.0;   /* a column left of the view */
  for (int i = 0; i < N; i++) A[i][14] = -3.0; /* a column right of it */
  for (int j = 0; j < M; j++) x[j] = lcg();

#pragma sparse encoding(A : (i : slice(2, 9, 1), j : slice(1, 12, 1)) -> (i : dense, j : compressed))
  for (int i = 0; i < 9; i++) {
    y[i] = 0.0;
    for (int j = 0; j < 12; j++)
      y[i] += A[2 + i][1 + j] * x[j];
  }

#pragma sparse encoding(A : (i : slice(2, 9, 1), j : slice(1, 12, 1)) -> (i : dense, j : compressed))
  for (int i = 0; i < 9; i++) {
    s[i] = 0.0;
    for (int j = 0; j < 12; j++)
      s[i] += A[i + 2][j + 1];
  }

  for (int i = 0; i < 9; i++) printf("%.12g %.12g\n", y[i], s[i]);
  return 0;
}
