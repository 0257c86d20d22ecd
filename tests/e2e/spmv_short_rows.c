// The scalar output's CSR row loop with coordinates narrower than 64 bits
// is emitted in a further copy for rows that hold fewer than 4 entries on
// average, which walks one entry a step (docs/lowering.md, "Short rows:
// one entry a step"). The same kernels run on a matrix of short rows (3.6
// entries on average, with rows of 0, 9 and 13 entries among them) and on
// one of longer rows (6.2 on average), so both copies run; sums whose value
// depends on their order (1e16 + 1 - 1e16) show any reordering. 32- and
// 16-bit coordinates take the copy; 64-bit coordinates do not (gcc turns
// that loop into a gather reduction). The kernels are not vectorized, so
// every backend's output is this scalar walk.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: s += W[i][j] * x[j]
// EXPECT-ABSENT: s += H[i][j] * x[j]
// EXPECT-ABSENT: s += A[i][j] * x[j]
// EXPECT-REPORT: loop j: the rows of W walked one entry a step when they hold fewer than 4 entries on average
// EXPECT-REPORT: loop j: the rows of H walked one entry a step
// EXPECT-NOT-REPORT: the rows of A walked one entry a step
// OUT-CFLAGS: -O3
#include <stdio.h>

#define N 40
#define M 16

static double A[N][M], W[N][M], H[N][M];

/* Row lengths, a pattern of 10 rows: short (36 entries in 10 rows) and
 * long (62 in 10). */
static const int short_len[10] = {2, 1, 3, 0, 2, 2, 9, 1, 3, 13};
static const int long_len[10] = {5, 6, 4, 7, 0, 9, 13, 4, 8, 6};

static double value(int r, int k) {
  switch (k % 4) {
  case 0: return 1e16 + r;
  case 1: return 1.0 + 0.25 * k;
  case 2: return -1e16;
  default: return 3.0 - 0.5 * r;
  }
}

static void fill(double X[N][M], const int *len, int shift) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) X[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < len[i % 10]; k++)
      X[i][(k * 5 + i + shift) % M] = value(i, k);
}

static void csr32(const double *x, double *y) {
#pragma sparse encoding(W : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
#pragma sparse novectorize
  for (int i = 0; i < N; i++) {
    double s = 0.5;
    for (int j = 0; j < M; j++)
      s += W[i][j] * x[j];
    y[i] = s;
  }
}

static void csr16(const double *x, double *y) {
#pragma sparse encoding(H : (i, j) -> (i : dense, j : compressed), posWidth = 16, crdWidth = 16)
#pragma sparse novectorize
  for (long i = 0; i < N; i++) {
    double s = 0.0;
    for (long j = 0; j < M; j++)
      s += H[i][j] * x[j];
    y[i] = s;
  }
}

static void csr64(const double *x, double *y) {
#pragma sparse encoding(A : CSR)
#pragma sparse novectorize
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  double x[M], y[N];
  for (int j = 0; j < M; j++) x[j] = 1.0 + 0.5 * (j % 5) - (j == 7 ? 4.0 : 0.0);
  for (int pass = 0; pass < 2; pass++) {
    const int *len = pass ? long_len : short_len;
    const char *name = pass ? "long" : "short";
    fill(W, len, 3);
    fill(H, len, 7);
    fill(A, len, 1);
    csr32(x, y);
    for (int i = 0; i < N; i++) printf("%s csr32 %d %.17g\n", name, i, y[i]);
    csr16(x, y);
    for (int i = 0; i < N; i++) printf("%s csr16 %d %.17g\n", name, i, y[i]);
    csr64(x, y);
    for (int i = 0; i < N; i++) printf("%s csr64 %d %.17g\n", name, i, y[i]);
  }
  return 0;
}
