// A sparse array read in two sibling loops of one body: a row sum then a
// row scaling by its inverse (row normalization), and a row sum next to a
// row maximum. Each loop walks the stored entries; the second operand
// shares the first one's assembly. Every row has an entry (the product
// with an absent entry is 0 where the dense 0 * inf would be NaN).
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (int j = 0; j < M; j++) B[i][j] = A[i][j] * inv;
// EXPECT-ABSENT: for (int j = 0; j < M; j++) if (A[i][j] > mx[i]) mx[i] = A[i][j];
#include <stdio.h>

#define N 10
#define M 8

static double A[N][M], B[N][M], rs[N], mx[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i * 3 + j * 5) % 7 == 0 || j == i % M) A[i][j] = 1.0 + i - 0.75 * j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = -1;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < M; j++) s += A[i][j];
    double inv = 1.0 / s;
    for (int j = 0; j < M; j++) B[i][j] = A[i][j] * inv;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", B[i][j], j == M - 1 ? '\n' : ' ');
#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++) {
    rs[i] = 0;
    mx[i] = -1e30;
    for (int j = 0; j < M; j++) rs[i] += A[i][j];
    for (int j = 0; j < M; j++) if (A[i][j] > mx[i]) mx[i] = A[i][j];
  }
  for (int i = 0; i < N; i++) printf("%.10g %.10g\n", rs[i], mx[i]);
  return 0;
}
