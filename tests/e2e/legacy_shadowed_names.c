// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: s += A[i][j] * B[j][i] + A[i][j];
// A sparse global and dense arrays of the same name elsewhere: a local of
// another function filled by a nest that assigns every element, a
// parameter, a block-local array; only the global becomes a tensor, each
// other array keeps its dense values. Also sizeof of the sparse array.
#include <stdio.h>
#define N 8
#pragma sparse encoding(A : CSR)
double A[N][N], B[N][N];

static double local_use(void) {
  double A[N][N];
  int i, j;
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) A[i][j] = i * j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) s += A[i][j];
  return s;
}

static double param_use(double A[N][N]) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) A[i][j] = i + j;
  return A[3][4];
}

int main(void) {
  int i, j, rows = (int)(sizeof A / sizeof A[0]), cols = (int)(sizeof A[0] / sizeof A[0][0]);
  double s = 0, D[N][N];
  for (i = 0; i < rows; i++) {
    A[i][(i + 2) % cols] = i + 1;
    B[i][i] = 1;
  }
  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++) s += A[i][j] * B[j][i] + A[i][j];
  {
    double A[N][N];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) A[i][j] = 1;
    s += A[5][5];
  }
  printf("%d %d %zu %g %g %g %g\n", rows, cols, sizeof A, s, local_use(), param_use(D),
         A[2][4]);
  return 0;
}
