// Element updates outside kernels whose right-hand side has another type
// than the element: C computes `E op v` in the common type, then converts
// to the element's type (`int *= 1.5` gives 7 from 5, not 5; `float *=
// 0.1` rounds the double product once; `short /= 70000` divides by
// 70000, not by its truncation). sparsecc reads the element, computes the
// expression as written, and stores the result; updates in the element's
// own type keep the runtime's in-place update.
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) s += A(i,j) * (i + j + 1)
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += A[i][j] * (i + j + 1);
// EXPECT-ABSENT: for (int j = 0; j < N; j++) f += F[i][j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) h += H[i][j];
#include <stdio.h>

#define N 6

#pragma sparse encoding(A : CSR)
int A[N][N];
#pragma sparse encoding(F : CSR)
float F[N][N];
#pragma sparse encoding(H : CSR)
short H[N][N];

int main(void) {
  A[1][2] = 5; A[2][3] = -5; A[0][0] = 3; A[4][4] = 9;
  A[1][2] *= 1.5;
  A[2][3] += 0.5;
  A[0][0] /= 0.5;
  A[4][4] += 2;          /* the element's own type: an in-place update */
  A[5][1] -= 2.75;       /* absent: 0 - 2.75 truncates to -2 */
  long double q = 3.0L;
  A[3][3] = 7;
  A[3][3] *= q / 2;
  int k = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] += (i == j && i % 2 == 1) ? k++ : 0;
  int s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i + j + 1);

  for (int i = 0; i < N; i++) F[i][(i * 5) % N] = 0.7f + (float)i / 3.0f;
  for (int i = 0; i < N; i++) F[i][(i * 5) % N] *= 0.1;
  F[2][2] /= 3.0;
  float f = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) f += F[i][j];

  H[1][1] = 30000; H[2][5] = -1234;
  H[1][1] /= 70000;      /* 0 in C; 30000 / (short)70000 = 6 */
  H[2][5] /= 70000L;
  H[3][3] = 100;
  H[3][3] *= 700;        /* int product 70000, truncated to short */
  int h = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) h += H[i][j];

  printf("%d %d %d %d %d %d\n", s, A[1][2], A[2][3], A[0][0], A[5][1], A[3][3]);
  printf("%.9g %a\n", f, F[2][2]);
  printf("%d %d %d %d\n", h, H[1][1], H[2][5], H[3][3]);
  return 0;
}
