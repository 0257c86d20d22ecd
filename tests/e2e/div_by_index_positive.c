// A sparse operand divided by a loop variable's expression that is never
// zero (`A[i][j] / (j + 1)` with j from 0, `(2 * i + 1)`, `(double)(j +
// i + 1)`, an integer `% (j + 1)`) is zero where the operand is absent:
// the loops walk the stored entries. `A[i][j] / j` (j may be 0: 0 / 0 is
// NaN in the dense program) stays as written, with the warning.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: w[i] += A[i][j] / (j + 1) + A[i][j] * 3.0 / (2 * i + 1);
// EXPECT-ABSENT: h[j] += (A[i][j] - 0.5 * A[i][j]) / (double)(j + i + 1);
// EXPECT-ABSENT: r[i] += B[i][j] % (j + 1) + B[i][j] / (i + 2);
// EXPECT-WARNING: a sparse operand divided by a value that may be zero
#include <stdio.h>

#define N 32

double A[N][N], w[N], h[N], q[N];
int B[N][N], r[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 3 + j * 5) % 7 == 0 ? 1.0 + 0.5 * i - 0.25 * j : 0.0;
      B[i][j] = (i + 2 * j) % 5 == 0 ? 3 * i - 2 * j + 7 : 0;
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      w[i] += A[i][j] / (j + 1) + A[i][j] * 3.0 / (2 * i + 1);
      h[j] += (A[i][j] - 0.5 * A[i][j]) / (double)(j + i + 1);
    }
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      r[i] += B[i][j] % (j + 1) + B[i][j] / (i + 2);
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      q[i] += A[i][j] / j;
  for (int i = 0; i < N; i++)
    printf("%.17g %.17g %d %g\n", w[i], h[i], r[i], q[i]);
  return 0;
}
