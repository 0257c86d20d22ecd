// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: r[i] += DAMPING * A[i][j] * x[j];
// EXPECT-ABSENT: s += A[i][j] * 0.0 + B[i][j] * 0.0;
// EXPECT-REPORT: loop j: positions of A
// EXPECT-REPORT: loop j: union(A, B)
// A term switched off by a macro (`#define DAMPING 0`) or multiplied by a
// literal zero has no effect anywhere, not even where the operands are
// stored; the loops still walk the stored entries (an Inf or NaN entry
// times 0 is a NaN, as in the dense program) instead of emitting a merge
// over no operand at all (which did not compile).
#include <math.h>
#include <stdio.h>
#define N 12
#define M 14
#define DAMPING 0 /* 1: damp the update */
double A[N][M], B[N][M], x[M], r[N];

int main(void) {
  for (int j = 0; j < M; j++) x[j] = 0.5 * j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if ((i + 2 * j) % 5 == 0) A[i][j] = 0.15 * ((i * j) % 5) - 0.2;
      if ((i + j) % 4 == 0) B[i][j] = 1.5;
    }
  A[2][5] = INFINITY;
  B[3][1] = NAN;
  for (int i = 0; i < N; i++) r[i] = i;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      r[i] += DAMPING * A[i][j] * x[j];
  double s = 0;
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j] * 0.0 + B[i][j] * 0.0;
  for (int i = 0; i < N; i++) printf("%g ", r[i]);
  printf("\n%g\n", s);
  return 0;
}
