// A symmetry check sums |A[i][j] - A[j][i]|, and a symmetric part
// multiplies (A[i][j] + A[j][i]) by x[j]: unions of A and its transpose,
// with the pragma on the nest (A dense outside). The transposed access is
// assembled a second time, in the loops' order (A_1), and the loops walk
// the union of both; inside a repeated loop the two assemblies are made
// once, at the nest's entry. A product with the transpose reads the dense
// array at the stored entries of A, as before (no second assembly).
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: union(A, A_1)
// EXPECT-REPORT: A: an access in another loop order reads its dense array
// EXPECT-ABSENT: asym += fabs(A[i][j] - A[j][i]);
// EXPECT-ABSENT: y[i] += (A[i][j] + A[j][i]) * x[j];
// EXPECT-ABSENT: sym += A[i][j] * A[j][i];
#include <math.h>
#include <stdio.h>

#define N 36

double A[N][N], x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 0.25 * i - 3.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 2 + j * 3) % 7 == 0 ? 1.0 + 0.5 * i - 0.25 * j : 0.0;
  }
  double asym = 0, sym = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      asym += fabs(A[i][j] - A[j][i]);
#pragma sparse encoding(A : CSR)
  for (int rep = 0; rep < 3; rep++) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += (A[i][j] + A[j][i]) * x[j];
    for (int i = 0; i < N; i++)
      x[i] = 0.5 * x[i] + 0.01 * y[i];
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sym += A[i][j] * A[j][i];
  printf("%.17g %.17g\n", asym, sym);
  for (int i = 0; i < N; i++)
    printf("%.17g\n", y[i]);
  return 0;
}
