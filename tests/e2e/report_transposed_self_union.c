// A symmetry check sums |A[i][j] - A[j][i]|: a union of A and its
// transpose. With the pragma on the nest, A's dense array is assembled
// once, in the loops' order, and the transposed access reads the dense
// array: it is not absent where A[i][j] is, so the nest stays as written.
// The warning names that access, not the call around it (fabs(0) is 0).
// The same sum over a copy of A under another name is a union walk of A
// and the copy converted to the loops' order.
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: 'A[j][i]' is read in another loop order from the dense array, not walked, so it is not absent where the walked access of 'A' is
// EXPECT-REPORT: union(A, B)
// EXPECT-ABSENT: asym2 += fabs(A[i][j] - B[j][i]);
#include <math.h>
#include <stdio.h>

#define N 36

double A[N][N], B[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 2 + j * 3) % 7 == 0 ? 1.0 + 0.5 * i - 0.25 * j : 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = A[i][j];
  double asym = 0, asym2 = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      asym += fabs(A[i][j] - A[j][i]);
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      asym2 += fabs(A[i][j] - B[j][i]);
  printf("%.17g %.17g\n", asym, asym2);
  return 0;
}
