// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: for (j = N - 1; j >= 0; j--) y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: for (j = i; j > -1; --j) t += A[i][j] * (j + 1);
// EXPECT-ABSENT: s += B[i][j];
// EXPECT-ABSENT: w -= A[i][j] * A[i][j];
// EXPECT-ABSENT: z[i] -= A[i][j] * z[j];
// EXPECT-WARNING: loop counting down over 'k' whose final value is used after the nest
// Loops counting down (i--, --j, i -= 1, i = i - 1; bounds i >= lo, i > lo,
// lo <= i) are walked upwards when their order does not matter; a loop
// whose order matters (back substitution) stays a loop counting down, its
// inner loop walking the row; one whose variable is read after the nest
// stays as written.
#include <stdio.h>

#define N 22

int main(void) {
  static double A[N][N], B[N][N];
  double x[N], y[N], z[N], t = 0, s = 0, w = 0;
  int i, j, k;
  for (i = 0; i < N; i++) {
    A[i][(i * 9) % N] = i * 0.5;
    A[i][i] = 1;
    B[i][(i * 5 + 1) % N] = i - 3;
    x[i] = i;
  }
#pragma sparse encoding(A : CSR)
  for (i = N - 1; i >= 0; i--) {
    y[i] = 0;
    for (j = N - 1; j >= 0; j--) y[i] += A[i][j] * x[j];
  }
#pragma sparse encoding(A : DCSR)
  for (i = N - 1; 0 <= i; i -= 1)
    for (j = i; j > -1; --j) t += A[i][j] * (j + 1);
#pragma sparse encoding(B : CSR)
  for (i = N - 2; i > 1; i = i - 1)
    for (j = 0; j < N; j++) s += B[i][j];
#pragma sparse encoding(A : CSR)
  for (i = N - 1; i >= 0; i--)
    for (j = N - 1; j >= 0; j--) w -= A[i][j] * A[i][j];
  /* back substitution with the strictly upper part of A: order matters */
  for (i = 0; i < N; i++) z[i] = 1 + i % 3;
#pragma sparse encoding(A : CSR)
  for (i = N - 2; i >= 0; i--)
    for (j = i + 1; j < N; j++) z[i] -= A[i][j] * z[j];
  /* k is read after the nest */
  double u = 0;
#pragma sparse encoding(B : CSR)
  for (k = N - 1; k >= 3; k--)
    for (j = 0; j < N; j++) u += B[k][j] * k;
  for (i = 0; i < N; i++) printf("%g %g\n", y[i], z[i]);
  printf("%g %g %g %g %d\n", t, s, w, u, k);
  return 0;
}
