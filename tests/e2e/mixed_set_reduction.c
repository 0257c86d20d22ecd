// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-ABSENT: t += P[i][j] * Q[i][j];
// EXPECT-ABSENT: y[i] += A[i][j];
// EXPECT-REPORT: loop j: positions of A (after a fill loop for `=`)
// EXPECT-REPORT: loop j: union(P, Q) (after a fill loop for `=`)
// EXPECT-REPORT: 'u += C[i][j] + 1.0' reads no sparse operand, so it runs at every position); every position is visited
// EXPECT-REPORT: 'B[i][j] = w * A[i][j]' has an effect there); every position is visited
// One loop body with a plain `=` that reads a sparse operand and a
// reduction: a fill loop writes the `=` where the operands are absent,
// then one sparse loop runs the whole body, in order, at the stored
// entries (the union of the points of the `=` and of the reduction).
// Two bodies visit every position (A walked by merge cursors): a
// reduction that reads what the `=` writes, and an `=` that reads the
// running sum.
#include <stdio.h>
#define N 11
#pragma sparse encoding(A : CSR)
double A[N][N];
double B[N][N], C[N][N], x[N], y[N], P[N][N], Q[N][N];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + i % 4;
    if (i == 6) continue;
    A[i][(2 * i) % N] = i + 0.5;
    if (i % 3) A[i][(i + 4) % N] = -1.0;
    P[i][(3 * i + 1) % N] = 0.25 * i;
    Q[i][(3 * i + 1) % N] = 2.0;
    Q[i][(5 * i) % N] = -3.0;
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      B[i][j] = 2.0 * A[i][j];
      s += A[i][j] * x[j];
    }
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) {
      C[i][j] = A[i][j] * x[j];
      y[i] += A[i][j];
    }
  }
  double t = 0;
#pragma sparse encoding(P : CSR, Q : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      B[i][j] = P[i][j] - Q[i][j];
      t += P[i][j] * Q[i][j];
    }
  printf("%.17g %.17g\n", s, t);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) printf("%g %g ", B[i][j], C[i][j]);
    printf("%g\n", y[i]);
  }
  /* every position: the reduction reads the `=` target, then the `=` reads
   * the running sum */
  double u = 0, w = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = A[i][j] * 3.0;
      u += C[i][j] + 1.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      B[i][j] = w * A[i][j];
      w += A[i][j];
    }
  printf("%.17g %.17g\n", u, w);
  for (int i = 0; i < N; i++) printf("%g %g\n", B[i][N - 1 - i], C[i][i]);
  return 0;
}
