// Row pointers into the sparse array that are not followed, each with its
// reason: passed to a call (it escapes), assigned again in the nest,
// declared under an if. The nests stay as written; the output is the
// dense program's.
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: local pointer 'row' into sparse array 'A' passed to function 'first'
// EXPECT-WARNING: local pointer 'p' into sparse array 'A' is assigned again in the nest
// EXPECT-WARNING: local pointer 'q' into sparse array 'A' declared under an if
#include <stdio.h>
#define N 19

static double A[N][N], x[N], y[N];

static double first(const double *r) { return r[0]; }

int main(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i][j] = ((2 * i + j) % 5 == 0) ? 1.0 + 0.25 * ((i + j) % 3) : 0.0;
    x[i] = 0.5 * i - 3.0;
    y[i] = 0.0;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double *row = A[i];
    for (int j = 0; j < N; j++)
      y[i] += row[j] * x[j] + first(row);
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double *p = A[i];
    for (int j = 0; j < N; j++)
      y[i] += p[j] * x[j];
    p = A[0];
    y[i] += p[1];
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    if (i % 2) {
      double *q = A[i];
      for (int j = 0; j < N; j++)
        y[i] += q[j] * x[j];
    }
  }
  for (int i = 0; i < N; i++)
    printf("%d %.12g\n", i, y[i]);
  return 0;
}
