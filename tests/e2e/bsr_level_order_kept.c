// Kernels over BSR operands whose reordered iterations would not commute
// keep the walk row by row in the scalar output (docs/lowering.md
// "Blocked levels in level order"): a sum of every entry into one scalar
// (the program's order is row after row: +1e17 and -1e17 at the ends of
// each row around small terms, so block order would print differently),
// a sweep that reads elements other rows write (`y[i] += A[i][j] * y[j]`:
// each row reads the y[j] of the rows before it, as updated), and the
// scalar-accumulator idiom (a scalar declared in the row's body, which
// the walk would need once per row of a block).
// EXPECT-SPARSIFIED: 3
// EXPECT-NOT-REPORT: walked in level order
// EXPECT-ABSENT: s += A[i][j]
// EXPECT-ABSENT: y[i] += B[i][j] * y[j]
// EXPECT-ABSENT: acc += A[i][j] * x[j]
#include <stdio.h>

#define N 14
#define M 14

static double A[N][M], B[N][M], x[M], y[N], w[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double e = (i * 3 + j * 5) % 4 ? 0.0 : (double)((i + 2 * j) % 9 - 4) / 8.0;
      A[i][j] = B[i][j] = e;
    }
  for (int i = 0; i < N; i++) {
    A[i][0] = 1e17;
    A[i][M - 1] = -1e17;
    B[i][i] = 0.5;
  }
  for (int j = 0; j < M; j++) x[j] = 1.0;
  for (int i = 0; i < N; i++) y[i] = (double)(i % 3) - 1.0;

  double s = 0.25;
#pragma sparse novectorize
#pragma sparse encoding(A : BSR(2, 2))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j];

#pragma sparse novectorize
#pragma sparse encoding(B : BSR(2, 2))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += B[i][j] * y[j];

#pragma sparse novectorize
#pragma sparse encoding(A : BSR(2, 2))
  for (int i = 0; i < N; i++) {
    double acc = 0.0;
    for (int j = 0; j < M; j++)
      acc += A[i][j] * x[j];
    w[i] = acc;
  }

  printf("s: %.17g\n", s);
  for (int i = 0; i < N; i++) printf("%d: %.17g %.17g\n", i, y[i], w[i]);
  return 0;
}
