// EXPECT-SPARSIFIED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (int i = imax(0, j - bw); i < imin(N, j + bw + 1); i++) z[j] += C[i][j] * x[i];
// EXPECT-ABSENT: for (int j = imax(0, i - bw); j < imin(N, i + bw + 1); j++) s += C[i][j] * x[j];
// EXPECT-ABSENT: for (int j = imax(0, i - bw); j <= i; j++) t += Q[i][j] * x[j];
// EXPECT-REPORT: the walk of C clamped to the band [max(j - bw, 0), min(j + bw + 1, 31))
// EXPECT-REPORT: the walk of Q clamped to the band [max(i - bw, 0), i + 1)
// Band bounds through small functions of the file (`static inline int
// imax`), on a CSC matrix read by columns (its own order) and by rows (the
// transposed read, converted once), and a lower triangular band of a COO
// matrix. Widths 0, 2 and wider than the matrix, with empty rows.
#include <stdio.h>
#define N 31

static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int imin(int a, int b) { return a < b ? a : b; }

#pragma sparse encoding(C : CSC)
static double C[N][N];
#pragma sparse encoding(Q : COO)
static double Q[N][N];

static void run(int bw, const double *x) {
  double z[N], y[N], w[N];
  for (int i = 0; i < N; i++) {
    z[i] = 0;
    if (i % 6 == 1) continue;
    for (int j = imax(0, i - bw); j < imin(N, i + bw + 1); j++) {
      C[i][j] = 0.5 * i + j - 4.0;
      Q[i][j] = (i + j) % 3 ? 1.5 * i - j : 0.0;
    }
  }
  for (int j = 0; j < N; j++)
    for (int i = imax(0, j - bw); i < imin(N, j + bw + 1); i++) z[j] += C[i][j] * x[i];
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = imax(0, i - bw); j < imin(N, i + bw + 1); j++) s += C[i][j] * x[j];
    y[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double t = 0;
    for (int j = imax(0, i - bw); j <= i; j++) t += Q[i][j] * x[j];
    w[i] = t;
  }
  double cs = 0;
  for (int i = 0; i < N; i++) cs += (i + 1) * z[i] - y[i] + 0.5 * w[i];
  printf("bw %d: z[2] %.6f y[%d] %.6f w[%d] %.6f sum %.6f\n", bw, z[2], N / 2,
         y[N / 2], N - 1, w[N - 1], cs);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0;
      Q[i][j] = 0;
    }
}

int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 1.0 + 0.125 * i;
  run(0, x);
  run(2, x);
  run(N + 3, x);
  return 0;
}
