// SpMV over hypersparse matrices (fewer stored entries than rows): with a
// fixed-lane backend the kernel runs the scalar output's loops (short
// rows), and there the row loop skips runs of empty rows 16 at a time,
// running each skipped row's statements without its walk.
// Rows empty at the start and at the end, and runs of empty rows of every
// length from 1 to 35 (around 16 and 32) between rows
// of 1 to 3 entries. Outputs: `=` (y, through a local sum: every empty
// row gets its 0.0), `+=` (z, preset: empty rows keep their value), a loop
// variable declared before the loop (its value after the loop printed),
// a loop over rows 3 to N - 3, and float CSR32.
// Values are multiples of 1/16 and x of 1/4: every association prints the
// same.
// EXPECT-SPARSIFIED: 4
// EXPECT-VECTOR-REPORT: loop i: short rows: the scalar output's loops skip empty rows of A
// EXPECT-VECTOR-REPORT: loop i: short rows: the scalar output's loops skip empty rows of F
// EXPECT-NOT-REPORT: unaccounted
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += A[i][j] * x[j];
// EXPECT-ABSENT: yf[i] += F[i][j] * xf[j];
#include <stdio.h>

#define N 700
#define M 37

static double A[N][M], x[M], y[N], z[N], w[N];
static float F[N][M], xf[M], yf[N];

int main(void) {
  /* 20 empty rows, then runs of 1, 2, ..., 35 empty rows, each after
   * 1 or 2 rows of 1 to 3 entries; the rows after the last run empty */
  int i = 20, run = 1;
  while (run <= 35 && i + 2 + run <= N) {
    int full = 1 + run % 2;
    for (int r = 0; r < full; r++, i++) {
      int len = 1 + (i + r) % 3;
      for (int c = 0; c < len; c++) {
        A[i][(i + 5 * c) % M] = (double)((i * 3 + c * 11) % 31 - 15) / 16.0;
        F[i][(i + 7 * c) % M] = (float)((i * 5 + c * 7) % 29 - 14) / 16.0f;
      }
    }
    i += run++;
  }
  for (int j = 0; j < M; j++) {
    x[j] = (double)(j % 9 - 4) / 4.0;
    xf[j] = (float)(j % 7 - 3) / 4.0f;
  }
  for (int r = 0; r < N; r++) {
    y[r] = -1.0;
    z[r] = (double)(r % 5) / 2.0;
    w[r] = 0.5;
    yf[r] = -2.0f;
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }

#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += A[i][j] * x[j];
  printf("i after the loop %d\n", i);

#pragma sparse encoding(A : CSR)
  for (int i = 3; i < N - 2; i++) {
    w[i] = 1.0;
    for (int j = 0; j < M; j++)
      w[i] += A[i][j] * x[j];
  }

#pragma sparse encoding(F : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    yf[i] = 0.0f;
    for (int j = 0; j < M; j++)
      yf[i] += F[i][j] * xf[j];
  }

  double sum = 0.0;
  for (int r = 0; r < N; r++) {
    printf("%d %.10g %.10g %.10g %.10g\n", r, y[r], z[r], w[r], (double)yf[r]);
    sum += y[r] + z[r] + w[r] + yf[r];
  }
  printf("sum %.10g\n", sum);
  return 0;
}
