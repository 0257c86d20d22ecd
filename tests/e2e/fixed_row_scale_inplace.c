// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: for (int j = 0; j < N; j++) A[r][j] = f * A[r][j];
// EXPECT-ABSENT: for (int i = 0; i < N; i++) A[i][c] *= f;
// EXPECT-ABSENT: for (int j = 0; j < N; j++) D[r][j] /= 4;
// EXPECT-ABSENT: for (int j = 0; j < N; j++) K[r][j] = K[r][j] * w[j];
// EXPECT-REPORT: A: A[r][j] reads a fixed row: dimension 0 at 'r'
// Scaling one row or one column of a matrix stored sparse in place, as a
// user's helper functions do (`A[r][j] = f * A[r][j]`, `A[i][c] *= f`,
// `/=` by a constant, a product with a dense vector), called for several
// rows, a row without entries and a negative factor: the row is located
// once and its stored values are scaled where they are (a column of CSR
// is searched in each row), nothing is inserted. Skipped entries stay
// +0.0 where the dense program stores -0.0 (a negative factor).
#include <stdio.h>
#define N 11
#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(D : DCSR)
static float D[N][N];
#pragma sparse encoding(K : COO)
static long K[N][N];
static long w[N];

static void scale_row(int r, double f) {
  for (int j = 0; j < N; j++) A[r][j] = f * A[r][j];
}
static void scale_col(int c, double f) {
  for (int i = 0; i < N; i++) A[i][c] *= f;
}
static void quarter_row(int r) {
  for (int j = 0; j < N; j++) D[r][j] /= 4;
}
static void weigh_row(int r) {
  for (int j = 0; j < N; j++) K[r][j] = K[r][j] * w[j];
}

int main(void) {
  for (int i = 0; i < N; i++) {
    w[i] = i % 3 - 1;
    if (i == 5) continue; /* an empty row */
    A[i][(3 * i + 1) % N] = 1.5 + i;
    A[i][(i * i) % N] = -2.0;
    D[i][(2 * i) % N] = 8.0f * (float)i;
    K[i][(i + 4) % N] = 3 * i + 1;
    K[i][(7 * i) % N] += 2;
  }
  for (int r = 0; r < N; r += 2) scale_row(r, 0.5 + r);
  scale_row(5, 3.0);
  scale_col(4, 2.0);
  scale_col(1, 0.25);
  for (int r = 1; r < N; r += 3) quarter_row(r);
  weigh_row(2);
  weigh_row(5);
  weigh_row(7);
  double sa = 0, sd = 0;
  long sk = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sa += A[i][j] * (1 + i + 2 * j);
      sd += D[i][j] * (1 + j);
      sk += K[i][j] * (1 + i);
    }
  printf("%.17g %.9g %ld\n", sa, sd, sk);
  return 0;
}
