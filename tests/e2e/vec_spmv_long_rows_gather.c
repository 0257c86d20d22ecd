// SpMV over long rows through every backend: rows of 27 to 50 entries
// (every vector step count and every masked last chunk of 8 lanes above
// avx512's row threshold of 24, a mean of 37.2 to 37.5 stored entries
// above its kernel threshold of 36; avx512 gathers each full step with one
// hardware gather, its 32-bit coordinates widened to 64-bit indices, and
// its masked last chunk by scalar loads), with 64-bit coordinates (A, and
// L of long values) and 32-bit ones (B). Every row's last entry is in x's last column and
// x[0] is large: a lane of the masked chunk read or summed past the
// row's end would show in the sums.
// Values are multiples of 1/16 and x of 1/4: every association prints the
// same.
// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 3
// EXPECT-VECTOR-REPORT: gathers (64-bit coordinates), reduction into y[i] (sum)
// EXPECT-VECTOR-REPORT: gathers (32-bit coordinates), reduction into z[i] (sum)
// EXPECT-VECTOR-REPORT: 64-bit int, vl
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += B[i][j] * x[j];
// EXPECT-ABSENT: w[i] += L[i][j] * lx[j];
#include <stdio.h>

#define N 96
#define M 101

static double A[N][M], B[N][M], x[M], y[N], z[N];
static long L[N][M], lx[M], w[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    int len = 27 + (i * 5) % 24; /* 27 to 50 entries, the last at M - 1 */
    for (int c = 0; c < len; c++) {
      int j = M - 1 - (c * 2 + i % 2);
      A[i][j] = (double)((i * 3 + c * 11) % 31 - 15) / 16.0;
      B[i][j] = (double)((i * 7 + c * 5) % 29 - 14) / 16.0;
      L[i][j] = (long)((i * 13 + c * 3) % 37) - 18;
    }
  }
  for (int j = 0; j < M; j++) {
    x[j] = (double)(j % 9 - 4) / 4.0;
    lx[j] = (long)(j % 11) - 5;
  }
  x[0] = 1048576.0;
  lx[0] = 1000003L;

#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed))
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }

#pragma sparse encoding(B : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    z[i] = 0.0;
    for (int j = 0; j < M; j++)
      z[i] += B[i][j] * x[j];
  }

#pragma sparse encoding(L : (i, j) -> (i : dense, j : compressed))
  for (int i = 0; i < N; i++) {
    w[i] = 0;
    for (int j = 0; j < M; j++)
      w[i] += L[i][j] * lx[j];
  }

  double sy = 0.0, sz = 0.0;
  long sw = 0;
  for (int i = 0; i < N; i++) {
    sy += y[i] * (double)(i % 5 + 1);
    sz += z[i] * (double)(i % 3 + 1);
    sw += w[i] * (long)(i % 7 + 1);
  }
  printf("%.6f %.6f %.6f %.6f %ld %ld\n", sy, sz, y[0], z[N - 1], sw, w[N / 2]);
  return 0;
}
