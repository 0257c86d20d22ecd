// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: 'exp' of an absent entry is not zero); every position is visited
// EXPECT-REPORT: a sparse operand divided by a value that may be zero (0 / 0 is NaN in the dense program); divide by a non-zero constant, guard the update with 'divisor > 0', or multiply by a precomputed inverse); every position is visited
// EXPECT-ABSENT: double A[N][N];
// SPEC "the fine print" on a global array stored sparse: functions with
// f(0) != 0 and division by a value that may be zero see the absent
// entries (the nest visits every element, A walked by merge cursors),
// adding a non-zero scalar makes a dense result, stored NaN and Inf are
// values like any other and are kept.
#include <math.h>
#include <stdio.h>
#define N 12

#pragma sparse encoding(A : CSR)
double A[N][N];
double B[N][N], C[N][N];

int main(void) {
  for (int i = 0; i < N; i++) A[i][(i * 5) % N] = 1 + i;
  A[2][3] = NAN;
  A[5][1] = INFINITY;
  double x[N], q[N], y[N], s = 0;
  for (int i = 0; i < N; i++) x[i] = i + 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += exp(A[i][j] * 0.01) + cos(A[i][j]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) B[i][j] = A[i][j] + 1.5;
  for (int i = 0; i < N; i++) {
    q[i] = 0;
    for (int j = 0; j < N; j++) q[i] += A[i][j] / x[j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) C[i][j] = x[j] / (A[i][j] + 2);
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];
  }
  double b = 0, c = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (!isnan(B[i][j])) b += B[i][j], c += C[i][j];
  printf("%.10g %.10g %.10g\n", s, b, c);
  for (int i = 0; i < N; i++) printf("%g %g\n", q[i], y[i]);
  printf("%d %d %g\n", isnan(A[2][3]) != 0, isinf(A[5][1]) != 0, A[0][1]);
  return 0;
}
