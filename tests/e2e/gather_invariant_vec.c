// A gather invariant in the inner loop (`w[perm[i]]`, `c[perm[i]]` of
// float and int arrays) is read once per row: the inner loop over the
// stored entries still vectorizes, with the gathered value broadcast.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] += A[i][j] * x[j] * w[perm[i]];
// EXPECT-ABSENT: t[i] += A[i][j] * c[perm[i]] * x[j];
// EXPECT-REPORT: y(i) += A(i,j) * x(j) * w[perm(i)]
// EXPECT-VECTOR-REPORT: loop j: vectorized:
#include <stdio.h>
#define N 41

static double A[N][N], x[N], y[N], t[N];
static float w[N];
static int perm[N], c[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((i * 3 + j) % 4 == 0) ? 0.5 * (i % 7) + 0.25 * j : 0.0;
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 - 0.125 * i;
    w[i] = 0.5f * (float)(i % 9);
    perm[i] = (i * 17 + 5) % N;
    c[i] = i % 6 - 2;
    y[i] = t[i] = 0.0;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j] * w[perm[i]];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t[i] += A[i][j] * c[perm[i]] * x[j];
  for (int i = 0; i < N; i++)
    printf("%d %.12g %.12g\n", i, y[i], t[i]);
  return 0;
}
