// EXPECT-SPARSIFIED: 3
// EXPECT-WARNING: it is written row by row (its columns follow the inner loop over 'j', its rows the outer loop over 'i'), so its columns cannot be appended one after another; a row-major encoding of C (CSR: its first level over the outer loop's 'i') is appended in this order
// EXPECT-REPORT: kernel sparsified: forall(j) forall(i) C(i,j) = A(i,j) + B(i,j)
// EXPECT-ABSENT: for (int j = 0; j < N; j++) for (int i = 0; i < N; i++) C[i][j] = A[i][j] + B[i][j];
// A sparse output in a column-major encoding (C : CSC) written by row
// loops (i outer, j inner) cannot be appended: its writes stay buffered
// inserts, with a note saying which encoding is appended in that order.
// The note used to name CSC, the encoding C already has; it names CSR
// now. The same sum written with the column loop outermost is a kernel
// (C appended column by column), and the sums read back are kernels.
#include <stdio.h>
#define N 26

int main(void) {
#pragma sparse encoding(A : CSR, B : CSR, C : CSC)
  static double A[N][N], B[N][N], C[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * 3 + j) % 8 == 0) ? i + 0.5 : 0.0;
      B[i][j] = ((i + j * 5) % 8 == 0) ? -(i + 0.5) : 0.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] - 2.0 * B[i][j];
  double t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t += C[i][j] * (i * N + j);
  printf("%.12g\n", t);
  for (int j = 0; j < N; j++) for (int i = 0; i < N; i++) C[i][j] = A[i][j] + B[i][j];
  t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t += C[i][j] * (i - 2 * j);
  printf("%.12g\n", t);
  return 0;
}
