// EXPECT-SPARSIFIED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= i; j++) t += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - BW); j <= MIN(N - 1, i + BW); j++) u += P[i][j] * x[j];
// EXPECT-REPORT: the walk of A clamped to the band [max(i - bw, 0), min(i + bw + 1, 37)): a short row inside it taken whole, other rows' first coordinate tested, then searched
// EXPECT-REPORT: the walk of A clamped to the band [max(i - bw, 0), i + 1)
// EXPECT-REPORT: the walk of P clamped to the band [max(i - 2, 0), min(i + 3, 37))
// A banded matrix through MAX/MIN macros, the way banded legacy codes
// write it: filled in the band (element writes: buffered inserts), then a
// band SpMV and a lower triangular band product, for bands of width 0, 2
// and wider than the matrix, with empty rows; and a dense array sparsified
// by a pragma on its band product (assembled at the nest's entry).
#include <stdio.h>
#define N 37
#define BW 2
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double P[N][N];

static void run(int bw, const double *x) {
  double y[N], w[N];
  for (int i = 0; i < N; i++) {
    if (i % 7 == 5) continue; /* an empty row */
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++)
      A[i][j] = 1.0 + i - 0.5 * j;
  }
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
  double cs = 0;
  for (int i = 0; i < N; i++) cs += (i + 1) * y[i] - w[i];
  printf("bw %d: y[0] %.6f y[%d] %.6f w[%d] %.6f sum %.6f\n", bw, y[0], N / 2,
         y[N / 2], N - 1, w[N - 1], cs);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = 0;
}

int main(void) {
  double x[N], z[N];
  for (int i = 0; i < N; i++) x[i] = 0.25 * i - 3.0;
  run(0, x);
  run(BW, x);
  run(N + 5, x);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) P[i][j] = (i - j) * (i - j) <= BW * BW ? 2.0 * i - j : 0.0;
  P[3][30] = 100.0; /* outside the band: never read */
#pragma sparse encoding(P : CSR)
  for (int i = 0; i < N; i++) {
    double u = 0;
    for (int j = MAX(0, i - BW); j <= MIN(N - 1, i + BW); j++) u += P[i][j] * x[j];
    z[i] = u;
  }
  for (int i = 0; i < N; i += 6) printf("z[%d] = %.6f\n", i, z[i]);
  return 0;
}
