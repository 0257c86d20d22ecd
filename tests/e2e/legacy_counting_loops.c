// Loops written as legacy code counts: a header assigning a second
// variable (`for (i = 0, j = 0; ...)`, `for (i = 0, s = 0; ...)`) on the
// nest's outermost loop, whose other assignments run once before the
// kernel, and an inner `while` written as a counting loop (`j = 0; while
// (j < n) { ...; j++; }`, also `j += 1` and a triangular bound), read as
// the for loop it is, its variable left at the same value after it.
// Kept as written, with the reason: a counting while whose body leaves
// early (`break`) and a while that is no counting loop. A second
// assignment in the header of an inner loop runs once per outer
// iteration: that nest is not a kernel whole, its inner loop is (the
// assignment before its loops).
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: z[i] += A[i][j] * x[j];
// EXPECT-ABSENT: s += A[i][j] * A[i][j];
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: w[i] -= 2.0 * A[i][j];
// EXPECT-ABSENT: t += A[i][j] * x[i];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) y(i) += A(i,j) * x(j)
// EXPECT-WARNING: loop not sparsified: 'break;' in the body of the counting while loop over 'j'
// EXPECT-WARNING: loop not sparsified: while loop in the nest (only a counting loop
// EXPECT-REPORT: loop nest split: the header of an inner loop assigns other variables beside 'j' ('j = 0, k = 1')
// EXPECT-REPORT: kernel sparsified: forall(j) v((i)) += A((i),j) * k
#include <stdio.h>
#define N 19

#pragma sparse encoding(A : CSR)
static double A[N][N];

int main(void) {
  static double x[N], y[N], z[N], w[N], u[N], v[N];
  double s = 5, t = 0;
  int i, j, k;
  for (i = 0; i < N; i++) {
    A[i][(i * 7 + 2) % N] = 1.0 + i % 4;
    if (i % 3 != 1) A[i][i] = -1.5;
    x[i] = 0.125 * (i % 6) - 0.25;
  }

  for (i = 0, j = 0; i < N; i++)
    for (j = 0; j < N; j++)
      z[i] += A[i][j] * x[j];

  for (i = 0, s = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j] * A[i][j];
  printf("header %.6f %.6f %d %d\n", z[3] + z[N - 1], s, i, j);

  for (i = 0; i < N; i++) {
    j = 0;
    while (j < N) {
      y[i] += A[i][j] * x[j];
      j++;
    }
  }
  printf("while %.6f %.6f %d %d\n", y[0], y[N - 2], i, j);

  for (i = 0; i < N; i++) {
    j = 0;
    /* the lower triangle */
    while (j <= i) {
      w[i] -= 2.0 * A[i][j];
      j += 1;
    }
  }
  printf("triangle %.6f %.6f %d\n", w[5], w[N - 1], j);

  for (i = 0; i < N; i++) {
    j = i;
    while (j < N) {
      t += A[i][j] * x[i];
      ++j;
    }
  }
  printf("upper %.6f %d\n", t, j);

  /* kept as written */
  for (i = 0; i < N; i++) {
    j = 0;
    while (j < N) {
      if (A[i][j] < 0) break;
      u[i] += A[i][j];
      j++;
    }
  }
  for (i = 0; i < N; i++) {
    j = 0;
    while (j < N && A[i][j] == 0)
      j++;
    v[i] = j < N ? A[i][j] : -1;
  }
  for (i = 0; i < N; i++)
    for (j = 0, k = 1; j < N; j++)
      v[i] += A[i][j] * k;
  double su = 0, sv = 0;
  for (i = 0; i < N; i++) {
    su += u[i] * (i + 1);
    sv += v[i] * (i + 1);
  }
  printf("kept %.6f %.6f %d\n", su, sv, k);
  return 0;
}
