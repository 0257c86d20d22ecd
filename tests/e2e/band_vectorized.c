// Band walks under a SIMD backend: the walk of a CSR row clamped to the
// band by binary search (`j = MAX(0, i - bw)` to `MIN(N - 1, i + bw)`) is
// a range of positions with no bound left to test, so the vectorizer takes
// it as any row (docs/lowering.md, "Band bounds"). The matrix stores
// entries well outside the band (|i - j| up to 21, and a far corner), so
// a walk that left the clamped range would add them; bands of 2, 7, 11
// and 13 put the rows below and above the short-row thresholds (16
// entries, 24 on avx512) and every masked chunk length; empty rows; a
// lower band (j from MAX(0, i - bw) to i) and a float band.
// Values are multiples of 1/16 and x small halves: every association of
// a row's sum prints the same.
// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= i; j++) t += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) u += F[i][j] * xf[j];
// EXPECT-REPORT: the walk of A clamped to the band [max(i - bw, 0), min(i + bw + 1, 70))
// EXPECT-REPORT: the walk of A clamped to the band [max(i - bw, 0), i + 1)
// EXPECT-REPORT: the walk of F clamped to the band [max(i - bw, 0), min(i + bw + 1, 70))
// EXPECT-NOT-REPORT: the loop bounds of j are checked on every entry
// EXPECT-VECTOR-REPORT: reduction into s (sum)
// EXPECT-VECTOR-REPORT: reduction into t (sum)
// EXPECT-VECTOR-REPORT: , float, vl
// OUT-CFLAGS: -O2
#include <stdio.h>
#define N 70
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(F : CSR)
static float F[N][N];

static double x[N];
static float xf[N];

static void run(int bw) {
  double y[N], w[N];
  float v[N];
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += A[i][j] * x[j];
    y[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double t = 0;
    for (int j = MAX(0, i - bw); j <= i; j++) t += A[i][j] * x[j];
    w[i] = t;
  }
  for (int i = 0; i < N; i++) {
    float u = 0;
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) u += F[i][j] * xf[j];
    v[i] = u;
  }
  double cs = 0;
  for (int i = 0; i < N; i++) cs += (i % 5 + 1) * y[i] - w[i] + v[i];
  printf("bw %d: sum %.6f\n", bw, cs);
  for (int i = 0; i < N; i += 9)
    printf("  %d: %.6f %.6f %.6f\n", i, y[i], w[i], (double)v[i]);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    if (i % 11 == 4) continue; /* an empty row */
    for (int j = MAX(0, i - 21); j <= MIN(N - 1, i + 21); j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 31 - 15) / 16.0;
      F[i][j] = (float)((i * 5 + j * 11) % 29 - 14) / 16.0f;
    }
  }
  A[0][N - 1] = 1000.0; /* far outside every band */
  A[N - 1][0] = -1000.0;
  for (int j = 0; j < N; j++) {
    x[j] = (double)(j % 7 - 3) / 2.0;
    xf[j] = (float)(j % 5 - 2) / 2.0f;
  }
  run(2);
  run(7);
  run(11);
  run(13);
  return 0;
}
