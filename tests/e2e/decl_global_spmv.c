// A global array declared with a pragma: its storage is a sparse tensor
// created on first use; a fill nest, element updates, a kernel reading the
// handle in place, sizeof and memset keep their dense meaning.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: static double A[N][N];
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: sc_tensor_from_dense
#include <stdio.h>
#include <string.h>
#define N 50

#pragma sparse encoding(A : CSR)
static double A[N][N];

static double x[N], y[N];

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((i * 7 + j * 3) % 11 == 0) ? (double)(i + j + 1) : 0.0;
}

int main(void) {
  fill();
  A[3][4] += 2.5;
  A[5][5] = 1.0;
  A[5][5] *= 3;
  for (int j = 0; j < N; j++) x[j] = j * 0.5 - 3;
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i];
  printf("%.6f %.3f %zu\n", s, A[5][5], sizeof A);
  memset(A, 0, sizeof A);
  printf("%.3f\n", A[3][4]);
  return 0;
}
