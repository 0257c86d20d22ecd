// A slice view mixed with a sparse operand that is not sliced: SpAdd
// C = A[3 + i][2 * j] + B (a union merge: A's stored coordinates off the
// stride are stepped over, not taken as entries), an element-wise product
// with a COO view (an intersection), and a sliced DCSR operand in a SpMV
// next to a sparse vector.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: C[i][j] = A[3 + i][2 * j] + B[i][j];
// EXPECT-ABSENT: D[i][j] = A[3 + i][1 + j] * B[i][j];
// EXPECT-ABSENT: w[i] += A[1 + i][2 + j] * v[j];
// EXPECT-REPORT: loop j: union(A, B)
// EXPECT-REPORT: loop j: intersection(A, B)
// EXPECT-REPORT: loop j: intersection(A, v)
// EXPECT-REPORT: A: walked as a slice view: A[i + 3][2 * j] of slice(3, 6, 1), slice(0, 5, 2)
#include <stdio.h>

static unsigned long long lcg_state = 99;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 12
#define M 10

static double A[N][M], B[6][5], C[6][5], D[6][5];

int main(void) {
  double v[8], w[9];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = lcg() > 0.5 ? lcg() : 0.0;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 5; j++)
      B[i][j] = lcg() > 1.0 ? lcg() : 0.0;
  for (int j = 0; j < 8; j++) v[j] = j % 3 == 1 ? lcg() : 0.0;

#pragma sparse encoding(A : (i : slice(3, 6, 1), j : slice(0, 5, 2)) -> (i : compressed, j : compressed), B : CSR)
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 5; j++)
      C[i][j] = A[3 + i][2 * j] + B[i][j];

#pragma sparse encoding(A : (i : slice(3, 6, 1), j : slice(1, 5, 1)) -> (i : compressed(nonunique), j : singleton), B : CSR)
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 5; j++)
      D[i][j] = A[3 + i][1 + j] * B[i][j];

#pragma sparse encoding(A : (i : slice(1, 9, 1), j : slice(2, 8, 1)) -> (i : compressed, j : compressed), v : SparseVector)
  for (int i = 0; i < 9; i++) {
    w[i] = 0.0;
    for (int j = 0; j < 8; j++)
      w[i] += A[1 + i][2 + j] * v[j];
  }

  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 5; j++)
      printf("%.12g %.12g\n", C[i][j], D[i][j]);
  for (int i = 0; i < 9; i++) printf("%.12g\n", w[i]);
  return 0;
}
