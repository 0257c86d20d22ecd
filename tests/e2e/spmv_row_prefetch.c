// CSR SpMV rows prefetched ahead (docs/lowering.md, "Row prefetch"): the
// threshold is set to 1 byte so every row loop takes the prefetching path, on
// rows of 0, 1, 2, 3, 4, 5, 8 and 9 entries (9: longer than a line of
// values, so the next line is hinted too), an empty matrix, sums whose
// value depends on their order, 32- and 64-bit indices, DCSR, and an output
// that overlaps the vector it reads (y[i] written while later rows read it).
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: s += A[i][j] * x[j]
// EXPECT-ABSENT: y[i] += E[i][j] * x[j]
// EXPECT-ABSENT: s += B[i][j] * v[j]
// EXPECT-VECTOR-REPORT: loop j: the entries of A prefetched 8192 bytes ahead once per row
// EXPECT-SCALAR-REPORT: loop j: the entries of A prefetched 8192 bytes ahead once per row
// EXPECT-SCALAR-REPORT: loop j: the entries of D prefetched 8192 bytes ahead once per row
// EXPECT-SCALAR-REPORT: loop j: the entries of A prefetched 8192 bytes ahead once per row, the next cache line too in rows longer than one
// OUT-CFLAGS: -O3 -DSC_PREFETCH_MIN_BYTES=1
#include <stdio.h>

#define N 12
#define M 14

static double A[N][M], D[N][M], E[N][M];
static double B[N][N];

/* Row r holds len[r] entries; values chosen so the sum of a row differs
 * when its terms are added in another order (1e16 + 1 - 1e16). */
static const int len[N] = {0, 1, 2, 3, 4, 5, 8, 9, 0, 7, 6, 1};

static double value(int r, int k) {
  switch (k % 4) {
  case 0: return 1e16 + r;
  case 1: return 1.0 + 0.25 * k;
  case 2: return -1e16;
  default: return 3.0 - 0.5 * r;
  }
}

static void fill(double T[N][M], int shift) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) T[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < len[i]; k++) T[i][(k * 3 + i + shift) % M] = value(i, k);
}

static void spmv64(const double *x, double *y) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

static void spmv32_dcsr(const double *x, double *y, double *z) {
#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
#pragma sparse encoding(D : DCSR)
  for (int i = 0; i < N; i++) {
    double s = 0.5;
    for (int j = 0; j < M; j++)
      s += D[i][j] * x[j];
    z[i] = s;
  }
}

/* The empty matrix: no stored entry at all. */
static void spmv_empty(const double *x, double *y) {
#pragma sparse encoding(E : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 1.0;
    for (int j = 0; j < M; j++)
      y[i] += E[i][j] * x[j];
  }
}

/* v overlaps y: row i reads v[j] = y[j - 1], which row j - 1 wrote. */
static void spmv_overlap(const double *v, double *y) {
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++) {
    double s = 1.0;
    for (int j = 0; j < N; j++)
      s += B[i][j] * v[j];
    y[i] = s;
  }
}

int main(void) {
  double x[M], y[N], z[N], buf[N + 1];
  fill(A, 0);
  fill(D, 5);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) E[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = (j < i && (i + j) % 3 != 0) ? 0.5 + 0.125 * (i - j) : 0.0;
  for (int j = 0; j < M; j++) x[j] = 1.0 + 0.5 * (j % 5) - (j == 7 ? 4.0 : 0.0);

  spmv64(x, y);
  for (int i = 0; i < N; i++) printf("csr64 %d %.17g\n", i, y[i]);
  spmv32_dcsr(x, y, z);
  for (int i = 0; i < N; i++) printf("csr32 %d %.17g dcsr %.17g\n", i, y[i], z[i]);
  spmv_empty(x, y);
  for (int i = 0; i < N; i++) printf("empty %d %.17g\n", i, y[i]);
  for (int i = 0; i <= N; i++) buf[i] = 0.25 * i;
  spmv_overlap(buf, buf + 1);
  for (int i = 0; i <= N; i++) printf("overlap %d %.17g\n", i, buf[i]);
  return 0;
}
