// A local accumulator declared without an initializer and assigned on the
// next statement, as C89-era code writes it: `double s; s = 0.0;` is
// `double s = 0.0;`. SpMV over CSR and a row sum over DCSR (whose init
// runs in a fill loop, the rows walked by position).
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (j = 0; j < M; j++) s += A[i][j] * x[j];
// EXPECT-ABSENT: for (j = 0; j < M; j++) t = t + A[i][j];
#include <stdio.h>

#define N 11
#define M 9

static double A[N][M], x[M], y[N], r[N];

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if ((i * 5 + j * 3) % 8 == 0) A[i][j] = 1.0 + i - 0.5 * j;
  for (j = 0; j < M; j++) x[j] = 0.5 + j;
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++) {
    double s;
    s = 0.0;
    for (j = 0; j < M; j++) s += A[i][j] * x[j];
    y[i] = s;
  }
#pragma sparse encoding(A : DCSR)
  for (i = 0; i < N; i++) {
    double t; /* the row's sum */
    t = 1.0;
    for (j = 0; j < M; j++) t = t + A[i][j];
    r[i] = t;
  }
  for (i = 0; i < N; i++) printf("%.12g %.12g\n", y[i], r[i]);
  return 0;
}
