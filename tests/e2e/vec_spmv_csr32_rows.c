// CSR SpMV with 32-bit positions and coordinates through every backend,
// rows of every length from 0 to 49 entries: below the sums' threshold
// (16 entries on avx2 and generic, 24 on avx512) the short loop, above it
// the vector loop and its masked chunk, each row beginning where the one
// before it ended; the last 100 rows hold every column, so that the mean
// row length (MEAN stored entries) reaches the kernels' thresholds (16;
// 36 on avx512), below which the whole kernel runs the scalar output's
// nest. The x86 backends gather by scalar loads or (avx512)
// with 64-bit indices, which take any coordinate width: no test of the
// column extent against INT32_MAX
// in the rows (it ran in every row of avx512's CSR32 output before, the
// short rows included), and the report names no 32-bit indices.
// Values are multiples of 1/16 and x of 1/4: every association prints the
// same.
// EXPECT-SPARSIFIED: 1
// EXPECT-VECTORIZED: 1
// EXPECT-VECTOR-REPORT: gathers (32-bit coordinates), reduction into y[i] (sum)
// EXPECT-VECTOR-REPORT: loop i: the positions of A read once per row
// EXPECT-NOT-REPORT: 32-bit indices
// EXPECT-ABSENT: 2147483647
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
#include <stdio.h>

#define N 200
#define M 61

static double A[N][M], x[M], y[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    /* entries of row i: columns (i + 5 c) % M */
    int len = i < 100 ? (i * 7) % 50 : M;
    for (int c = 0; c < len; c++)
      A[i][(i + 5 * c) % M] = (double)((i * 3 + c * 11) % 31 - 15) / 16.0;
  }
  for (int j = 0; j < M; j++) x[j] = (double)(j % 9 - 4) / 4.0;

#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }

  double sum = 0.0;
  for (int i = 0; i < N; i++) {
    printf("%d %.10g\n", i, y[i]);
    sum += y[i];
  }
  printf("sum %.10g\n", sum);
  return 0;
}
