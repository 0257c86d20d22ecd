// The scalar output's CSR row loop reads the positions once per row: each
// row begins where the one before it ended (docs/lowering.md, "Row begin
// carried"). Rows of 0 to 9 entries and 13 (longer than the 4-entry step),
// an empty matrix, sums whose value depends on their order (1e16 + 1 -
// 1e16), 64-, 32- and 16-bit positions, a row loop that starts at 3, one
// that runs no row, one inside another loop (its begin taken again on each
// pass), one whose variable is declared before the loop, one whose sum
// takes only the odd rows (the walk runs in every row, its terms selected),
// and one that walks its row twice, which the carry must not take. The
// kernels are not vectorized (a SIMD backend's sums are reassociated), so
// every backend's output is this scalar walk.
// EXPECT-SPARSIFIED: 7
// EXPECT-ABSENT: s += A[i][j] * x[j]
// EXPECT-ABSENT: s += W[i][j] * x[j]
// EXPECT-ABSENT: s += H[i][j] * x[j]
// EXPECT-REPORT: loop i: the positions of A read once per row (each row begins where the one before it ended)
// EXPECT-REPORT: loop i: the positions of W read once per row
// EXPECT-REPORT: loop i: the positions of H read once per row
// EXPECT-REPORT: loop i: the positions of E read once per row
// EXPECT-REPORT: loop r: the positions of A read once per row
// EXPECT-REPORT: loop i: the positions of G read once per row
// EXPECT-NOT-REPORT: the positions of T read once per row
// OUT-CFLAGS: -O3
#include <stdio.h>

#define N 14
#define M 16

static double A[N][M], W[N][M], H[N][M], E[N][M], G[N][M], T[N][M];

/* Row r holds len[r] entries; the terms of a row alternate in magnitude
 * so that adding them in another order changes the sum. */
static const int len[N] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 0, 5, 1};

static double value(int r, int k) {
  switch (k % 4) {
  case 0: return 1e16 + r;
  case 1: return 1.0 + 0.25 * k;
  case 2: return -1e16;
  default: return 3.0 - 0.5 * r;
  }
}

static void fill(double X[N][M], int shift) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) X[i][j] = 0.0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < len[i]; k++)
      X[i][(k * 5 + i + shift) % M] = value(i, k);
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

static void csr32_from(const double *x, double *y, int lo) {
#pragma sparse encoding(W : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
#pragma sparse novectorize
  for (int i = lo; i < N; i++) {
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

/* E stores nothing; i is declared before the loop and read after it. */
static int empty(const double *x, double *y, int n) {
  int i;
#pragma sparse encoding(E : CSR)
#pragma sparse novectorize
  for (i = 0; i < n; i++) {
    y[i] = 1.0;
    for (int j = 0; j < M; j++)
      y[i] += E[i][j] * x[j];
  }
  return i;
}

/* The rows walked on every pass of r: each pass starts from row 0 again. */
static void passes(const double *x, double *y) {
#pragma sparse encoding(A : CSR)
#pragma sparse novectorize
  for (int p = 0; p < 3; p++)
    for (int r = 0; r < N; r++) {
      double s = 0.25 * p;
      for (int j = 0; j < M; j++)
        s += A[r][j] * x[j];
      y[r] += s;
    }
}

/* Only the odd rows add up: the rewrite walks every row and selects the
 * terms, so the walk still runs in every row. */
static void odd_rows(const double *x, double *y) {
#pragma sparse encoding(G : CSR)
#pragma sparse novectorize
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    if (i % 2)
      for (int j = 0; j < M; j++)
        s += G[i][j] * x[j];
    y[i] = s;
  }
}

/* Each row walked twice (two loops of the row): no carry. */
static void twice(const double *x, double *y) {
#pragma sparse encoding(T : CSR)
#pragma sparse novectorize
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += T[i][j] * x[j];
    for (int j = 0; j < M; j++)
      s -= T[i][j] * x[j] * 0.5;
    y[i] = s;
  }
}

int main(void) {
  double x[M], y[N], z[N];
  fill(A, 0);
  fill(W, 3);
  fill(H, 7);
  fill(G, 1);
  fill(T, 2);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) E[i][j] = 0.0;
  for (int j = 0; j < M; j++) x[j] = 1.0 + 0.5 * (j % 5) - (j == 7 ? 4.0 : 0.0);

  csr64(x, y);
  for (int i = 0; i < N; i++) printf("csr64 %d %.17g\n", i, y[i]);
  for (int i = 0; i < N; i++) y[i] = -1.0;
  csr32_from(x, y, 3);
  for (int i = 0; i < N; i++) printf("csr32 from 3: %d %.17g\n", i, y[i]);
  for (int i = 0; i < N; i++) y[i] = -2.0;
  csr32_from(x, y, N);
  for (int i = 0; i < N; i++) printf("csr32 no row: %d %.17g\n", i, y[i]);
  csr16(x, y);
  for (int i = 0; i < N; i++) printf("csr16 %d %.17g\n", i, y[i]);
  printf("empty: i = %d\n", empty(x, y, N));
  for (int i = 0; i < N; i++) printf("empty %d %.17g\n", i, y[i]);
  for (int i = 0; i < N; i++) z[i] = 0.0;
  passes(x, z);
  for (int i = 0; i < N; i++) printf("passes %d %.17g\n", i, z[i]);
  odd_rows(x, y);
  for (int i = 0; i < N; i++) printf("odd %d %.17g\n", i, y[i]);
  twice(x, y);
  for (int i = 0; i < N; i++) printf("twice %d %.17g\n", i, y[i]);
  return 0;
}
