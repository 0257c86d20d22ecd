// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: static double rowsum(double A[N][N], int i);
// EXPECT-ABSENT: static double dot_rows(const double A[N][N], const double B[N][N], int i);
// EXPECT-ABSENT: s += A[i][j];
// EXPECT-REPORT: new prototype static double sc__rowsum_s(sc_tensor *A, int i)
// EXPECT-STDERR-EMPTY
// SPEC §4 case 2 with the prototypes legacy files put at their top: a
// static function declared before main and defined, with its pragma, after
// it. Every call passes arrays stored sparse (rowsum) or a stored array
// beside a dense one (dot_rows, whose wrapper assembles B), so the dense entry is
// not emitted; the static prototype would then declare a function never
// defined (-Wunused-function under -Wall), and the tensor version's
// prototype takes its place. half_sum is also called with a dense array:
// it keeps its prototype beside the new one.
#include <stdio.h>
#define N 24

static double rowsum(double A[N][N], int i);
static double dot_rows(const double A[N][N], const double B[N][N], int i);
static double half_sum(double A[N][N], int n);

int main(void) {
#pragma sparse encoding(M : CSR)
  static double M[N][N];
  static double D[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      M[i][j] = ((i * j + 3 * i) % 7 == 1) ? i + 0.25 * j : 0.0;
      D[i][j] = (i - j) * 0.5 + 1.0;
    }
  for (int i = 0; i < N; i++)
    printf("%d %.12g %.12g\n", i, rowsum(M, i), dot_rows(M, D, i));
  printf("%.12g %.12g\n", half_sum(M, N / 2), half_sum(D, N / 3));
  return 0;
}

#pragma sparse encoding(A : CSR)
static double rowsum(double A[N][N], int i) {
  double s = 0;
  for (int j = 0; j < N; j++)
    s += A[i][j];
  return s;
}

#pragma sparse encoding(A : CSR, B : CSR)
static double dot_rows(const double A[N][N], const double B[N][N], int i) {
  double s = 0;
  for (int j = 0; j < N; j++)
    s += A[i][j] * B[i][j];
  return s;
}

#pragma sparse encoding(A : CSR)
static double half_sum(double A[N][N], int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (j + 1);
  return s;
}
