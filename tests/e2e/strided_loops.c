// Loops stepping by a constant (`i += 2`, `i = i + S`, `j = 2 + j`) over
// dense and compressed levels: each is walked over its step count k with
// the source's variable i = lo + step * k (affine), so a dense level is
// indexed and a compressed one keeps the coordinates a whole number of
// steps from lo. Bounds inclusive or not, a first value other than 0, a
// triangular inner loop starting at the strided variable, the variable
// used as a value.
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: y[i] += A[i][j] * x[j] * i;
// EXPECT-ABSENT: z[c] += A[r][c] * (x[r] + c);
// EXPECT-ABSENT: t += A[i][j] * x[j];
// EXPECT-ABSENT: w[j] += A[i][j] * (double)(j - i);
// EXPECT-ABSENT: u += A[i][j] * x[i];
// EXPECT-REPORT: loop i: steps of 2 from 1 in the source: walked over its step count k, i = 1 + 2 * k
// EXPECT-REPORT: loop r: steps of 3 from 0 in the source
// EXPECT-REPORT: loop c: steps of 2 from 0 in the source
// EXPECT-REPORT: forall(i) forall(j) y(2 * i + 1) += A(2 * i + 1,j) * x(j) * (1 + 2 * i)
// EXPECT-REPORT: loop c: positions of A
#include <stdio.h>
#define N 47
#define S 3

static double A[N][N], x[N], y[N], z[N], w[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i][j] = ((i * 7 + j * 5) % 6 == 0) ? 0.5 * (i % 5) - 0.25 * (j % 3) + 1.0 : 0.0;
    x[i] = 0.125 * i - 1.5;
    y[i] = z[i] = w[i] = 0.0;
  }
  int i, j;
  double t = 0.0, u = 0.0;
#pragma sparse encoding(A : CSR)
  for (i = 1; i < N; i += 2)
    for (j = 0; j < N; j++)
      y[i] += A[i][j] * x[j] * i;
#pragma sparse encoding(A : DCSR)
  for (int r = 0; r <= N - 1; r = r + S)
    for (int c = 0; c < N; c = 2 + c)
      z[c] += A[r][c] * (x[r] + c);
#pragma sparse encoding(A : CSR)
  for (int i = 5; i <= N - 3; i += 4)
    for (int j = 0; j < N; j++)
      t += A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i += 2)
    for (int j = i; j < N; j++)
      w[j] += A[i][j] * (double)(j - i);
#pragma sparse encoding(A : DCSR)
  for (int i = 3; i < N - 1; i += 5)
    for (int j = 0; j < N; j++)
      u += A[i][j] * x[i];
  for (i = 0; i < N; i++)
    printf("%d %.12g %.12g %.12g\n", i, y[i], z[i], w[i]);
  printf("%.12g %.12g\n", t, u);
  return 0;
}
